import { afterEach, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { SEND_LIMITS } from '../../server/rate-limit/send-limits.ts';
import { InteractionsCalls, type InteractionPage, type InteractionUnread, type LikeGroup, type ReceivedReply } from '../../src/core/interactions/interactions-protocol.ts';
import type { WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import type { CommentView } from '../../src/core/video-social/video-social-protocol.ts';
import { VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';
import { openAuthenticated, sleep, type TestSocket } from './socket-support.ts';
import { FakeClock, MINUTE, insertTestPost, tokenParams, uniqueName, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const sockets: TestSocket[] = [];

const server = useServerFixture({
  clock,
  config: { sendLimits: { ...SEND_LIMITS, comment: [], barrage: [] } },
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
  listen: true,
  setupTimeout: 180_000,
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const as = <T>(user: TestUser | null, path: string, fields: Record<string, string> = {}) => server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const okData = async <T>(promise: Promise<{ body: { ret: number; data: T } }>): Promise<T> => {
  const { body } = await promise;
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
const comment = (user: TestUser, mediaKey: string, content: string, more: Record<string, string> = {}) => {
  clock.advance(VideoSocialLimits.postIntervalMs);
  return okData(server.post<CommentView>('/api/Video/Replys', { ...tokenParams(user.token), mediaKey, content, ...more }));
};
const likeComment = (user: TestUser, id: number) => {
  clock.advance(1000);
  return okData(as(user, '/api/Video/ReplyLike', { id: String(id) }));
};
const likes = (user: TestUser, fields: Record<string, string> = {}) => okData(as<InteractionPage<LikeGroup>>(user, InteractionsCalls.likes.path, fields));
const replies = (user: TestUser, fields: Record<string, string> = {}) => okData(as<InteractionPage<ReceivedReply>>(user, InteractionsCalls.replies.path, fields));
const unread = (user: TestUser) => okData(as<InteractionUnread>(user, InteractionsCalls.unread.path));
const markRead = (user: TestUser, kind: string) => server.post<InteractionUnread>(InteractionsCalls.markRead.path, { ...tokenParams(user.token), kind });
const megCount = (user: TestUser) => okData(as<{ count: number }>(user, '/api/user/GetUserMegCount'));
const user = (nickName?: string) => server.registerUser({ userName: uniqueName('ri'), ...(nickName ? { nickName } : {}) });

describe('received interactions: authorisation and validation', () => {
  it.each([InteractionsCalls.likes.path, InteractionsCalls.replies.path, InteractionsCalls.unread.path])('%s needs a session', async (path) => {
    expect((await as(null, path)).body.ret).toBe(Ret.SessionInvalid);
  });

  it('ReadInteractions needs a session and a known kind', async () => {
    const a = await user();
    expect((await server.post(InteractionsCalls.markRead.path, { kind: 'like' })).body.ret).toBe(Ret.SessionInvalid);
    expect((await server.post(InteractionsCalls.markRead.path, { ...tokenParams(a.token) })).body.ret).toBe(Ret.MissingParam);
    expect((await markRead(a, 'follow')).body).toMatchObject({ ret: Ret.BadParam, msg: '类型错误' });
  });

  it('refuses bad paging', async () => {
    const a = await user();
    expect((await as(a, InteractionsCalls.likes.path, { pageSize: '51' })).body).toMatchObject({ ret: Ret.BadParam, msg: '每页数量为1-50' });
    expect((await as(a, InteractionsCalls.replies.path, { page: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await as(a, InteractionsCalls.replies.path, { page: 'x' })).body.ret).toBe(Ret.BadParam);
  });
});

describe('收到的赞', () => {
  it('groups the likes of one comment, latest liker first, and lists only the caller\'s own', async () => {
    const [a, b, c, d] = [await user('赞甲'), await user('赞乙'), await user('赞丙'), await user()];
    const mine = await comment(a, 'movie-21', '我的第一条评论');
    const other = await comment(d, 'movie-21', '别人的评论');
    await likeComment(b, mine.id);
    await likeComment(c, mine.id);
    await likeComment(a, mine.id); // one's own like: left out
    await likeComment(b, other.id);

    const page = await likes(a);
    expect(page.total).toBe(1);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      kind: 'comment',
      id: mine.id,
      content: '我的第一条评论',
      likerCount: 2,
      unread: true,
      target: { mediaKey: 'movie-21', commentId: mine.id, replyId: 0, episode: 1 },
    });
    expect(page.list[0]!.latestLikers.map((liker) => liker.nickName)).toEqual(['赞丙', '赞乙']);
    expect(await unread(a)).toEqual({ likes: 2, replies: 0 });
    // d sees b's like of their comment, not a's.
    expect((await likes(d)).list.map((group) => group.id)).toEqual([other.id]);
  });

  it('includes barrage likes, orders by the latest like, pages, and forgets an unliked or deleted thing', async () => {
    const [a, b] = [await user(), await user()];
    const first = await comment(a, 'movie-22', '一');
    const second = await comment(a, 'movie-22', '二');
    clock.advance(2000);
    const barrage = await okData(as<WireBarrage>(a, '/api/Video/AddBarrages', { mediaKey: 'movie-22', time: '1.5', content: '前方高能' }));
    await likeComment(b, first.id);
    await likeComment(b, second.id);
    clock.advance(1000);
    await okData(as(b, '/api/Video/BarrageLike', { barrageId: String(barrage.id) }));
    await likeComment(b, first.id); // unlike
    await likeComment(b, first.id); // like again: now the latest

    const all = await likes(a);
    expect(all.list.map((group) => [group.kind, group.id])).toEqual([
      ['comment', first.id],
      ['barrage', barrage.id],
      ['comment', second.id],
    ]);
    expect(all.list[1]).toMatchObject({ content: '前方高能', target: { mediaKey: 'movie-22', commentId: 0, episode: 1 } });
    const p2 = await likes(a, { page: '2', pageSize: '2' });
    expect(p2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(p2.list.map((group) => group.id)).toEqual([second.id]);
    expect((await likes(a, { page: '3', pageSize: '2' })).list).toEqual([]);

    await likeComment(b, second.id); // unliked: gone
    await okData(as(a, '/api/Video/DelReply', { id: String(first.id) })); // deleted: gone
    expect((await likes(a)).list.map((group) => group.kind)).toEqual(['barrage']);
  });

  it('includes likes of one\'s posts (动态), which open the post; an unlike or a deleted post takes them away', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const postId = await insertTestPost(server.db, a, '海边的日落', new Date(clock.now()));
    const likePost = (liker: TestUser) => okData(as<{ liked: boolean }>(liker, '/api/Trends/LikeTrends', { id: String(postId) }));
    clock.advance(1000);
    await likePost(b);
    clock.advance(1000);
    await likePost(c);
    await likePost(a); // one's own like is not received
    const [group] = (await likes(a)).list;
    expect(group).toMatchObject({ kind: 'post', id: postId, content: '海边的日落', likerCount: 2, unread: true, target: { postId, mediaKey: '', commentId: 0 } });
    expect(group!.latestLikers.map((liker) => liker.uid)).toEqual([c.uid, b.uid]);
    expect((await unread(a)).likes).toBe(2);
    await likePost(c); // unliked
    expect((await likes(a)).list[0]).toMatchObject({ kind: 'post', likerCount: 1 });
    await server.db.query('DELETE FROM posts WHERE id = $1', [postId]);
    expect((await likes(a)).list).toEqual([]);
  });

  it('leaves out blocked users and shows a reply\'s like at its thread', async () => {
    const [a, b, c] = [await user(), await user(), await user()];
    const top = await comment(c, 'movie-23', '楼主');
    const reply = await comment(a, 'movie-23', '我的回复', { parentId: String(top.id) });
    await likeComment(b, reply.id);
    await likeComment(c, reply.id);
    await okData(as(a, '/api/User/preventUser', { uid: String(c.uid), status: '1' }));
    const [group] = (await likes(a)).list;
    expect(group).toMatchObject({ likerCount: 1, target: { commentId: top.id, replyId: reply.id } });
    expect(group!.latestLikers.map((liker) => liker.uid)).toEqual([b.uid]);
  });
});

describe('评论和回复', () => {
  it('lists replies to one\'s comments, comments on one\'s videos and mentions, newest first, once each', async () => {
    const [a, b, c] = [await user(uniqueName('回')), await user('回复乙'), await user()];
    await server.db.query("UPDATE videos SET uploader_uid = $1 WHERE media_key = 'movie-24'", [a.uid]);
    const mine = await comment(a, 'movie-25', '原评论');
    const reply = await comment(b, 'movie-25', '<b>回复</b>你', { parentId: String(mine.id) });
    const mineInThread = await comment(a, 'movie-25', '我在楼里', { parentId: String(mine.id) });
    const answer = await comment(c, 'movie-25', '回你的楼中回复', { parentId: String(mineInThread.id) });
    const onVideo = await comment(c, 'movie-24', '视频不错');
    const mention = await comment(b, 'movie-26', `@${a.nickName} 快来看`);
    await comment(b, 'movie-26', '@不存在的人 和自己无关');
    await comment(a, 'movie-24', '自己评论自己的视频'); // one's own: left out

    const page = await replies(a);
    expect(page.list.map((item) => [item.kind, item.id])).toEqual([
      ['mention', mention.id],
      ['comment', onVideo.id],
      ['reply', answer.id],
      ['reply', reply.id],
    ]);
    expect(page.list[3]).toMatchObject({
      content: '<b>回复</b>你',
      original: '原评论',
      author: { uid: b.uid, nickName: '回复乙' },
      unread: true,
      target: { mediaKey: 'movie-25', commentId: mine.id, replyId: reply.id },
    });
    expect(page.list[2]).toMatchObject({ original: '我在楼里', target: { commentId: mine.id, replyId: answer.id } });
    expect(page.list[1]).toMatchObject({ target: { mediaKey: 'movie-24', commentId: onVideo.id, replyId: 0 } });
    expect(page.list[0]!.original).toBe(page.list[0]!.target.title);
    expect(await unread(a)).toEqual({ likes: 0, replies: 4 });
    expect((await replies(b)).list).toEqual([]); // a's reply in a's own thread answers no one else
    const second = await replies(a, { page: '2', pageSize: '3' });
    expect(second).toMatchObject({ total: 4, list: [{ id: reply.id }] });
  });

  it('a reply that also mentions one shows once, as a reply; a deleted reply goes', async () => {
    const [a, b] = [await user(uniqueName('提及')), await user()];
    const mine = await comment(a, 'movie-26', '楼主评论');
    const both = await comment(b, 'movie-26', `@${a.nickName} 回复并提到你`, { parentId: String(mine.id) });
    expect((await replies(a)).list.map((item) => [item.kind, item.id])).toEqual([['reply', both.id]]);
    await okData(as(b, '/api/Video/DelReply', { id: String(both.id) }));
    expect(await replies(a)).toMatchObject({ total: 0, list: [] });
    expect(await unread(a)).toEqual({ likes: 0, replies: 0 });
  });

  it('a nickname two users share mentions no one', async () => {
    const nick = uniqueName('同名');
    const [a, , c] = [await user(nick), await user(nick), await user()];
    await comment(c, 'movie-26', `@${nick} 你好`);
    expect((await replies(a)).total).toBe(0);
  });
});

describe('read markers and counts', () => {
  it('opening a list marks only that kind, only the caller\'s, and the message count follows', async () => {
    const [a, b] = [await user(), await user()];
    const mine = await comment(a, 'movie-20', '看我');
    await likeComment(b, mine.id);
    await comment(b, 'movie-20', '回复', { parentId: String(mine.id) });
    expect(await unread(a)).toEqual({ likes: 1, replies: 1 });
    expect((await megCount(a)).count).toBe(2);

    expect((await markRead(b, 'like')).body.data).toEqual({ likes: 0, replies: 0 }); // b's own marker: a unchanged
    expect(await unread(a)).toEqual({ likes: 1, replies: 1 });

    expect((await markRead(a, 'like')).body).toMatchObject({ ret: Ret.Ok, data: { likes: 0, replies: 1 } });
    expect((await likes(a)).list[0]!.unread).toBe(false);
    expect((await replies(a)).list[0]!.unread).toBe(true);
    expect((await megCount(a)).count).toBe(1);

    clock.advance(MINUTE);
    const c = await user();
    await likeComment(c, mine.id);
    expect(await unread(a)).toEqual({ likes: 1, replies: 1 });
    const [group] = (await likes(a)).list;
    expect(group).toMatchObject({ likerCount: 2, unread: true });
  });

  it('parallel marks keep the latest marker and never fail', async () => {
    const [a, b] = [await user(), await user()];
    const mine = await comment(a, 'movie-19', '并发');
    await likeComment(b, mine.id);
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => markRead(a, i % 2 === 0 ? 'like' : 'reply')));
    expect(results.every((result) => result.body.ret === Ret.Ok)).toBe(true);
    expect(await unread(a)).toEqual({ likes: 0, replies: 0 });
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM interaction_reads WHERE user_id = $1', [a.uid]);
    expect(rows[0]!.n).toBe(2);
  });
});

describe('live notices (interactionNotice over the socket)', () => {
  it('a like, a reply and a mention reach the one concerned; one\'s own and unlikes do not', async () => {
    const [a, b] = [await user(uniqueName('通知')), await user()];
    const aSocket = await openAuthenticated(server.url, a.token);
    const bSocket = await openAuthenticated(server.url, b.token);
    sockets.push(aSocket, bSocket);
    const mine = await comment(a, 'movie-18', '等通知');
    await likeComment(a, mine.id); // one's own like
    await sleep(200);
    expect(aSocket.named('interactionNotice')).toEqual([]);

    await likeComment(b, mine.id);
    await aSocket.next('interactionNotice');
    await likeComment(b, mine.id); // unlike: nothing
    await comment(b, 'movie-18', '回复你', { parentId: String(mine.id) });
    await comment(b, 'movie-18', `@${a.nickName} 看这里`);
    await sleep(300);
    expect(aSocket.named('interactionNotice')).toHaveLength(3);
    expect(bSocket.named('interactionNotice')).toEqual([]);
  });
});
