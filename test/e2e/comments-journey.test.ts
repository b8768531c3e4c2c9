import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

const { page, app, context, poll, toast, dialogButton } = useJourney({ poll: { timeout: 15_000 } });
const items = () => page.getByTestId('comment-item');
/** The comment whose own text (not its replies') is `text`. */
const comment = (text: string): Locator =>
  items().filter({ has: page.locator(':scope > .comment__main > .comment__content', { hasText: text }) });
const timeOf = (item: Locator) => item.locator(':scope > .comment__main .time-label').textContent();
const heading = () => page.getByTestId('comment-heading').textContent();
const likeCount = async () => Number(await page.getByTestId('video-like').locator('.count').textContent());

async function openPlay(mediaKey: string): Promise<void> {
  await page.goto(`${app.url}/play/${mediaKey}`);
  await page.getByTestId('comment-section').waitFor({ timeout: 30_000 });
}

async function send(text: string): Promise<void> {
  await page.getByTestId('comment-input').fill(text);
  await page.getByTestId('comment-send').click();
}

beforeAll(async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
});

describe('comments, replies and the video\'s actions', () => {
  it('a visitor sees movie-03\'s seeded comments newest first with their time labels, likes and replies', async () => {
    await openPlay('movie-03');
    await poll(() => items().count()).toBe(4);
    expect(await heading()).toBe('评论 8');
    expect(await timeOf(comment('这部片子的配乐太好听了！'))).toBe('刚刚');
    expect(await timeOf(comment('老城区的故事总是让人感动'))).toBe('5小时前');
    expect(await timeOf(comment('三代人的戏份都很扎实'))).toBe('2天前');
    expect(await timeOf(comment('第二遍看了，还是被结尾打动。'))).toMatch(/^(\d{4}-)?\d{2}-\d{2}$/);
    const busy = comment('三代人的戏份都很扎实');
    expect(await busy.getByTestId('comment-like').first().textContent()).toBe('3');
    expect(await busy.getByTestId('comment-reply').count()).toBe(2);
    await busy.getByRole('button', { name: '查看全部3条回复' }).click();
    await poll(() => busy.getByTestId('comment-reply').count()).toBe(3);
    expect(await busy.getByTestId('comment-reply').last().textContent()).toContain('已经二刷了');
  });

  it('movie-08 has its own comments', async () => {
    await openPlay('movie-08');
    await poll(() => items().count()).toBe(3);
    expect(await timeOf(comment('毕业前夜那场戏太真实了哈哈哈'))).toBe('刚刚');
    expect(await timeOf(comment('适合和老同学一起看的喜剧。'))).toBe('9小时前');
  });

  it('a visitor\'s tap on the comment box goes to /login and the login comes back to the video', async () => {
    await openPlay('movie-03');
    await page.getByTestId('comment-input').click();
    await page.waitForURL(new RegExp(`/login\\?redirect=${encodeURIComponent('/play/movie-03')}$`));
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await page.waitForURL(/\/play\/movie-03$/);
    await poll(() => items().count()).toBe(4);
  });

  it('a logged-in user\'s comment shows at once, first, and stays after a reload', async () => {
    await send('第一次来评论，支持一下');
    await poll(() => items().first().locator('.comment__content').first().textContent()).toBe('第一次来评论，支持一下');
    await poll(heading).toBe('评论 9');
    expect(await page.getByTestId('comment-input').inputValue()).toBe('');
    await poll(() => timeOf(items().first())).toBe('刚刚');
    await page.reload();
    await poll(() => items().count()).toBe(5);
    expect(await items().first().locator('.comment__content').first().textContent()).toBe('第一次来评论，支持一下');
    expect(await heading()).toBe('评论 9');
  });

  it('likes another\'s comment (the count rises and stays)', async () => {
    const target = comment('老城区的故事总是让人感动');
    const like = target.getByTestId('comment-like').first();
    expect(await like.textContent()).toBe('1');
    // Shown at once; reloaded once the server has it (a reload sooner keeps it too, but may list the comments first).
    await Promise.all([page.waitForResponse((response) => response.url().includes('/api/Video/ReplyLike')), like.click()]);
    await poll(() => like.textContent()).toBe('2');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await poll(() => comment('老城区的故事总是让人感动').getByTestId('comment-like').first().textContent()).toBe('2');
  });

  it('replies to another\'s comment: 回复 @nick, the reply shows under it and the counts rise', async () => {
    // The server takes one comment per user every 3 s.
    await page.waitForTimeout(3_000);
    const target = comment('这部片子的配乐太好听了！');
    expect(await target.getByTestId('comment-reply').count()).toBe(1);
    await target.getByTestId('comment-reply-button').first().click();
    expect(await page.getByTestId('comment-input').getAttribute('placeholder')).toBe('回复 @小遇');
    await send('我也单曲循环了');
    await poll(() => target.getByTestId('comment-reply').count()).toBe(2);
    expect(await target.getByTestId('comment-reply').last().textContent()).toContain('我也单曲循环了');
    await poll(heading).toBe('评论 10');
    await page.reload();
    await poll(() => comment('这部片子的配乐太好听了！').getByTestId('comment-reply').count()).toBe(2);
    expect(await heading()).toBe('评论 10');
  });

  it('deletes their own comment after confirming; others\' comments have no 删除', async () => {
    const mine = comment('第一次来评论，支持一下');
    expect(await comment('老城区的故事总是让人感动').getByTestId('comment-delete').count()).toBe(0);
    await mine.getByTestId('comment-delete').first().click();
    await dialogButton('确定').click();
    await poll(() => mine.count()).toBe(0);
    await poll(heading).toBe('评论 9');
    await page.reload();
    await poll(() => items().count()).toBe(4);
    expect(await comment('第一次来评论，支持一下').count()).toBe(0);
  });

  it('a comment sent just before the page reloads is not lost: it goes on after the page has gone', async () => {
    // The server takes one comment per user every 3 s.
    await page.waitForTimeout(3_000);
    // The network is slow: the comment is still on its way when the page reloads (tapped, then pulled to refresh).
    let held = 0;
    await page.route('**/api/Video/Replys**', async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await send('刚发就刷新了，评论还在吗');
    await poll(() => held).toBe(1);
    await page.reload();
    await page.unroute('**/api/Video/Replys**');
    // Stored after all: the next visit shows it.
    await poll(async () => {
      await page.reload();
      await page.getByTestId('comment-section').waitFor();
      await poll(() => items().count()).toBeGreaterThan(0);
      return comment('刚发就刷新了，评论还在吗').count();
    }).toBe(1);
  });

  it('likes movie-08 (count +1), then again (−1)', async () => {
    await openPlay('movie-08');
    const like = page.getByTestId('video-like');
    await poll(() => like.locator('.count').textContent()).toBe('1');
    const before = await likeCount();
    await Promise.all([page.waitForResponse((response) => response.url().includes('/api/Video/VideoLikes')), like.click()]);
    await poll(likeCount).toBe(before + 1);
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await poll(likeCount).toBe(before + 1);
    await page.getByTestId('video-like').click();
    await poll(likeCount).toBe(before);
    expect(await page.getByTestId('video-like').getAttribute('aria-pressed')).toBe('false');
  });

  it('collects movie-08 (收藏 → 已收藏) and /myCollection lists it', async () => {
    const collect = page.getByTestId('video-collect');
    await poll(() => collect.textContent()).toBe('收藏');
    await collect.click();
    await poll(() => collect.textContent()).toBe('已收藏');
    await page.goto(`${app.url}/myCollection`);
    await poll(() => page.getByTestId('video-card').allTextContents()).toEqual([expect.stringContaining('青春派对')]);
  });

  it('shares movie-08: 链接已复制 and the clipboard holds the play page\'s link', async () => {
    await openPlay('movie-08');
    await page.getByTestId('video-share').click();
    await poll(() => toast().textContent()).toBe('链接已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/play/movie-08`);
  });

  it('follows the uploader of a short video (关注 → 已关注)', async () => {
    await openPlay('games-02');
    const uploader = page.getByTestId('video-uploader');
    await uploader.waitFor({ timeout: 15_000 });
    expect(await uploader.textContent()).toMatch(/小鱼影视|老周玩游戏/);
    const follow = uploader.getByTestId('follow-button');
    await poll(() => follow.textContent()).toBe('关注');
    await follow.click();
    await poll(() => follow.textContent()).toBe('已关注');
    await page.reload();
    await poll(() => page.getByTestId('video-uploader').getByTestId('follow-button').textContent()).toBe('已关注');
  });
});
