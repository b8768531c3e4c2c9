// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { ContainerProvider } from '../../../src/ui/app/container-context.tsx';
import { bindUi } from '../../../src/ui/app/ui-bindings.ts';
import { CommentSection, VideoActions } from '../../../src/ui/video-social/video-social-slots.tsx';
import { installFakeVideoSocialApi, type FakeVideoSocialApi } from '../../../adapters/http/fake-video-social-api.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const HOUR = 3600_000;
let root: Root | null = null;
let host: HTMLElement;

async function render(node: React.ReactNode, options: { loggedIn?: boolean; seed?: (api: FakeVideoSocialApi, now: number) => void } = {}) {
  const { container, world } = createHeadlessCore({ path: '/play/movie-03' });
  bindUi(container);
  const api = installFakeVideoSocialApi(world.http, 0);
  if (options.loggedIn !== false) {
    const outcome = await container.get(SessionService).register({ userName: 'vs_user', nickName: '我', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
    api.me = container.get(UserSession).user()?.id ?? 0;
  }
  options.seed?.(api, world.clock.now());
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<ContainerProvider container={container}>{node}</ContainerProvider>));
  await settle();
  return { world, api };
}

/** Lets the fake calls answer and React apply what changed. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

const q = (id: string) => host.querySelector(`[data-testid="${id}"]`);
const all = (id: string) => [...host.querySelectorAll(`[data-testid="${id}"]`)];
const click = async (element: Element | null | undefined) => {
  if (!element) throw new Error('nothing to click');
  await act(async () => (element as HTMLElement).click());
  await settle();
};

/** Types into the comment box as a person would (React reads the native input event). */
async function type(text: string): Promise<void> {
  const input = q('comment-input') as HTMLTextAreaElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function seedThread(api: FakeVideoSocialApi, now: number): void {
  const root1 = api.add({ content: '配乐太好听了', uid: 7, nickName: '小遇', time: now - 10 * 60_000, likes: new Set([3, 4]) });
  api.add({ content: '同感', uid: 8, nickName: '小鱼', parentId: root1.id, time: now - 5 * 60_000 });
  const root2 = api.add({ content: '三代人的戏份', uid: 8, nickName: '小鱼', time: now - 50 * HOUR });
  for (let n = 1; n <= 3; n += 1) api.add({ content: `回复${n}`, uid: 7, nickName: '小遇', parentId: root2.id, time: now - (40 - n) * HOUR });
  api.add({ content: '很久以前', uid: 7, nickName: '小遇', time: now - 20 * 24 * HOUR });
}

describe('CommentSection', () => {
  it('shows 评论 N, each comment with its time label, like count and first replies, and 查看全部N条回复 loading the rest', async () => {
    await render(<CommentSection mediaKey="movie-03" videoType="movie" />, { loggedIn: false, seed: seedThread });
    expect(q('comment-heading')?.textContent).toBe('评论 7');
    const items = all('comment-item');
    expect(items.map((item) => item.querySelector('.comment__content')?.textContent)).toEqual(['配乐太好听了', '三代人的戏份', '很久以前']);
    expect(items.map((item) => item.querySelector('.time-label')?.textContent)).toEqual(['刚刚', '2天前', expect.stringMatching(/^\d{2}-\d{2}$|^\d{4}-\d{2}-\d{2}$/)]);
    expect(items[0]?.querySelector('[data-testid="comment-like"]')?.textContent).toBe('2');
    expect(items[1]?.querySelectorAll('[data-testid="comment-reply"]').length).toBe(2);
    expect(q('comment-all-replies')?.textContent).toBe('查看全部3条回复');
    await click(q('comment-all-replies'));
    expect(all('comment-item')[1]?.querySelectorAll('[data-testid="comment-reply"]').length).toBe(3);
    expect(q('comment-all-replies')).toBeNull();
    expect(q('list-footer')?.textContent).toBe('没有更多了哦~');
    expect(all('comment-delete')).toEqual([]);
  });

  it('a visitor\'s tap on the box goes to /login with the way back', async () => {
    const { world } = await render(<CommentSection mediaKey="movie-03" />, { loggedIn: false, seed: seedThread });
    world.navigator.replace('/play/movie-03', {});
    await click(q('comment-input'));
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-03' } });
  });

  it('posting shows the comment first; 回复 opens the box as 回复 @nick; 删除 shows on one\'s own', async () => {
    const { api } = await render(<CommentSection mediaKey="movie-03" />, { seed: seedThread });
    await type('我的新评论');
    await click(q('comment-send'));
    expect(all('comment-item')[0]?.querySelector('.comment__content')?.textContent).toBe('我的新评论');
    expect(all('comment-item')[0]?.querySelector('[data-testid="comment-delete"]')).not.toBeNull();
    expect(q('comment-heading')?.textContent).toBe('评论 8');
    expect((q('comment-input') as HTMLTextAreaElement).value).toBe('');
    expect(api.comments.some((c) => c.content === '我的新评论')).toBe(true);

    await click(all('comment-item')[1]?.querySelector('[data-testid="comment-reply-button"]'));
    expect((q('comment-input') as HTMLTextAreaElement).placeholder).toBe('回复 @小遇');

    // A refused post takes the comment back and gives the text back.
    api.failWith = { path: '/api/video/replys', ret: 8062, msg: '评论太频繁，请稍后再试' };
    await type('太快了');
    await click(q('comment-send'));
    expect((q('comment-input') as HTMLTextAreaElement).value).toBe('太快了');
    expect(q('comment-heading')?.textContent).toBe('评论 8');
  });
});

describe('VideoActions', () => {
  it('shows the score, the like count, 收藏 → 已收藏, and the uploader with 关注', async () => {
    const { api } = await render(<VideoActions mediaKey="movie-03" title="南城旧事" uploader={{ uid: 77, nickName: '老周玩游戏', avatar: '' }} />, {
      seed: (fake) => {
        fake.likes.add(5);
        [4, 5, 4].forEach((stars, index) => fake.ratings.set(100 + index, stars));
      },
    });
    expect(q('video-score')?.textContent).toBe('8.7');
    expect(host.querySelector('.video-rating__count')?.textContent).toBe('3人评分');
    expect(q('video-like')?.querySelector('.count')?.textContent).toBe('1');
    await click(q('video-like'));
    expect(q('video-like')?.querySelector('.count')?.textContent).toBe('2');
    expect(q('video-like')?.getAttribute('aria-pressed')).toBe('true');
    expect(q('video-collect')?.textContent).toBe('收藏');
    await click(q('video-collect'));
    expect(q('video-collect')?.textContent).toBe('已收藏');
    expect(api.collected).toBe(true);
    expect(q('video-uploader')?.textContent).toContain('老周玩游戏');
    expect(q('follow-button')?.textContent).toBe('关注');
  });

  it('nobody rated: 暂无评分 and no count beside it', async () => {
    await render(<VideoActions mediaKey="movie-03" title="南城旧事" uploader={null} />);
    expect(q('video-score')?.textContent).toBe('暂无评分');
    expect(host.querySelector('.video-rating__count')).toBeNull();
  });

  it('no uploader, no follow button', async () => {
    await render(<VideoActions mediaKey="movie-03" title="南城旧事" uploader={null} />);
    expect(q('video-uploader')).toBeNull();
  });
});
