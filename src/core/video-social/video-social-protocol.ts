/**
 * Comments and a video's social actions: the calls declared once (src/core/request/protocol.ts). The app's
 * VideoSocialService sends them, the reference server serves them (server/video-social/routes.ts; AddToScjs from
 * server/catalogue, whose collections it toggles), the fake (adapters/http/fake-video-social-api.ts) answers them;
 * test/contract/video-social-protocol.test.ts runs one suite against both.
 */
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
  /** The author's level (1 to 8, from experience). */
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

/** CommentListsV2: a page of a video's comments. */
export interface CommentViewPage {
  list: CommentView[];
  page: number;
  pageSize: number;
  /** Top-level comments of the video. */
  total: number;
  /** Comments and replies of the video (the 评论 N heading). */
  commentCount: number;
}

/** GetCommentByParentID: a page of a comment's replies, oldest first. */
export interface ReplyViewPage {
  list: CommentView[];
  page: number;
  pageSize: number;
  total: number;
}

/** DelReply: the deleted comment and how many rows went (its replies too). */
export interface CommentDeleted {
  id: number;
  deleted: number;
}

/** ReplyLike: whether the caller likes the comment now, and its likes. */
export interface CommentLiked {
  liked: boolean;
  likeCount: number;
}

/** VideoLikes, VideoDisLikes: the votes afterwards. */
export interface VoteCounts {
  likes: number;
  dislikes: number;
  /** The caller's vote ('none' for a visitor). */
  myVote: Vote;
}

export interface RatingBucket {
  stars: number;
  count: number;
}

/** RateVideo: the rating afterwards. */
export interface Rating {
  /** Out of 10, one decimal: the average of the users' stars (0 without ratings: 暂无评分). */
  score: number;
  ratingCount: number;
  /** Ratings per star, 5 stars first. */
  distribution: RatingBucket[];
  /** The caller's stars (0: not rated, or a visitor). */
  myRating: number;
}

/** VideoRatingDetails: everything the actions bar shows. */
export interface VideoActionDetails extends VoteCounts, Rating {
  mediaKey: string;
  collected: boolean;
  shareCount: number;
  commentCount: number;
}

/** Share: the link to the play page, and the shares afterwards. */
export interface ShareLink {
  link: string;
  shareCount: number;
}

/** AddToScjs: whether the video is in the caller's collection now. */
export interface CollectToggled {
  collected: boolean;
}

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
  comments: call<CommentViewPage>()({
    method: 'GET',
    path: '/api/Video/CommentListsV2',
    carrier: 'query',
    params: { sort: { kind: 'text', max: 8, oneOf: COMMENT_SORTS, optional: true }, page, pageSize, mediaKey },
  }),
  /** A comment's replies, oldest first (8060 for a reply's id or no comment). */
  replies: call<ReplyViewPage>()({ method: 'GET', path: '/api/Video/GetCommentByParentID', carrier: 'query', params: { parentId: id, page, pageSize } }),
  /**
   * Posts a comment, or a reply (parentId: a comment or a reply; replyToUid: whom it answers in that thread), one a
   * user every 3 s; the body is the reply, the category key travels as the query's videoType (spec §7). Answers the
   * stored comment (msg 评论成功 / 回复成功). Signed in only.
   */
  post: call<CommentView>()({
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
  }),
  /** Deletes the caller's own comment or reply; a comment's replies go with it (msg 删除成功). Signed in only. */
  remove: call<CommentDeleted>()({ method: 'GET', path: '/api/Video/DelReply', carrier: 'query', params: { id } }),
  /** Likes a comment or reply, or unlikes it. Signed in only. */
  likeComment: call<CommentLiked>()({ method: 'GET', path: '/api/Video/ReplyLike', carrier: 'query', params: { id }, outlivesPage: true }),
  /** 赞: the same vote again clears it, 踩 is replaced. Signed in only. */
  like: call<VoteCounts>()({ method: 'GET', path: '/api/Video/VideoLikes', carrier: 'query', params: { mediaKey }, outlivesPage: true }),
  /** 踩: the same vote again clears it, 赞 is replaced. Signed in only. */
  dislike: call<VoteCounts>()({ method: 'GET', path: '/api/Video/VideoDisLikes', carrier: 'query', params: { mediaKey }, outlivesPage: true }),
  /** Everything the actions bar shows in one call. Visitors may ask. */
  details: call<VideoActionDetails>()({ method: 'GET', path: '/api/Video/VideoRatingDetails', carrier: 'query', params: { mediaKey } }),
  /** Decided (not in the spec's list): rates the video 1–5 stars (again: replaces; msg 评分成功). Signed in only. */
  rate: call<Rating>()({
    method: 'GET',
    path: '/api/Video/RateVideo',
    carrier: 'query',
    params: {
      stars: { kind: 'int', min: VideoSocialProtocolLimits.minStars, max: VideoSocialProtocolLimits.maxStars, rangeMessage: `评分为${VideoSocialProtocolLimits.minStars}-${VideoSocialProtocolLimits.maxStars}星` },
      mediaKey,
    },
  }),
  /** Records a share (visitors too); answers the play page's link and the share count. */
  share: call<ShareLink>()({ method: 'GET', path: '/api/Video/Share', carrier: 'query', params: { mediaKey } }),
  /** Collects the video, or uncollects it. Signed in only. */
  collect: call<CollectToggled>()({ method: 'GET', path: '/api/Video/AddToScjs', carrier: 'query', params: { mediaKey } }),
} as const;
