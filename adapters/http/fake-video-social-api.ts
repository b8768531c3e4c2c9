import {
  CommentSort,
  Vote,
  VideoSocialCalls,
  VideoSocialRet,
  type CommentView,
  type CommentViewPage,
  type Rating,
  type ReplyViewPage,
  type VideoActionDetails,
  type VoteCounts,
} from '../../src/core/video-social/video-social-protocol.ts';
import { averageScore, commentContentProblem, VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';
import { VideoSocialTexts } from '../../src/core/video-social/video-social-texts.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

interface FakeComment {
  id: number;
  /** The video's media key (the default video's when arranged without one). */
  mediaKey: string;
  parentId: number;
  uid: number;
  nickName: string;
  content: string;
  time: number;
  likes: Set<number>;
  replyToUid: number | null;
}

/** One video's votes, collectors, shares and ratings. */
interface FakeVideo {
  likes: Set<number>;
  dislikes: Set<number>;
  collectors: Set<number>;
  shares: number;
  ratings: Map<number, number>;
}

/** The imitation's state, for tests to arrange and read; the single-video fields are the default video's, seen by `me`. */
export interface FakeVideoSocialApi {
  calls: FakeHttpCall[];
  /** Every video's comments and replies. */
  comments: FakeComment[];
  /** The caller when the options name none (0: visitor). */
  me: number;
  readonly likes: Set<number>;
  readonly dislikes: Set<number>;
  /** Whether `me` collected the default video. */
  collected: boolean;
  shares: number;
  readonly ratings: Map<number, number>;
  /** Answer the next calls of these paths with this failure (a path in lower case, or '*'). */
  failWith: { path: string; ret: number; msg: string } | null;
  /** Calls to these paths (lower case) wait until released. */
  hold: Set<string>;
  release(): void;
  /** Adds a comment (to the default video unless it names one) as the server would have it. */
  add(comment: Partial<FakeComment> & { content: string }): FakeComment;
}

export interface FakeVideoSocialApiOptions {
  /** Who is calling: a user id, or null for a visitor; `me` (0: a visitor) when left out. */
  caller?: (call: FakeHttpCall) => number | null;
  /** The videos that exist (1030 otherwise); every media key when left out. */
  videos?: ReadonlySet<string>;
  /** The video the single-video fields describe ('movie-03' when left out). */
  defaultVideo?: string;
  /** The time (ms): with it, a user posts once every 3 s (8062), as the server; without it, posts are not spaced. */
  now?: () => number;
}

const VIDEO_NOT_FOUND = fail(1030, '视频不存在');
const COMMENT_NOT_FOUND = fail(VideoSocialRet.CommentNotFound, VideoSocialTexts.commentNotFound);

/**
 * An in-memory imitation of the reference server's comment and video-action calls, answering what
 * video-social-protocol.ts declares and checking their parameters as declared (test/contract/video-social-protocol.test.ts
 * runs one suite against it and the server).
 */
export function installFakeVideoSocialApi(http: FakeHttp, me = 1, options: FakeVideoSocialApiOptions = {}): FakeVideoSocialApi {
  let nextId = 100;
  let waiting: (() => void)[] = [];
  const defaultKey = options.defaultVideo ?? 'movie-03';
  const videos = new Map<string, FakeVideo>();
  const videoOf = (mediaKey: string): FakeVideo => {
    const existing = videos.get(mediaKey);
    if (existing) return existing;
    const made: FakeVideo = { likes: new Set(), dislikes: new Set(), collectors: new Set(), shares: 0, ratings: new Map() };
    videos.set(mediaKey, made);
    return made;
  };
  const lastPost = new Map<number, number>();
  const api: FakeVideoSocialApi = {
    calls: [],
    comments: [],
    me,
    get likes() {
      return videoOf(defaultKey).likes;
    },
    get dislikes() {
      return videoOf(defaultKey).dislikes;
    },
    get collected() {
      return videoOf(defaultKey).collectors.has(api.me);
    },
    set collected(value: boolean) {
      if (value) videoOf(defaultKey).collectors.add(api.me);
      else videoOf(defaultKey).collectors.delete(api.me);
    },
    get shares() {
      return videoOf(defaultKey).shares;
    },
    set shares(value: number) {
      videoOf(defaultKey).shares = value;
    },
    get ratings() {
      return videoOf(defaultKey).ratings;
    },
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
        id: nextId, mediaKey: defaultKey, parentId: 0, uid: 9, nickName: `用户${comment.uid ?? 9}`, time: 1000 + nextId, likes: new Set(), replyToUid: null, ...comment,
      };
      api.comments.push(stored);
      return stored;
    },
  };
  const exists = (mediaKey: string) => options.videos === undefined || options.videos.has(mediaKey);

  const view = (c: FakeComment, viewer: number, withReplies: boolean): CommentView => {
    const replies = api.comments.filter((r) => r.parentId === c.id).sort((a, b) => a.time - b.time || a.id - b.id);
    const replyTo = c.replyToUid === null ? null : { uid: c.replyToUid, nickName: `用户${c.replyToUid}` };
    return {
      id: c.id, parentId: c.parentId, uid: c.uid, nickName: c.nickName, avatar: '', vipLevel: 0, level: 1, bigV: false, kefu: false,
      content: c.content, time: c.time, likeCount: c.likes.size, liked: c.likes.has(viewer), replyCount: c.parentId === 0 ? replies.length : 0,
      replyTo, replies: withReplies && c.parentId === 0 ? replies.slice(0, VideoSocialLimits.previewReplies).map((r) => view(r, viewer, false)) : [],
    };
  };

  /** Every call recorded, then held or failed as a test arranged. */
  const { serve } = fakeApi(http, {
    caller: options.caller ?? (() => (api.me > 0 ? api.me : null)),
    route: (method, path, handler) => {
      const key = path.toLowerCase();
      http.route(method, path, async (call) => {
        api.calls.push(call);
        if (api.hold.has(key)) await new Promise<void>((resolve) => waiting.push(resolve));
        const failure = api.failWith;
        if (failure && (failure.path === '*' || failure.path === key)) return fail(failure.ret, failure.msg);
        return handler(call);
      });
    },
  });

  serve(
    VideoSocialCalls.comments,
    'optional',
    ({ mediaKey, sort, page, pageSize }, caller) => {
      const uid = caller ?? 0;
      if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
      const all = api.comments.filter((c) => c.mediaKey === mediaKey);
      const roots = all.filter((c) => c.parentId === 0);
      const newest = (a: FakeComment, b: FakeComment) => b.time - a.time || b.id - a.id;
      const ordered = sort === CommentSort.Hot ? [...roots].sort((a, b) => b.likes.size - a.likes.size || newest(a, b)) : [...roots].sort(newest);
      const data: CommentViewPage = {
        list: ordered.slice((page - 1) * pageSize, page * pageSize).map((c) => view(c, uid, true)),
        page, pageSize, total: roots.length, commentCount: all.length,
      };
      return ok(data);
    },
  );

  serve(
    VideoSocialCalls.replies,
    'optional',
    ({ parentId, page, pageSize }, caller) => {
      const uid = caller ?? 0;
      const parent = api.comments.find((c) => c.id === parentId);
      if (!parent || parent.parentId !== 0) return COMMENT_NOT_FOUND;
      const replies = api.comments.filter((c) => c.parentId === parentId).sort((a, b) => a.time - b.time || a.id - b.id);
      const data: ReplyViewPage = { list: replies.slice((page - 1) * pageSize, page * pageSize).map((c) => view(c, uid, false)), page, pageSize, total: replies.length };
      return ok(data);
    },
  );

  serve(VideoSocialCalls.post, 'required', ({ mediaKey, content, parentId, replyToUid }, uid) => {
    const problem = commentContentProblem(content);
    if (problem !== null) return fail(1002, problem);
    if (replyToUid !== undefined && parentId === undefined) return fail(1002, '参数格式错误：replyToUid');
    if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
    const parent = parentId === undefined ? null : api.comments.find((c) => c.id === parentId && c.mediaKey === mediaKey);
    if (parentId !== undefined && !parent) return COMMENT_NOT_FOUND;
    const rootId = parent ? parent.parentId || parent.id : 0;
    let replyTo: number | null = null;
    if (parent && replyToUid !== undefined) {
      const inThread = api.comments.some((c) => (c.id === rootId || c.parentId === rootId) && c.uid === replyToUid);
      if (!inThread) return fail(VideoSocialRet.ReplyTargetInvalid, VideoSocialTexts.replyTargetInvalid);
      replyTo = replyToUid;
    } else if (parent && parent.parentId !== 0) replyTo = parent.uid;
    const at = options.now?.();
    if (at !== undefined) {
      const last = lastPost.get(uid);
      if (last !== undefined && at - last < VideoSocialLimits.postIntervalMs) return fail(VideoSocialRet.CommentTooFrequent, VideoSocialTexts.commentTooFrequent);
      lastPost.set(uid, at);
    }
    const stored = api.add({
      mediaKey, uid, nickName: `用户${uid}`, content: content.trim(), parentId: rootId, time: at ?? 10_000_000 + api.comments.length, replyToUid: replyTo,
    });
    return ok(view(stored, uid, true), parent ? VideoSocialTexts.replied : VideoSocialTexts.posted);
  });

  serve(VideoSocialCalls.remove, 'required', ({ id }, uid) => {
    const comment = api.comments.find((c) => c.id === id);
    if (!comment) return COMMENT_NOT_FOUND;
    if (comment.uid !== uid) return fail(VideoSocialRet.CommentNotOwned, VideoSocialTexts.commentNotOwned);
    const before = api.comments.length;
    api.comments = api.comments.filter((c) => c.id !== id && c.parentId !== id);
    return ok({ id, deleted: before - api.comments.length }, VideoSocialTexts.deleted);
  });

  serve(VideoSocialCalls.likeComment, 'required', ({ id }, uid) => {
    const comment = api.comments.find((c) => c.id === id);
    if (!comment) return COMMENT_NOT_FOUND;
    if (!comment.likes.delete(uid)) comment.likes.add(uid);
    return ok({ liked: comment.likes.has(uid), likeCount: comment.likes.size });
  });

  const votes = (video: FakeVideo, viewer: number): VoteCounts => ({
    likes: video.likes.size,
    dislikes: video.dislikes.size,
    myVote: video.likes.has(viewer) ? Vote.Like : video.dislikes.has(viewer) ? Vote.Dislike : Vote.None,
  });
  for (const [declared, tapped] of [
    [VideoSocialCalls.like, 'likes'],
    [VideoSocialCalls.dislike, 'dislikes'],
  ] as const) {
    serve(declared, 'required', ({ mediaKey }, uid) => {
      if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
      const video = videoOf(mediaKey);
      const other = tapped === 'likes' ? video.dislikes : video.likes;
      other.delete(uid);
      if (!video[tapped].delete(uid)) video[tapped].add(uid);
      return ok(votes(video, uid));
    });
  }

  const rating = (video: FakeVideo, viewer: number): Rating => {
    const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: [...video.ratings.values()].filter((s) => s === stars).length }));
    // As the server: the score is the ratings' average (0 without any).
    return { score: averageScore(distribution), ratingCount: video.ratings.size, distribution, myRating: video.ratings.get(viewer) ?? 0 };
  };
  serve(
    VideoSocialCalls.details,
    'optional',
    ({ mediaKey }, caller) => {
      const uid = caller ?? 0;
      if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
      const video = videoOf(mediaKey);
      const data: VideoActionDetails = {
        mediaKey,
        ...rating(video, uid),
        ...votes(video, uid),
        collected: video.collectors.has(uid),
        shareCount: video.shares,
        commentCount: api.comments.filter((c) => c.mediaKey === mediaKey).length,
      };
      return ok(data);
    },
  );

  serve(VideoSocialCalls.rate, 'required', ({ mediaKey, stars }, uid) => {
    if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
    const video = videoOf(mediaKey);
    video.ratings.set(uid, stars);
    return ok(rating(video, uid), VideoSocialTexts.rated);
  });

  serve(
    VideoSocialCalls.share,
    'optional',
    ({ mediaKey }) => {
      if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
      const video = videoOf(mediaKey);
      video.shares += 1;
      return ok({ link: `http://app.test/play/${encodeURIComponent(mediaKey)}`, shareCount: video.shares });
    },
  );

  serve(VideoSocialCalls.collect, 'required', ({ mediaKey }, uid) => {
    if (!exists(mediaKey)) return VIDEO_NOT_FOUND;
    const { collectors } = videoOf(mediaKey);
    if (!collectors.delete(uid)) collectors.add(uid);
    return ok({ collected: collectors.has(uid) });
  });

  return api;
}
