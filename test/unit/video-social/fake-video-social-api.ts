/** An imitation of the comment and video-action calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import { averageScore } from '../../../src/core/video-social/video-social-rules.ts';

export interface FakeComment {
  id: number;
  parentId: number;
  uid: number;
  nickName: string;
  content: string;
  time: number;
  likes: Set<number>;
  replyToUid: number | null;
}

export interface FakeVideoSocialApi {
  calls: FakeHttpCall[];
  comments: FakeComment[];
  /** The caller (0: visitor). */
  me: number;
  likes: Set<number>;
  dislikes: Set<number>;
  collected: boolean;
  shares: number;
  ratings: Map<number, number>;
  /** Answer the next calls of these paths with this failure (a path in lower case, or '*'). */
  failWith: { path: string; ret: number; msg: string } | null;
  /** Calls to these paths wait until released. */
  hold: Set<string>;
  release(): void;
  /** Adds a comment as the server would have it. */
  add(comment: Partial<FakeComment> & { content: string }): FakeComment;
}

const ok = (data: unknown, msg = '成功') => ({ body: { ret: 200, msg, data } });
const refuse = (ret: number, msg: string) => ({ body: { ret, msg, data: null } });

export function installFakeVideoSocialApi(http: FakeHttp, me = 1): FakeVideoSocialApi {
  let nextId = 100;
  let waiting: (() => void)[] = [];
  const api: FakeVideoSocialApi = {
    calls: [],
    comments: [],
    me,
    likes: new Set(),
    dislikes: new Set(),
    collected: false,
    shares: 0,
    ratings: new Map(),
    failWith: null,
    hold: new Set(),
    release: () => {
      const all = waiting;
      waiting = [];
      for (const go of all) go();
    },
    add: (comment) => {
      nextId += 1;
      const stored: FakeComment = {
        id: nextId, parentId: 0, uid: 9, nickName: `用户${comment.uid ?? 9}`, time: 1000 + nextId, likes: new Set(), replyToUid: null, ...comment,
      };
      api.comments.push(stored);
      return stored;
    },
  };
  const view = (c: FakeComment, withReplies: boolean): Record<string, unknown> => {
    const replies = api.comments.filter((r) => r.parentId === c.id).sort((a, b) => a.time - b.time);
    const replyTo = c.replyToUid === null ? null : { uid: c.replyToUid, nickName: `用户${c.replyToUid}` };
    return {
      id: c.id, parentId: c.parentId, uid: c.uid, nickName: c.nickName, avatar: '', vipLevel: 0, bigV: false, kefu: false,
      content: c.content, time: c.time, likeCount: c.likes.size, liked: c.likes.has(api.me), replyCount: c.parentId === 0 ? replies.length : 0,
      replyTo, replies: withReplies && c.parentId === 0 ? replies.slice(0, 2).map((r) => view(r, false)) : [],
    };
  };
  const route = (method: 'GET' | 'POST', path: string, handler: (call: FakeHttpCall) => unknown) => {
    http.route(method, path, async (call) => {
      api.calls.push(call);
      if (api.hold.has(path.toLowerCase())) await new Promise<void>((resolve) => waiting.push(resolve));
      const failure = api.failWith;
      if (failure && (failure.path === '*' || failure.path === path.toLowerCase())) return refuse(failure.ret, failure.msg);
      return handler(call) as { body: unknown };
    });
  };
  const page = (call: FakeHttpCall) => ({ page: Number(call.params.page ?? 1), pageSize: Number(call.params.pageSize ?? 10) });

  route('GET', '/api/Video/CommentListsV2', (call) => {
    const { page: p, pageSize } = page(call);
    const roots = api.comments.filter((c) => c.parentId === 0);
    const ordered = call.params.sort === 'hot'
      ? [...roots].sort((a, b) => b.likes.size - a.likes.size || b.time - a.time)
      : [...roots].sort((a, b) => b.time - a.time);
    return ok({
      list: ordered.slice((p - 1) * pageSize, p * pageSize).map((c) => view(c, true)),
      page: p, pageSize, total: roots.length, commentCount: api.comments.length,
    });
  });
  route('GET', '/api/Video/GetCommentByParentID', (call) => {
    const { page: p, pageSize } = page(call);
    const parentId = Number(call.params.parentId);
    const replies = api.comments.filter((c) => c.parentId === parentId).sort((a, b) => a.time - b.time);
    return ok({ list: replies.slice((p - 1) * pageSize, p * pageSize).map((c) => view(c, false)), page: p, pageSize, total: replies.length });
  });
  route('POST', '/api/Video/Replys', (call) => {
    const parent = call.body.parentId === undefined ? null : api.comments.find((c) => c.id === Number(call.body.parentId));
    if (call.body.parentId !== undefined && !parent) return refuse(8060, '评论不存在');
    const rootId = parent ? (parent.parentId || parent.id) : 0;
    const stored = api.add({
      uid: api.me, nickName: `用户${api.me}`, content: String(call.body.content), parentId: rootId, time: 10_000_000 + api.comments.length,
      replyToUid: parent && parent.parentId !== 0 ? parent.uid : null,
    });
    return ok(view(stored, true), parent ? '回复成功' : '评论成功');
  });
  route('GET', '/api/Video/DelReply', (call) => {
    const id = Number(call.params.id);
    const comment = api.comments.find((c) => c.id === id);
    if (!comment) return refuse(8060, '评论不存在');
    if (comment.uid !== api.me) return refuse(8061, '只能删除自己的评论');
    api.comments = api.comments.filter((c) => c.id !== id && c.parentId !== id);
    return ok({ id, deleted: 1 }, '删除成功');
  });
  route('GET', '/api/Video/ReplyLike', (call) => {
    const comment = api.comments.find((c) => c.id === Number(call.params.id));
    if (!comment) return refuse(8060, '评论不存在');
    if (!comment.likes.delete(api.me)) comment.likes.add(api.me);
    return ok({ liked: comment.likes.has(api.me), likeCount: comment.likes.size });
  });
  const votes = () => ({ likes: api.likes.size, dislikes: api.dislikes.size, myVote: api.likes.has(api.me) ? 'like' : api.dislikes.has(api.me) ? 'dislike' : 'none' });
  route('GET', '/api/Video/VideoLikes', () => {
    api.dislikes.delete(api.me);
    if (!api.likes.delete(api.me)) api.likes.add(api.me);
    return ok(votes());
  });
  route('GET', '/api/Video/VideoDisLikes', () => {
    api.likes.delete(api.me);
    if (!api.dislikes.delete(api.me)) api.dislikes.add(api.me);
    return ok(votes());
  });
  const rating = () => {
    const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: [...api.ratings.values()].filter((s) => s === stars).length }));
    // As the server: the score is the ratings' average (0 without any).
    return { score: averageScore(distribution), ratingCount: api.ratings.size, distribution, myRating: api.ratings.get(api.me) ?? 0 };
  };
  route('GET', '/api/Video/VideoRatingDetails', () =>
    ok({ mediaKey: 'movie-03', ...rating(), ...votes(), collected: api.collected, shareCount: api.shares, commentCount: api.comments.length }));
  route('GET', '/api/Video/RateVideo', (call) => {
    api.ratings.set(api.me, Number(call.params.stars));
    return ok(rating(), '评分成功');
  });
  route('GET', '/api/Video/Share', (call) => {
    api.shares += 1;
    return ok({ link: `http://app.test/play/${call.params.mediaKey}`, shareCount: api.shares });
  });
  route('GET', '/api/Video/AddToScjs', () => {
    api.collected = !api.collected;
    return ok({ collected: api.collected });
  });
  return api;
}
