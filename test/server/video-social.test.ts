import { beforeAll, describe, expect, it } from 'vitest';
import { SEND_LIMITS } from '../../server/rate-limit/send-limits.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import { DEMO_UPLOADERS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedMessaging } from '../../server/messaging/seed.ts';
import type { CommentView, CommentViewPage as CommentPage, Rating, ReplyViewPage as ReplyPage, VideoActionDetails as Details, VoteCounts as Votes } from '../../src/core/video-social/video-social-protocol.ts';
import { seedVideoSocial } from '../../server/video-social/seed.ts';
import { VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';
import { DAY, FakeClock, MINUTE, TEST_ARGON2, tokenParams, uniqueIp } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
/** The seed's time: the comments' ages count back from it. */
let seededAt = 0;

const server = useServerFixture({
  clock,
  config: { sendLimits: { ...SEND_LIMITS, comment: [] } },
  seed: async (db) => {
    const passwords = new PasswordHasher(TEST_ARGON2);
    await seed(db, { passwords, clock });
    await seedCatalogue(db, clock);
    await seedMessaging(db, { passwords, clock });
    seededAt = clock.now();
    await seedVideoSocial(db, clock);
    await seedVideoSocial(db, clock); // once only
    // This suite posts many comments per user to test the 3 s spacing; the per-user limits are flood-guard.test.ts's.
  },
});

const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}, headers?: Record<string, string>) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields }, headers ? { headers } : {});
const comments = async (user: TestUser | null, mediaKey: string, fields: Record<string, string> = {}) => {
  const { body } = await call<CommentPage>(user, '/api/Video/CommentListsV2', { mediaKey, ...fields });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
const replies = async (user: TestUser | null, parentId: number, fields: Record<string, string> = {}) => {
  const { body } = await call<ReplyPage>(user, '/api/Video/GetCommentByParentID', { parentId: String(parentId), ...fields });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
/** Posts (the clock moves past the posting interval first, so tests do not trip the rate limit by accident). */
const postComment = (user: TestUser, fields: Record<string, string>, query = '') => {
  clock.advance(VideoSocialLimits.postIntervalMs);
  return server.post<CommentView>(`/api/Video/Replys${query}`, { ...tokenParams(user.token), ...fields });
};
const postOk = async (user: TestUser, fields: Record<string, string>): Promise<CommentView> => {
  const { body } = await postComment(user, fields);
  if (body.ret !== Ret.Ok) throw new Error(`post failed: ${JSON.stringify(body)}`);
  return body.data;
};
const details = async (user: TestUser | null, mediaKey: string) => {
  const { body } = await call<Details>(user, '/api/Video/VideoRatingDetails', { mediaKey });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};

async function logIn(userName: string, password: string): Promise<TestUser> {
  const { body } = await server.post<TestUser>('/api/Login/Login', { userName, password }, { ip: uniqueIp() });
  if (body.ret !== Ret.Ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
}

describe('authorization', () => {
  it.each([
    ['/api/Video/DelReply', { id: '1' }],
    ['/api/Video/ReplyLike', { id: '1' }],
    ['/api/Video/VideoLikes', { mediaKey: 'movie-03' }],
    ['/api/Video/VideoDisLikes', { mediaKey: 'movie-03' }],
    ['/api/Video/RateVideo', { mediaKey: 'movie-03', stars: '5' }],
  ])('%s needs a login (201 请先登录)', async (path, fields) => {
    const { body } = await call(null, path, fields);
    expect(body).toEqual({ ret: Ret.SessionInvalid, msg: '请先登录', data: null });
  });

  it('POST Replys needs a login', async () => {
    const { body } = await server.post('/api/Video/Replys', { mediaKey: 'movie-03', content: '你好' });
    expect(body).toEqual({ ret: Ret.SessionInvalid, msg: '请先登录', data: null });
  });

  it('visitors read comments, replies, the details and share', async () => {
    const list = await comments(null, 'movie-03');
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((c) => !c.liked)).toBe(true);
    const first = list.list.find((c) => c.replyCount > 0);
    expect((await replies(null, first?.id ?? 0)).total).toBe(first?.replyCount);
    const seen = await details(null, 'movie-03');
    expect(seen).toMatchObject({ myVote: 'none', myRating: 0, collected: false });
    const { body } = await call<{ link: string; shareCount: number }>(null, '/api/Video/Share', { mediaKey: 'movie-03' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.shareCount).toBe(1);
  });
});

describe('validation', () => {
  let a: TestUser;
  beforeAll(async () => {
    a = await server.registerUser();
  });

  it.each([
    ['/api/Video/CommentListsV2', {}, Ret.MissingParam],
    ['/api/Video/CommentListsV2', { mediaKey: 'x'.repeat(65) }, Ret.BadParam],
    ['/api/Video/CommentListsV2', { mediaKey: 'movie-03', sort: 'old' }, Ret.BadParam],
    ['/api/Video/CommentListsV2', { mediaKey: 'movie-03', page: '0' }, Ret.BadParam],
    ['/api/Video/CommentListsV2', { mediaKey: 'movie-03', pageSize: '51' }, Ret.BadParam],
    ['/api/Video/CommentListsV2', { mediaKey: 'no-such-video' }, Ret.VideoNotFound],
    ['/api/Video/GetCommentByParentID', {}, Ret.MissingParam],
    ['/api/Video/GetCommentByParentID', { parentId: 'abc' }, Ret.BadParam],
    ['/api/Video/GetCommentByParentID', { parentId: '999999' }, Ret.CommentNotFound],
    ['/api/Video/DelReply', {}, Ret.MissingParam],
    ['/api/Video/DelReply', { id: '0' }, Ret.BadParam],
    ['/api/Video/DelReply', { id: '999999' }, Ret.CommentNotFound],
    ['/api/Video/ReplyLike', { id: '-1' }, Ret.BadParam],
    ['/api/Video/ReplyLike', { id: '999999' }, Ret.CommentNotFound],
    ['/api/Video/VideoLikes', {}, Ret.MissingParam],
    ['/api/Video/VideoLikes', { mediaKey: 'no-such-video' }, Ret.VideoNotFound],
    ['/api/Video/VideoDisLikes', { mediaKey: 'no-such-video' }, Ret.VideoNotFound],
    ['/api/Video/VideoRatingDetails', {}, Ret.MissingParam],
    ['/api/Video/VideoRatingDetails', { mediaKey: 'no-such-video' }, Ret.VideoNotFound],
    ['/api/Video/RateVideo', { mediaKey: 'movie-03' }, Ret.MissingParam],
    ['/api/Video/RateVideo', { mediaKey: 'movie-03', stars: '0' }, Ret.BadParam],
    ['/api/Video/RateVideo', { mediaKey: 'movie-03', stars: '6' }, Ret.BadParam],
    ['/api/Video/RateVideo', { mediaKey: 'movie-03', stars: '4.5' }, Ret.BadParam],
    ['/api/Video/Share', {}, Ret.MissingParam],
    ['/api/Video/Share', { mediaKey: 'no-such-video' }, Ret.VideoNotFound],
  ])('%s %o → %i', async (path, fields, ret) => {
    const { body } = await call(a, path, fields);
    expect(body.ret).toBe(ret);
    expect(body.data).toBeNull();
    expect([...body.msg].length).toBeLessThanOrEqual(30);
  });

  it.each([
    [{ content: '你好' }, '', Ret.MissingParam, '缺少参数：mediaKey'],
    [{ mediaKey: 'movie-03' }, '', Ret.MissingParam, '缺少参数：content'],
    [{ mediaKey: 'movie-03', content: '   \n ' }, '', Ret.BadParam, '请输入评论内容'],
    [{ mediaKey: 'movie-03', content: '字'.repeat(501) }, '', Ret.BadParam, '评论最多500个字'],
    [{ mediaKey: 'movie-03', content: 'a\u0007b' }, '', Ret.BadParam, '评论含有不支持的字符'],
    [{ mediaKey: 'movie-03', content: '你好', parentId: 'x' }, '', Ret.BadParam, '参数格式错误：parentId'],
    [{ mediaKey: 'movie-03', content: '你好', replyToUid: '1' }, '', Ret.BadParam, '参数格式错误：replyToUid'],
    [{ mediaKey: 'movie-03', content: '你好' }, '?videoType=%3Cscript%3E', Ret.BadParam, '参数格式错误：videoType'],
    [{ mediaKey: 'no-such-video', content: '你好' }, '', Ret.VideoNotFound, '视频不存在'],
    [{ mediaKey: 'movie-03', content: '你好', parentId: '999999' }, '', Ret.CommentNotFound, '评论不存在'],
  ])('Replys %o%s → %i %s', async (fields, query, ret, msg) => {
    const { body } = await postComment(a, fields, query);
    expect(body).toEqual({ ret, msg, data: null });
  });

  it('500 characters after trimming are accepted; the stored text is trimmed', async () => {
    const text = '好'.repeat(500);
    const comment = await postOk(a, { mediaKey: 'movie-12', content: `  ${text}\n` });
    expect(comment.content).toBe(text);
  });
});

describe('the seeded comments', () => {
  it('movie-03: newest first, times spread from minutes to weeks ago, the first 2 replies oldest first, likes counted', async () => {
    const page = await comments(null, 'movie-03');
    const texts = page.list.map((c) => c.content);
    expect(texts).toEqual(['这部片子的配乐太好听了！', '老城区的故事总是让人感动，想起了小时候住的胡同。', '三代人的戏份都很扎实，强烈推荐全家一起看。', '第二遍看了，还是被结尾打动。']);
    expect(page.total).toBe(4);
    expect(page.commentCount).toBe(8);
    const ages = page.list.map((c) => seededAt - c.time);
    expect(ages[0]).toBeLessThan(60 * MINUTE);
    expect(ages[1]).toBe(5 * 60 * MINUTE);
    expect(ages[2]).toBeGreaterThan(2 * DAY);
    expect(ages[3]).toBe(20 * DAY);
    const busy = page.list[2];
    expect(busy?.replyCount).toBe(3);
    expect(busy?.likeCount).toBe(3);
    expect(busy?.replies.map((r) => r.content)).toEqual(['奶奶那段我看哭了', '导演很会拍生活细节']);
    expect(busy?.replies[1]?.likeCount).toBe(1);
    const first = page.list[0];
    expect(first).toMatchObject({ nickName: DEMO2_ACCOUNT.nickName, parentId: 0, likeCount: 2, liked: false, replyCount: 1, replyTo: null });
    expect(first?.replies[0]).toMatchObject({ nickName: DEMO_UPLOADERS[0].nickName, parentId: first?.id, replyCount: 0, replies: [] });
  });

  it('sort=hot puts the most liked first', async () => {
    const page = await comments(null, 'movie-03', { sort: 'hot' });
    expect(page.list.map((c) => c.likeCount)).toEqual([3, 2, 1, 0]);
  });

  it('the demo account sees its own like; movie-08 has comments too, plus ratings and votes', async () => {
    const demo = await logIn(DEMO_ACCOUNT.userName, DEMO_ACCOUNT.password);
    const page = await comments(demo, 'movie-03');
    expect(page.list.filter((c) => c.liked).map((c) => c.content)).toEqual(['三代人的戏份都很扎实，强烈推荐全家一起看。']);
    expect((await comments(null, 'movie-08')).total).toBe(3);
    const seen = await details(null, 'movie-08');
    expect(seen).toMatchObject({ likes: 1, dislikes: 1, ratingCount: 2 });
  });
});

describe('posting, replying and deleting', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await server.registerUser({ nickName: '评论甲' });
    b = await server.registerUser({ nickName: '评论乙' });
  });

  it('a comment is stored and answered, with the videoType kept, and comes first in the list', async () => {
    const { body } = await postComment(a, { mediaKey: 'movie-05', content: '  第一条评论  ' }, '?videoType=movie');
    expect(body.ret).toBe(Ret.Ok);
    expect(body.msg).toBe('评论成功');
    expect(body.data).toMatchObject({
      parentId: 0, uid: a.id, nickName: '评论甲', content: '第一条评论', time: clock.now(), likeCount: 0, liked: false, replyCount: 0, replies: [], replyTo: null,
    });
    const stored = await server.db.query<{ video_type: string }>('SELECT video_type FROM video_comments WHERE id = $1', [body.data.id]);
    expect(stored[0]?.video_type).toBe('movie');
    const page = await comments(b, 'movie-05');
    expect(page.list[0]?.id).toBe(body.data.id);
    expect(page.commentCount).toBe(1);
  });

  it('one comment per user every 3 s: a second one answers 8062, another user is not held up', async () => {
    await postOk(a, { mediaKey: 'movie-05', content: '第二条' });
    const again = await server.post('/api/Video/Replys', { ...tokenParams(a.token), mediaKey: 'movie-05', content: '太快了' });
    expect(again.body).toEqual({ ret: Ret.CommentTooFrequent, msg: '评论太频繁，请稍后再试', data: null });
    const other = await server.post('/api/Video/Replys', { ...tokenParams(b.token), mediaKey: 'movie-05', content: '我可以' });
    expect(other.body.ret).toBe(Ret.Ok);
    clock.advance(VideoSocialLimits.postIntervalMs - 1);
    const stillEarly = await server.post('/api/Video/Replys', { ...tokenParams(a.token), mediaKey: 'movie-05', content: '还是太快' });
    expect(stillEarly.body.ret).toBe(Ret.CommentTooFrequent);
    clock.advance(1);
    const later = await server.post('/api/Video/Replys', { ...tokenParams(a.token), mediaKey: 'movie-05', content: '现在可以了' });
    expect(later.body.ret).toBe(Ret.Ok);
    // A refused post stored nothing.
    expect((await comments(null, 'movie-05')).list.map((c) => c.content)).not.toContain('太快了');
  });

  it('parallel posts of one user: only one passes', async () => {
    clock.advance(VideoSocialLimits.postIntervalMs);
    const results = await Promise.all(
      [1, 2, 3].map((n) => server.post('/api/Video/Replys', { ...tokenParams(b.token), mediaKey: 'movie-06', content: `并发${n}` })),
    );
    expect(results.map((r) => r.body.ret).sort()).toEqual([Ret.Ok, Ret.CommentTooFrequent, Ret.CommentTooFrequent]);
  });

  it('replies: to a comment, to a reply (joins the comment, answers its author), counts rise, first 2 shown, the rest paged', async () => {
    const root = await postOk(a, { mediaKey: 'movie-07', content: '主评论' });
    const r1 = await postOk(b, { mediaKey: 'movie-07', content: '回复一', parentId: String(root.id) });
    expect(r1).toMatchObject({ parentId: root.id, replyTo: null, replyCount: 0 });
    const r2 = await postOk(a, { mediaKey: 'movie-07', content: '回复二', parentId: String(r1.id) });
    expect(r2).toMatchObject({ parentId: root.id, replyTo: { uid: b.id, nickName: '评论乙' } });
    const r3 = await postOk(b, { mediaKey: 'movie-07', content: '回复三', parentId: String(root.id), replyToUid: String(a.id) });
    expect(r3.replyTo).toEqual({ uid: a.id, nickName: '评论甲' });

    const page = await comments(null, 'movie-07');
    expect(page.total).toBe(1);
    expect(page.commentCount).toBe(4);
    expect(page.list[0]?.replyCount).toBe(3);
    expect(page.list[0]?.replies.map((r) => r.content)).toEqual(['回复一', '回复二']);
    const all = await replies(null, root.id, { pageSize: '2' });
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.content)).toEqual(['回复一', '回复二']);
    expect((await replies(null, root.id, { pageSize: '2', page: '2' })).list.map((r) => r.content)).toEqual(['回复三']);
    // Replies have no replies of their own.
    const { body } = await call(null, '/api/Video/GetCommentByParentID', { parentId: String(r1.id) });
    expect(body.ret).toBe(Ret.CommentNotFound);
  });

  it('a viewer does not see what users they blocked wrote, comments or replies; others still do', async () => {
    const viewer = await server.registerUser({ nickName: '评论丙' });
    clock.advance(VideoSocialLimits.postIntervalMs);
    const root = await postOk(a, { mediaKey: 'movie-09', content: '甲的评论' });
    await postOk(b, { mediaKey: 'movie-09', content: '乙的回复', parentId: String(root.id) });
    clock.advance(VideoSocialLimits.postIntervalMs);
    await postOk(b, { mediaKey: 'movie-09', content: '乙的评论' });
    const blocked = await call<{ status: number }>(viewer, '/api/User/preventUser', { uid: String(b.id), status: '1' });
    expect(blocked.body.ret).toBe(Ret.Ok);

    const seen = await comments(viewer, 'movie-09');
    expect(seen.list.map((c) => c.content)).toEqual(['甲的评论']);
    expect(seen.list[0]).toMatchObject({ replyCount: 0, replies: [] });
    expect([seen.total, seen.commentCount]).toEqual([1, 1]);
    expect((await replies(viewer, root.id)).list).toEqual([]);
    const others = await comments(a, 'movie-09');
    expect(others.list.map((c) => c.content)).toEqual(['乙的评论', '甲的评论']);
    expect(others.list[1]?.replies.map((r) => r.content)).toEqual(['乙的回复']);
  });

  it('a reply must name someone in the thread (8063) and its parent must be on the same video (8060)', async () => {
    const root = await postOk(a, { mediaKey: 'movie-09', content: '只有我' });
    const stranger = await server.registerUser();
    const { body } = await postComment(b, { mediaKey: 'movie-09', content: '@谁', parentId: String(root.id), replyToUid: String(stranger.id) });
    expect(body).toEqual({ ret: Ret.ReplyTargetInvalid, msg: '回复的用户不在该评论下', data: null });
    const elsewhere = await postComment(b, { mediaKey: 'movie-10', content: '串台', parentId: String(root.id) });
    expect(elsewhere.body).toEqual({ ret: Ret.CommentNotFound, msg: '评论不存在', data: null });
  });

  it('DelReply: only one\'s own (8061); a comment takes its replies with it; a reply alone lowers the count', async () => {
    const root = await postOk(a, { mediaKey: 'movie-10', content: '要删的评论' });
    const r1 = await postOk(b, { mediaKey: 'movie-10', content: '乙的回复', parentId: String(root.id) });
    await postOk(a, { mediaKey: 'movie-10', content: '甲的回复', parentId: String(root.id) });

    const refused = await call(b, '/api/Video/DelReply', { id: String(root.id) });
    expect(refused.body).toEqual({ ret: Ret.CommentNotOwned, msg: '只能删除自己的评论', data: null });
    const refusedReply = await call(a, '/api/Video/DelReply', { id: String(r1.id) });
    expect(refusedReply.body.ret).toBe(Ret.CommentNotOwned);

    const own = await call<{ id: number; deleted: number }>(b, '/api/Video/DelReply', { id: String(r1.id) });
    expect(own.body).toEqual({ ret: Ret.Ok, msg: '删除成功', data: { id: r1.id, deleted: 1 } });
    expect((await comments(null, 'movie-10')).list[0]?.replyCount).toBe(1);

    const whole = await call<{ deleted: number }>(a, '/api/Video/DelReply', { id: String(root.id) });
    expect(whole.body.data.deleted).toBe(2);
    expect(await comments(null, 'movie-10')).toMatchObject({ list: [], total: 0, commentCount: 0 });
    const gone = await call(null, '/api/Video/GetCommentByParentID', { parentId: String(root.id) });
    expect(gone.body.ret).toBe(Ret.CommentNotFound);
    const twice = await call(a, '/api/Video/DelReply', { id: String(root.id) });
    expect(twice.body.ret).toBe(Ret.CommentNotFound);
  });

  it('ReplyLike toggles: liked and the count per caller, shown in the list', async () => {
    const root = await postOk(a, { mediaKey: 'movie-11', content: '点赞我' });
    const like = (user: TestUser) => call<{ liked: boolean; likeCount: number }>(user, '/api/Video/ReplyLike', { id: String(root.id) });
    expect((await like(b)).body.data).toEqual({ liked: true, likeCount: 1 });
    expect((await like(a)).body.data).toEqual({ liked: true, likeCount: 2 });
    expect((await comments(b, 'movie-11')).list[0]).toMatchObject({ liked: true, likeCount: 2 });
    expect((await like(b)).body.data).toEqual({ liked: false, likeCount: 1 });
    expect((await comments(b, 'movie-11')).list[0]).toMatchObject({ liked: false, likeCount: 1 });
    expect((await comments(a, 'movie-11')).list[0]).toMatchObject({ liked: true, likeCount: 1 });
  });
});

describe('paging', () => {
  it('pages of comments newest first, without overlap, up to the total', async () => {
    const users = await Promise.all([1, 2, 3].map(() => server.registerUser()));
    for (let n = 1; n <= 7; n += 1) await postOk(users[n % 3] as TestUser, { mediaKey: 'drama-05', content: `第${n}条` });
    const first = await comments(null, 'drama-05', { pageSize: '3' });
    const second = await comments(null, 'drama-05', { pageSize: '3', page: '2' });
    const third = await comments(null, 'drama-05', { pageSize: '3', page: '3' });
    expect(first.total).toBe(7);
    expect([...first.list, ...second.list, ...third.list].map((c) => c.content)).toEqual(['第7条', '第6条', '第5条', '第4条', '第3条', '第2条', '第1条']);
    expect((await comments(null, 'drama-05', { pageSize: '3', page: '4' })).list).toEqual([]);
  });
});

describe('votes, rating, collect and share', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await server.registerUser();
    b = await server.registerUser();
  });
  const vote = (user: TestUser, path: string) => call<Votes>(user, path, { mediaKey: 'anime-02' });

  it('like and dislike toggle and replace each other; counts and my vote come back', async () => {
    expect((await vote(a, '/api/Video/VideoLikes')).body.data).toEqual({ likes: 1, dislikes: 0, myVote: 'like' });
    expect((await vote(b, '/api/Video/VideoLikes')).body.data).toEqual({ likes: 2, dislikes: 0, myVote: 'like' });
    expect((await vote(a, '/api/Video/VideoDisLikes')).body.data).toEqual({ likes: 1, dislikes: 1, myVote: 'dislike' });
    expect((await vote(a, '/api/Video/VideoDisLikes')).body.data).toEqual({ likes: 1, dislikes: 0, myVote: 'none' });
    expect((await vote(b, '/api/Video/VideoLikes')).body.data).toEqual({ likes: 0, dislikes: 0, myVote: 'none' });
    expect((await vote(b, '/api/Video/VideoLikes')).body.data).toEqual({ likes: 1, dislikes: 0, myVote: 'like' });
    expect(await details(b, 'anime-02')).toMatchObject({ likes: 1, dislikes: 0, myVote: 'like' });
    expect(await details(a, 'anime-02')).toMatchObject({ likes: 1, myVote: 'none' });
  });

  it('rating: 1–5 stars, again replaces; the distribution, my rating and the score (the stars\' average) agree', async () => {
    const average = (distribution: { stars: number; count: number }[]) => {
      const count = distribution.reduce((sum, bucket) => sum + bucket.count, 0);
      return count === 0 ? 0 : Math.round((distribution.reduce((sum, bucket) => sum + bucket.stars * bucket.count * 2, 0) * 10) / count) / 10;
    };
    const catalogueScore = async (mediaKey: string) =>
      (await call<{ score: number }>(null, '/api/Video/VideoDetails', { mediaKey })).body.data.score;
    // Nobody rated the live channel: no score (暂无评分), in the details and in the catalogue.
    expect(await details(null, 'tvlive-02')).toMatchObject({ score: 0, ratingCount: 0 });
    expect(await catalogueScore('tvlive-02')).toBe(0);

    const before = await details(null, 'anime-03');
    expect(before.ratingCount).toBe(before.distribution.reduce((sum, bucket) => sum + bucket.count, 0));
    expect(before.ratingCount).toBeGreaterThan(0);
    expect(before.score).toBe(average(before.distribution));
    expect(await catalogueScore('anime-03')).toBe(before.score);
    const rated = await call<Rating>(a, '/api/Video/RateVideo', { mediaKey: 'anime-03', stars: '1' });
    expect(rated.body.msg).toBe('评分成功');
    expect(rated.body.data.myRating).toBe(1);
    expect(rated.body.data.ratingCount).toBe(before.ratingCount + 1);
    expect(rated.body.data.score).toBe(average(rated.body.data.distribution));
    await call(a, '/api/Video/RateVideo', { mediaKey: 'anime-03', stars: '5' });
    await call(b, '/api/Video/RateVideo', { mediaKey: 'anime-03', stars: '4' });
    const after = await details(a, 'anime-03');
    expect(after.ratingCount).toBe(before.ratingCount + 2);
    expect(after.myRating).toBe(5);
    const plus = (stars: number) => (before.distribution.find((bucket) => bucket.stars === stars)?.count ?? 0) + (stars === 5 || stars === 4 ? 1 : 0);
    expect(after.distribution).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, count: plus(stars) })));
    expect(after.score).toBe(average(after.distribution));
    expect(await catalogueScore('anime-03')).toBe(after.score);
  });

  it('collected in the details follows the catalogue\'s AddToScjs', async () => {
    expect((await details(a, 'anime-04')).collected).toBe(false);
    const { body } = await call<{ collected: boolean }>(a, '/api/Video/AddToScjs', { mediaKey: 'anime-04' });
    expect(body.data.collected).toBe(true);
    expect((await details(a, 'anime-04')).collected).toBe(true);
    expect((await details(b, 'anime-04')).collected).toBe(false);
  });

  it('Share counts every share and answers the play page\'s link on the calling page\'s origin', async () => {
    const share = (user: TestUser | null, headers?: Record<string, string>) => call<{ link: string; shareCount: number }>(user, '/api/Video/Share', { mediaKey: 'anime-05' }, headers);
    expect((await share(a, { referer: 'https://app.example.com/play/anime-05?x=1' })).body.data).toEqual({ link: 'https://app.example.com/play/anime-05', shareCount: 1 });
    expect((await share(null, { origin: 'http://phone.example:8080' })).body.data).toEqual({ link: 'http://phone.example:8080/play/anime-05', shareCount: 2 });
    expect((await share(b, { host: 'qiyu.test:3000' })).body.data).toEqual({ link: 'http://qiyu.test:3000/play/anime-05', shareCount: 3 });
    expect((await details(null, 'anime-05')).shareCount).toBe(3);
  });

  it('the details count comments and replies', async () => {
    expect((await details(null, 'movie-03')).commentCount).toBe(8);
  });
});
