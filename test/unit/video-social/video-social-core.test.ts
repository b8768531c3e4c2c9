import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { LoadState } from '../../../src/core/display/list-state.ts';
import type { User } from '../../../src/core/shared-kernel/user.ts';
import { shownComment } from '../../../src/core/video-social/comment.ts';
import { CommentThread, CommentThreadFactory } from '../../../src/core/video-social/comment-thread.ts';
import { VideoActions, VideoActionsFactory, countsAfterVote } from '../../../src/core/video-social/video-actions.ts';
import { CollectTexts } from '../../../src/core/video-social/video-social-texts.ts';
import {
  allRepliesText,
  averageScore,
  commentContentProblem,
  starsOf,
  toggledVote,
} from '../../../src/core/video-social/video-social-rules.ts';
import { VideoSocialService } from '../../../src/core/video-social/video-social-service.ts';
import { VideoSocialCalls } from '../../../src/core/video-social/video-social-protocol.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { installFakeVideoSocialApi } from '../../../adapters/http/fake-video-social-api.ts';

/** A comment as the declared answer reads it and the thread shows it (null: unreadable). */
const parseComment = (data: unknown) => {
  const view = parsed(VideoSocialCalls.post.answer!, data);
  return view && shownComment(view);
};

const ME = 1;

const user = (id = ME): User => ({
  id, nickName: `用户${id}`, avatar: '/a.png', vipLevel: 2, vipCategoryId: null, vipTypeName: '', eDate: '', userNameRaw: `u${id}`,
  email: '', phone: '', AreaCode: '', region: 'CN', newWorks: false, totalMsgCount: 0, gender: null, introduction: '', level: 1, gold: 0,
  token: { uid: id },
});

function setup(options: { viewer?: number | null; pageSize?: number } = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/play/movie-03' });
  world.navigator.replace('/play/movie-03', { episode: '2' });
  const api = installFakeVideoSocialApi(world.http, ME);
  const service = container.get(VideoSocialService);
  let viewer: number | null = options.viewer === undefined ? ME : options.viewer;
  const thread = new CommentThread('movie-03', 'movie', {
    service, navigator: world.navigator, notifier: world.notifier, clock: world.clock, user: () => (viewer === null ? null : user(viewer)),
  }, options.pageSize ? { pageSize: options.pageSize } : {});
  const actions = new VideoActions('movie-03', {
    service, clipboard: world.clipboard, navigator: world.navigator, notifier: world.notifier, viewerId: () => viewer,
  });
  return { world, api, service, thread, actions, container, setViewer: (id: number | null) => (viewer = id) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const contents = (thread: CommentThread) => thread.current().comments.map((c) => c.content);

describe('rules', () => {
  it('a comment is 1–500 characters after trimming, without control characters but line breaks', () => {
    expect(commentContentProblem('  ')).toBe('请输入评论内容');
    expect(commentContentProblem('好'.repeat(500))).toBeNull();
    expect(commentContentProblem(` ${'好'.repeat(500)} `)).toBeNull();
    expect(commentContentProblem('好'.repeat(501))).toBe('评论最多500个字');
    expect(commentContentProblem('😀'.repeat(500))).toBeNull();
    expect(commentContentProblem('第一行\n第二行')).toBeNull();
    expect(commentContentProblem('a\u0000b')).toBe('评论含有不支持的字符');
  });

  it('votes toggle; counts follow the vote before the server answers', () => {
    expect(toggledVote('none', 'like')).toBe('like');
    expect(toggledVote('like', 'like')).toBe('none');
    expect(toggledVote('like', 'dislike')).toBe('dislike');
    expect(countsAfterVote({ likes: 5, dislikes: 2, myVote: 'none' }, 'like')).toEqual({ likes: 6, dislikes: 2, myVote: 'like' });
    expect(countsAfterVote({ likes: 6, dislikes: 2, myVote: 'like' }, 'dislike')).toEqual({ likes: 5, dislikes: 3, myVote: 'dislike' });
    expect(countsAfterVote({ likes: 6, dislikes: 2, myVote: 'like' }, 'none')).toEqual({ likes: 5, dislikes: 2, myVote: 'none' });
  });

  it('the score is the average of the stars out of 10 (0 without ratings); stars shown out of 5', () => {
    const none = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 }));
    expect(averageScore(none)).toBe(0);
    expect(averageScore([{ stars: 1, count: 1 }])).toBe(2);
    expect(averageScore([{ stars: 5, count: 2 }, { stars: 4, count: 1 }])).toBe(9.3);
    expect(starsOf(8.7)).toBe(4);
    expect(starsOf(9)).toBe(5);
    expect(starsOf(0)).toBe(0);
    expect(allRepliesText(12)).toBe('查看全部12条回复');
  });

  it('parsing skips unusable comments and reads flags leniently', () => {
    expect(parseComment({ id: 0 })).toBeNull();
    expect(parseComment({ id: 3, liked: 1, likeCount: '12', replyTo: { uid: 4, nickName: 'x' }, replies: [{ id: 'x' }, { id: 5 }] })).toMatchObject({
      id: 3, liked: true, likeCount: 12, replyTo: { uid: 4, nickName: 'x' }, replies: [{ id: 5 }], pending: false,
    });
    expect(parsed(VideoSocialCalls.comments.answer!, null)).toBeNull();
    expect(parsed(VideoSocialCalls.comments.answer!, {})).toMatchObject({ list: [], total: 0, commentCount: 0 });
    expect(parsed(VideoSocialCalls.details.answer!, { myVote: 'maybe', distribution: [{ stars: 5, count: 2 }], myRating: 9 })).toMatchObject({
      myVote: 'none', myRating: 0, distribution: [{ stars: 5, count: 2 }, { stars: 4, count: 0 }, { stars: 3, count: 0 }, { stars: 2, count: 0 }, { stars: 1, count: 0 }],
    });
  });
});

describe('CommentThread', () => {
  it('loads pages newest first with the shared states, skipping comments already shown', async () => {
    const { api, thread } = setup({ pageSize: 2 });
    for (let n = 1; n <= 5; n += 1) api.add({ content: `第${n}条`, time: n });
    await thread.start();
    expect(contents(thread)).toEqual(['第5条', '第4条']);
    expect(thread.current().commentCount).toBe(5);
    expect(thread.current().load).toBe(LoadState.Idle);
    // Another user's new comment shifts the pages: nothing is shown twice.
    api.add({ content: '新来的', time: 100 });
    await thread.loadMore();
    expect(contents(thread)).toEqual(['第5条', '第4条', '第3条']);
    await thread.loadMore();
    await thread.loadMore();
    expect(contents(thread)).toEqual(['第5条', '第4条', '第3条', '第2条', '第1条']);
    expect(thread.current().load).toBe(LoadState.NoMore);
    expect(await thread.loadMore()).toBe(false);
  });

  it('after deleting one\'s own comment the next page misses nothing', async () => {
    const { api, thread, world } = setup({ pageSize: 2 });
    for (let n = 1; n <= 3; n += 1) api.add({ content: `第${n}条`, time: n });
    api.add({ content: '我的', time: 10, uid: ME });
    await thread.start();
    expect(contents(thread)).toEqual(['我的', '第3条']);
    const mine = thread.current().comments[0];
    if (!mine) throw new Error('missing');
    const deleting = thread.deleteTapped(mine);
    await flush();
    world.notifier.answer(true);
    await deleting;
    await thread.loadMore();
    await thread.loadMore();
    expect(contents(thread)).toEqual(['第3条', '第2条', '第1条']);
    expect(thread.current().load).toBe(LoadState.NoMore);
  });

  it('a failed first page says so; retry loads it', async () => {
    const { api, thread, world } = setup();
    api.add({ content: '在' });
    api.failWith = { path: '*', ret: 500, msg: '服务器繁忙，请稍后再试' };
    await thread.start();
    expect(thread.current()).toMatchObject({ load: LoadState.Failed, firstPageFailed: true });
    expect(world.notifier.lastToast()?.message).toBe('服务器繁忙，请稍后再试');
    api.failWith = null;
    await thread.retry();
    expect(contents(thread)).toEqual(['在']);
  });

  it('最热 starts again from the first page in like order', async () => {
    const { api, thread } = setup();
    api.add({ content: '冷门', time: 2 });
    api.add({ content: '热门', time: 1, likes: new Set([2, 3]) });
    await thread.start();
    expect(contents(thread)).toEqual(['冷门', '热门']);
    await thread.sortChosen('hot');
    expect(contents(thread)).toEqual(['热门', '冷门']);
    expect(api.calls.at(-1)?.params.sort).toBe('hot');
  });

  it('a posted comment shows at once (pending), then the server\'s entry replaces it; the count rises', async () => {
    const { api, thread, world } = setup();
    api.add({ content: '旧的' });
    await thread.start();
    api.hold.add('/api/video/replys');
    const posting = thread.send('  新评论  ');
    await flush();
    const shown = thread.current().comments[0];
    expect(shown).toMatchObject({ content: '新评论', pending: true, uid: ME, nickName: '用户1', time: world.clock.now() });
    expect(shown?.id).toBeLessThan(0);
    expect(thread.current()).toMatchObject({ commentCount: 2, posting: true });
    api.release();
    expect(await posting).toBe('posted');
    expect(thread.current().comments[0]).toMatchObject({ content: '新评论', pending: false });
    expect(thread.current().comments[0]?.id).toBeGreaterThan(0);
    expect(thread.current().posting).toBe(false);
    const call = api.calls.find((c) => c.path.toLowerCase() === '/api/video/replys');
    expect(call?.params.videoType).toBe('movie');
    expect(call?.body).toMatchObject({ mediaKey: 'movie-03', content: '新评论' });
    expect(call?.body.parentId).toBeUndefined();
  });

  it('a refused post is taken back (the server\'s message is toasted) and the count falls back', async () => {
    const { api, thread, world } = setup();
    await thread.start();
    api.failWith = { path: '/api/video/replys', ret: 8062, msg: '评论太频繁，请稍后再试' };
    expect(await thread.send('太快')).toBe('failed');
    expect(thread.current().comments).toEqual([]);
    expect(thread.current().commentCount).toBe(0);
    expect(world.notifier.lastToast()).toMatchObject({ message: '评论太频繁，请稍后再试', position: 'bottom' });
  });

  it('a bad text is toasted here and never sent', async () => {
    const { api, thread, world } = setup();
    await thread.start();
    expect(await thread.send('   ')).toBe('invalid');
    expect(world.notifier.lastToast()).toEqual({ message: '请输入评论内容', durationMs: 1500, position: 'bottom' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a visitor\'s input tap, send, reply and like go to /login with the way back', async () => {
    const { api, thread, world } = setup({ viewer: null });
    const other = api.add({ content: '别人的' });
    await thread.start();
    expect(thread.inputTapped()).toBe(false);
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-03?episode=2' } });
    world.navigator.replace('/play/movie-03', {});
    expect(await thread.send('你好')).toBe('login');
    const comment = thread.current().comments.find((c) => c.id === other.id);
    if (!comment) throw new Error('missing');
    thread.replyTapped(comment);
    await thread.likeTapped(comment);
    expect(thread.current().target).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST' || c.path.endsWith('ReplyLike'))).toEqual([]);
    expect(world.navigator.current().path).toBe('/login');
  });

  it('回复: a reply shows under its comment at once, the reply count rises, and the box goes back to a new comment', async () => {
    const { api, thread } = setup();
    const root = api.add({ content: '主评论', uid: 7 });
    await thread.start();
    const shownRoot = thread.current().comments[0];
    if (!shownRoot) throw new Error('missing');
    thread.replyTapped(shownRoot);
    expect(thread.current().target).toEqual({ commentId: root.id, rootId: root.id, nickName: '用户7' });
    api.hold.add('/api/video/replys');
    const posting = thread.send('我来回复');
    await flush();
    expect(thread.current().comments[0]).toMatchObject({ replyCount: 1, replies: [{ content: '我来回复', pending: true, parentId: root.id }] });
    api.release();
    await posting;
    expect(thread.current().comments[0]?.replies[0]).toMatchObject({ content: '我来回复', pending: false, parentId: root.id });
    expect(thread.current().target).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body.parentId).toBe(String(root.id));
  });

  it('a reply to a reply joins the same comment and reads 回复 @ its author', async () => {
    const { api, thread } = setup();
    const root = api.add({ content: '主', uid: 7 });
    api.add({ content: '乙回复', uid: 8, nickName: '乙', parentId: root.id });
    await thread.start();
    const reply = thread.current().comments[0]?.replies[0];
    if (!reply) throw new Error('missing');
    thread.replyTapped(reply);
    expect(thread.current().target).toEqual({ commentId: reply.id, rootId: root.id, nickName: '乙' });
    api.hold.add('/api/video/replys');
    const posting = thread.send('回复乙');
    await flush();
    expect(thread.current().comments[0]?.replies[1]).toMatchObject({ replyTo: { uid: 8, nickName: '乙' }, pending: true });
    api.release();
    await posting;
    expect(thread.current().comments[0]?.replies[1]).toMatchObject({ replyTo: { uid: 8 }, pending: false });
    expect(thread.current().comments[0]?.replyCount).toBe(2);
  });

  it('查看全部N条回复 loads every reply', async () => {
    const { api, thread } = setup();
    const root = api.add({ content: '主' });
    for (let n = 1; n <= 4; n += 1) api.add({ content: `回复${n}`, parentId: root.id, time: n });
    await thread.start();
    expect(thread.current().comments[0]?.replies.map((r) => r.content)).toEqual(['回复1', '回复2']);
    expect(thread.current().comments[0]?.replyCount).toBe(4);
    await thread.allRepliesTapped(root.id);
    expect(thread.current().comments[0]?.replies.map((r) => r.content)).toEqual(['回复1', '回复2', '回复3', '回复4']);
    expect(thread.current().repliesLoad[root.id]).toBe('all');
    expect(await thread.allRepliesTapped(root.id)).toBe(false);
  });

  it('删除 asks first; cancel keeps it, confirm deletes a comment with its replies (count falls by all)', async () => {
    const { api, thread, world } = setup();
    const mine = api.add({ content: '我的', uid: ME });
    api.add({ content: '回复', parentId: mine.id });
    api.add({ content: '别人的', uid: 5 });
    await thread.start();
    expect(thread.current().commentCount).toBe(3);
    const shown = thread.current().comments.find((c) => c.id === mine.id);
    const others = thread.current().comments.find((c) => c.uid === 5);
    if (!shown || !others) throw new Error('missing');
    expect(thread.isOwn(shown)).toBe(true);
    expect(thread.isOwn(others)).toBe(false);
    expect(await thread.deleteTapped(others)).toBe(false);
    expect(world.notifier.dialogs).toEqual([]);

    const cancelled = thread.deleteTapped(shown);
    await flush();
    expect(world.notifier.dialogs[0]?.options).toMatchObject({ title: '删除评论', confirmText: '确定', cancelText: '取消' });
    world.notifier.answer(false);
    expect(await cancelled).toBe(false);
    expect(contents(thread)).toContain('我的');

    const confirmed = thread.deleteTapped(shown);
    await flush();
    world.notifier.answer(true);
    expect(await confirmed).toBe(true);
    expect(contents(thread)).toEqual(['别人的']);
    expect(thread.current().commentCount).toBe(1);
    expect(world.notifier.lastToast()?.message).toBe('删除成功');
  });

  it('deleting one\'s reply lowers its comment\'s reply count', async () => {
    const { api, thread, world } = setup();
    const root = api.add({ content: '主', uid: 5 });
    api.add({ content: '我的回复', uid: ME, parentId: root.id });
    await thread.start();
    const reply = thread.current().comments[0]?.replies[0];
    if (!reply) throw new Error('missing');
    const deleting = thread.deleteTapped(reply);
    await flush();
    world.notifier.answer(true);
    await deleting;
    expect(thread.current().comments[0]).toMatchObject({ replyCount: 0, replies: [] });
    expect(thread.current().commentCount).toBe(1);
  });

  it('like toggles at once and the server settles it; a failure puts it back', async () => {
    const { api, thread } = setup();
    const c = api.add({ content: '赞我', likes: new Set([4]) });
    await thread.start();
    const shown = () => thread.current().comments[0];
    api.hold.add('/api/video/replylike');
    const liking = thread.likeTapped(shown() ?? parseComment({ id: c.id })!);
    await flush();
    expect(shown()).toMatchObject({ liked: true, likeCount: 2 });
    api.release();
    await liking;
    expect(shown()).toMatchObject({ liked: true, likeCount: 2 });
    api.hold.clear();
    api.failWith = { path: '/api/video/replylike', ret: 8060, msg: '评论不存在' };
    await thread.likeTapped(shown() ?? parseComment({ id: c.id })!);
    expect(shown()).toMatchObject({ liked: true, likeCount: 2 });
  });
});

describe('VideoActions', () => {
  it('loads the bar in one call', async () => {
    const { api, actions } = setup();
    api.likes.add(5);
    api.collected = true;
    api.ratings.set(5, 4);
    await actions.load();
    expect(actions.current()).toMatchObject({ loaded: true, details: { likes: 1, myVote: 'none', collected: true, score: 8, ratingCount: 1 } });
    expect(api.calls.map((c) => c.path)).toEqual(['/api/Video/VideoRatingDetails']);
  });

  it('赞 +1 at once, again −1; 踩 replaces the like', async () => {
    const { api, actions } = setup();
    api.likes.add(5);
    await actions.load();
    api.hold.add('/api/video/videolikes');
    const liking = actions.likeTapped();
    await flush();
    expect(actions.current().details).toMatchObject({ likes: 2, myVote: 'like' });
    api.release();
    await liking;
    api.hold.clear();
    expect(actions.current().details).toMatchObject({ likes: 2, myVote: 'like' });
    await actions.dislikeTapped();
    expect(actions.current().details).toMatchObject({ likes: 1, dislikes: 1, myVote: 'dislike' });
    await actions.dislikeTapped();
    expect(actions.current().details).toMatchObject({ likes: 1, dislikes: 0, myVote: 'none' });
  });

  it('a refused vote puts the counts back', async () => {
    const { api, actions } = setup();
    await actions.load();
    api.failWith = { path: '/api/video/videolikes', ret: 500, msg: '服务器繁忙，请稍后再试' };
    await actions.likeTapped();
    expect(actions.current().details).toMatchObject({ likes: 0, myVote: 'none' });
  });

  it('收藏 toggles through AddToScjs with a notice', async () => {
    const { actions, world } = setup();
    await actions.load();
    await actions.collectTapped();
    expect(actions.current().details.collected).toBe(true);
    expect(world.notifier.lastToast()).toEqual({ message: CollectTexts.collected, durationMs: 1000, position: 'bottom' });
    await actions.collectTapped();
    expect(actions.current().details.collected).toBe(false);
    expect(world.notifier.lastToast()?.message).toBe('已取消收藏');
  });

  it('分享 records the share, copies the answered link and says 链接已复制; a clipboard failure says 复制失败', async () => {
    const { actions, world } = setup({ viewer: null });
    expect(await actions.shareTapped()).toBe(true);
    expect(world.clipboard.text).toBe('http://app.test/play/movie-03');
    expect(world.notifier.lastToast()).toEqual({ message: '链接已复制', durationMs: 1500, position: 'bottom' });
    expect(actions.current().details.shareCount).toBe(1);
    world.clipboard.failNext();
    expect(await actions.shareTapped()).toBe(false);
    expect(world.notifier.lastToast()?.message).toBe('复制失败');
    expect(actions.current().details.shareCount).toBe(2);
  });

  it('rating: a star rates (the server\'s notice), and a visitor goes to /login', async () => {
    const { actions, world, setViewer, api } = setup();
    await actions.starTapped(4);
    expect(actions.current().details).toMatchObject({ myRating: 4, ratingCount: 1 });
    expect(world.notifier.lastToast()?.message).toBe('评分成功');
    await actions.starTapped(9);
    expect(api.ratings.get(ME)).toBe(4);
    setViewer(null);
    for (const tap of [() => actions.starTapped(5), () => actions.likeTapped(), () => actions.collectTapped()]) {
      world.navigator.replace('/play/movie-03', { episode: '2' });
      await tap();
      expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-03?episode=2' } });
    }
    expect(api.ratings.get(ME)).toBe(4);
    expect(api.likes.size + Number(api.collected)).toBe(0);
  });
});

describe('bindings', () => {
  it('the container makes a thread and an actions bar per video', () => {
    const { container } = setup();
    const thread = container.get<CommentThreadFactory>(CommentThreadFactory)('movie-08', 'movie');
    const actions = container.get<VideoActionsFactory>(VideoActionsFactory)('movie-08');
    expect(thread.mediaKey).toBe('movie-08');
    expect(actions.mediaKey).toBe('movie-08');
  });
});
