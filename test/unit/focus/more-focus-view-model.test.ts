import { describe, expect, it } from 'vitest';
import { installFakeFocusApi } from '../../../adapters/http/fake-focus-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { FocusService } from '../../../src/core/focus/focus-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import type { WireVideo } from '../../../src/core/shared-kernel/video-wire.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { MoreFocusViewModel } from '../../../src/ui/focus/more-focus-view-model.ts';

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

const video = (n: number, uid: number): WireVideo => ({
  mediaKey: `life-0${n}`, title: `视频${n}`, category: 'life', subId: 1, cover: '/c.jpg', poster: '/p.jpg', duration: 60, playCount: 10, score: 8, year: 2024, area: '', tags: [], description: '',
  updatedAt: 1_000 * n, uploader: { uid, nickName: '小鱼影视', avatar: '' },
});

function setup() {
  const { container, world } = createHeadlessCore({ path: '/moreFocus', withFakeApi: false });
  const api = installFakeFocusApi(world.http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
  const session = container.get(UserSession);
  const logIn = () => {
    const user = parseUser({ id: 7, nickName: '小遇', token: { uid: 7, token: 'tok', expire: 9_999_999_999, sign: 'ab' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  };
  const vm = new MoreFocusViewModel(new FocusService(container.get(ApiClient)), world.navigator, new SessionModel(session));
  return { world, api, vm, logIn };
}

describe('MoreFocusViewModel (/moreFocus)', () => {
  it('sends a visitor to /login, to come back here', () => {
    const { vm, world } = setup();
    expect(vm.loggedIn).toBe(false);
    vm.visitorSentToLogin();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/moreFocus' } });
  });

  it('following nobody: the empty page offers 推荐关注, each to their space', async () => {
    const { vm, world, api, logIn } = setup();
    logIn();
    api.uploaders.push({ uid: 3, nickName: '小鱼影视', avatar: '', introduce: '每天分享好看的短片', works: 12 }, { uid: 7, nickName: '我自己', avatar: '', introduce: '', works: 1 });
    vm.list.opened();
    await settle();
    expect(vm.followsNobody).toBe(true);
    expect(vm.list.empty).toBe(true);
    expect(vm.suggestionRows).toEqual([{ uid: 3, nickName: '小鱼影视', avatar: '', introduce: '每天分享好看的短片', worksText: '12个作品' }]);
    vm.userTapped(3);
    expect(world.navigator.current().path).toBe('/space/3');
  });

  it('following: the videos and posts newest first, a post opening its detail', async () => {
    const { vm, world, api, logIn } = setup();
    logIn();
    api.follows.set(7, new Set([3]));
    api.videos.push(video(1, 3), video(5, 3), video(2, 4));
    api.posts.push({ id: 11, uid: 3, nickName: '小鱼影视', avatar: '', vipLevel: 0, contxt: '新动态', labels: ['日常'], place: '', cover: '', duration: 75, time: 3_000, likeCount: 0 });
    vm.list.opened();
    await settle();
    expect(vm.followsNobody).toBe(false);
    expect(vm.list.items.map((item) => item.key)).toEqual(['video:life-05', 'post:11', 'video:life-01']);
    const post = vm.list.items[1];
    if (post?.kind !== 'post') throw new Error('expected a post');
    expect(vm.postCardOf(post.post)).toMatchObject({ id: 11, text: '新动态', labels: ['日常'], durationText: '01:15' });
    vm.postTapped(post.post);
    expect(world.navigator.current()).toEqual({ path: '/dynamicDetail', query: { id: '11' } });
  });
});
