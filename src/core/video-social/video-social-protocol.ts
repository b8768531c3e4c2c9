/**
 * Comments and a video's social actions: the calls declared once (src/core/request/protocol.ts). The app's
 * VideoSocialService sends them, the reference server serves them (server/video-social/routes.ts; AddToScjs from
 * server/catalogue, whose collections it toggles), the fake (adapters/http/fake-video-social-api.ts) answers them;
 * test/contract/video-social-protocol.test.ts runs one suite against both.
 */
import { lazy, object, type GenericSchema, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { countOf, fieldsOf, listOf } from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

export const CommentSort = { New: 'new', Hot: 'hot' } as const;
export type CommentSort = (typeof CommentSort)[keyof typeof CommentSort];
export const COMMENT_SORTS: readonly CommentSort[] = [CommentSort.New, CommentSort.Hot];

/** A user's vote on a video. */
export const Vote = { Like: 'like', Dislike: 'dislike', None: 'none' } as const;
export type Vote = (typeof Vote)[keyof typeof Vote];

export const VideoSocialProtocolLimits = {
  /** A comment's length in characters (code points) after trimming. */
  contentMax: 500,
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 10_000,
  maxVideoType: 32,
  minStars: 1,
  maxStars: 5,
  maxMediaKey: 64,
} as const;

/** Answer codes of the comment calls. */
export const VideoSocialRet = {
  CommentNotFound: 8060,
  CommentNotOwned: 8061,
  CommentTooFrequent: 8062,
  ReplyTargetInvalid: 8063,
} as const;

/** A comment or a reply as the API answers it, seen by the caller. */
export interface CommentView {
  id: number;
  /** The top-level comment of a reply; 0 for a comment. */
  parentId: number;
  uid: number;
  nickName: string;
  avatar: string;
  /** The active VIP level (0 when none or expired). */
  vipLevel: number;
  /** The author's level (1 to 8, from experience; 0 when unknown). */
  level: number;
  bigV: boolean;
  kefu: boolean;
  content: string;
  /** Unix milliseconds. */
  time: number;
  likeCount: number;
  /** Whether the caller likes it (false for a visitor). */
  liked: boolean;
  /** Replies of a comment (0 for a reply). */
  replyCount: number;
  /** The user a reply answers (回复 @nick), null when it answers the comment itself. */
  replyTo: { uid: number; nickName: string } | null;
  /** A comment's first replies, oldest first (empty for a reply). */
  replies: CommentView[];
}

/** A comment or a reply (its replies read the same way): without an id it is unreadable, left out of a list. */
const commentView: GenericSchema<unknown, CommentView> = object({
  id: wire.id,
  parentId: wire.count,
  uid: wire.count,
  nickName: wire.text,
  avatar: wire.text,
  vipLevel: wire.count,
  level: wire.count,
  bigV: wire.flag,
  kefu: wire.flag,
  content: wire.text,
  time: wire.number(),
  likeCount: wire.count,
  liked: wire.flag,
  replyCount: wire.count,
  replyTo: wire.orNull(object({ uid: wire.wholeId, nickName: wire.text })),
  replies: wire.items(lazy(() => commentView)),
});

/** CommentListsV2: a page of a video's comments; total counts the top-level ones, commentCount comments and replies (the 评论 N heading). */
const commentViewPage = object({ list: wire.items(commentView), page: wire.wholeAtLeast(1), pageSize: wire.wholeAtLeast(1), total: wire.count, commentCount: wire.count });

export type CommentViewPage = InferOutput<typeof commentViewPage>;

/** GetCommentByParentID: a page of a comment's replies, oldest first. */
const replyViewPage = object({ list: wire.items(commentView), page: wire.wholeAtLeast(1), pageSize: wire.wholeAtLeast(1), total: wire.count });

export type ReplyViewPage = InferOutput<typeof replyViewPage>;

/** DelReply: the deleted comment and how many rows went (its replies too; not read: null when it does not read). */
const commentDeleted = object({ id: wire.whole, deleted: wire.count });

export type CommentDeleted = InferOutput<typeof commentDeleted>;

/** ReplyLike: whether the caller likes the comment now, and its likes. */
const commentLiked = object({ liked: wire.isTrue, likeCount: wire.count });

export type CommentLiked = InferOutput<typeof commentLiked>;

/** The votes: likes, dislikes and the caller's vote ('none' for a visitor, or an unknown one). */
const voteEntries = { likes: wire.count, dislikes: wire.count, myVote: wire.oneOf([Vote.Like, Vote.Dislike, Vote.None], Vote.None) };

/** VideoLikes, VideoDisLikes: the votes afterwards. */
const voteCounts = object(voteEntries);

export type VoteCounts = InferOutput<typeof voteCounts>;

export interface RatingBucket {
  stars: number;
  count: number;
}

/**
 * A rating: the score out of 10, one decimal (the average of the users' stars; 0 without ratings: 暂无评分), the
 * ratings, the ratings per star (every star listed, 5 stars first) and the caller's stars (0: not rated, a visitor).
 */
const ratingEntries = {
  score: wire.amount(),
  ratingCount: wire.count,
  distribution: wire.lenientAnswer((value): RatingBucket[] => {
    const buckets = listOf(value).map(fieldsOf);
    const distribution: RatingBucket[] = [];
    for (let stars = VideoSocialProtocolLimits.maxStars; stars >= VideoSocialProtocolLimits.minStars; stars -= 1) {
      distribution.push({ stars, count: countOf(buckets.find((bucket) => Number(bucket.stars) === stars)?.count) });
    }
    return distribution;
  }),
  myRating: wire.lenientAnswer((value) => {
    const stars = countOf(value);
    return stars <= VideoSocialProtocolLimits.maxStars ? stars : 0;
  }),
};

/** RateVideo: the rating afterwards. */
const rating = object(ratingEntries);

export type Rating = InferOutput<typeof rating>;

/** VideoRatingDetails: everything the actions bar shows. */
const videoActionDetails = object({ mediaKey: wire.text, ...voteEntries, ...ratingEntries, collected: wire.isTrue, shareCount: wire.count, commentCount: wire.count });

export type VideoActionDetails = InferOutput<typeof videoActionDetails>;

/** Share: the link to the play page, and the shares afterwards. */
const shareLink = object({ link: wire.lenientAnswer((value) => (typeof value === 'string' ? value : '')), shareCount: wire.count });

/** AddToScjs: whether the video is in the caller's collection now. */
const collectToggled = object({ collected: wire.isTrue });

const mediaKey = { kind: 'text', max: VideoSocialProtocolLimits.maxMediaKey } as const;
const id = { kind: 'id' } as const;
const page = { kind: 'int', min: 1, max: VideoSocialProtocolLimits.maxPage, fallback: 1 } as const;
const pageSize = {
  kind: 'int',
  min: 1,
  max: VideoSocialProtocolLimits.maxPageSize,
  fallback: VideoSocialProtocolLimits.defaultPageSize,
  rangeMessage: `每页数量为1-${VideoSocialProtocolLimits.maxPageSize}`,
} as const;

export const VideoSocialCalls = {
  /** A video's comments, newest first (sort=new, the default) or most liked first (hot), each with its first 2 replies. */
  comments: call({
    method: 'GET',
    path: '/api/Video/CommentListsV2',
    carrier: 'query',
    params: { sort: { kind: 'text', max: 8, oneOf: COMMENT_SORTS, optional: true }, page, pageSize, mediaKey },
    answer: commentViewPage,
  }),
  /** A comment's replies, oldest first (8060 for a reply's id or no comment). */
  replies: call({ method: 'GET', path: '/api/Video/GetCommentByParentID', carrier: 'query', params: { parentId: id, page, pageSize }, answer: replyViewPage }),
  /**
   * Posts a comment, or a reply (parentId: a comment or a reply; replyToUid: whom it answers in that thread), one a
   * user every 3 s; the body is the reply, the category key travels as the query's videoType (spec §7). Answers the
   * stored comment (msg 评论成功 / 回复成功; null when it does not read). Signed in only.
   */
  post: call({
    method: 'POST',
    path: '/api/Video/Replys',
    carrier: 'form',
    outlivesPage: true,
    params: {
      mediaKey,
      // Its trimmed length and characters are commentContentProblem's to check (as 请输入评论内容, 评论最多500个字 …).
      content: { kind: 'text', max: VideoSocialProtocolLimits.contentMax * 4, badMessage: `评论最多${VideoSocialProtocolLimits.contentMax}个字` },
      parentId: { kind: 'id', optional: true },
      replyToUid: { kind: 'id', optional: true },
      videoType: { kind: 'text', max: VideoSocialProtocolLimits.maxVideoType, trim: true, pattern: /^[\w-]*$/, optional: true, inQuery: true },
    },
    answer: wire.orNull(commentView),
  }),
  /** Deletes the caller's own comment or reply; a comment's replies go with it (msg 删除成功). Signed in only. */
  remove: call({ method: 'GET', path: '/api/Video/DelReply', carrier: 'query', params: { id }, answer: wire.orNull(commentDeleted) }),
  /** Likes a comment or reply, or unlikes it. Signed in only. */
  likeComment: call({ method: 'GET', path: '/api/Video/ReplyLike', carrier: 'query', params: { id }, outlivesPage: true, answer: commentLiked }),
  /** 赞: the same vote again clears it, 踩 is replaced. Signed in only. */
  like: call({ method: 'GET', path: '/api/Video/VideoLikes', carrier: 'query', params: { mediaKey }, outlivesPage: true, answer: voteCounts }),
  /** 踩: the same vote again clears it, 赞 is replaced. Signed in only. */
  dislike: call({ method: 'GET', path: '/api/Video/VideoDisLikes', carrier: 'query', params: { mediaKey }, outlivesPage: true, answer: voteCounts }),
  /** Everything the actions bar shows in one call. Visitors may ask. */
  details: call({ method: 'GET', path: '/api/Video/VideoRatingDetails', carrier: 'query', params: { mediaKey }, answer: videoActionDetails }),
  /** Decided (not in the spec's list): rates the video 1–5 stars (again: replaces; msg 评分成功). Signed in only. */
  rate: call({
    method: 'GET',
    path: '/api/Video/RateVideo',
    carrier: 'query',
    params: {
      stars: { kind: 'int', min: VideoSocialProtocolLimits.minStars, max: VideoSocialProtocolLimits.maxStars, rangeMessage: `评分为${VideoSocialProtocolLimits.minStars}-${VideoSocialProtocolLimits.maxStars}星` },
      mediaKey,
    },
    answer: rating,
  }),
  /** Records a share (visitors too); answers the play page's link and the share count. */
  share: call({ method: 'GET', path: '/api/Video/Share', carrier: 'query', params: { mediaKey }, answer: shareLink }),
  /** Collects the video, or uncollects it. Signed in only. */
  collect: call({ method: 'GET', path: '/api/Video/AddToScjs', carrier: 'query', params: { mediaKey }, answer: collectToggled }),
} as const;
