/**
 * The message centre's 收到的赞 and 评论和回复 (received interactions), declared once (src/core/request/protocol.ts):
 * the app's InteractionsService sends them, the reference server serves them (server/interactions/routes.ts), the
 * fake (adapters/http/fake-interactions-api.ts) answers them; test/contract/interactions-protocol.test.ts runs one
 * suite against both. The lists are read from what the comment and barrage features store; only the read markers
 * and the @mentions are this feature's own.
 */
import { call } from '../request/protocol.ts';

export const InteractionsLimits = {
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
  /** The latest likers a 收到的赞 row shows (their avatars). */
  latestLikers: 3,
} as const;

/** What a read marker covers: the 收到的赞 list, or the 评论和回复 list. */
export const InteractionKind = { Like: 'like', Reply: 'reply' } as const;
export type InteractionKind = (typeof InteractionKind)[keyof typeof InteractionKind];
const INTERACTION_KINDS: readonly InteractionKind[] = [InteractionKind.Like, InteractionKind.Reply];

/** What was liked: a comment or reply under a video, a barrage, or a post (动态). */
export const LikedKind = { Comment: 'comment', Barrage: 'barrage', Post: 'post' } as const;
export type LikedKind = (typeof LikedKind)[keyof typeof LikedKind];

/** Why a comment is in 评论和回复: it answers mine, comments on my video, or mentions me (@昵称). */
export const ReplyKind = { Reply: 'reply', VideoComment: 'comment', Mention: 'mention' } as const;
export type ReplyKind = (typeof ReplyKind)[keyof typeof ReplyKind];

/** Someone who did it, as a row shows them. */
export interface InteractionActor {
  uid: number;
  nickName: string;
  avatar: string;
}

/**
 * Where tapping a row goes: the video (mediaKey, its episode for a barrage) at a comment's thread, if any; or a liked
 * post (postId; the video fields are then empty).
 */
export interface InteractionTarget {
  mediaKey: string;
  /** The video's title. */
  title: string;
  /** The top-level comment of the thread to open (0: none, a barrage). */
  commentId: number;
  /** The reply inside that thread to show (0: the comment itself). */
  replyId: number;
  /** A barrage's episode (1 otherwise). */
  episode: number;
  /** A liked post's id (0 otherwise). */
  postId: number;
}

/** 收到的赞: one liked comment or barrage with its likes (others', newest first). */
export interface LikeGroup {
  kind: LikedKind;
  /** The comment's or barrage's id. */
  id: number;
  /** What was liked, as written (plain text; the app shows it as text). */
  content: string;
  /** Likers of it (one's own like and blocked users left out). */
  likerCount: number;
  /** The latest likers, newest first (at most {@link InteractionsLimits.latestLikers}). */
  latestLikers: InteractionActor[];
  /** The latest like, Unix milliseconds. */
  time: number;
  /** A like came after the list was last opened. */
  unread: boolean;
  target: InteractionTarget;
}

/** 评论和回复: one comment or reply someone else wrote. */
export interface ReceivedReply {
  kind: ReplyKind;
  /** The comment's or reply's id. */
  id: number;
  author: InteractionActor;
  /** The comment's text as written (plain text). */
  content: string;
  /** What it answers: my comment or reply (kind reply), else the video's title. */
  original: string;
  /** Unix milliseconds. */
  time: number;
  unread: boolean;
  target: InteractionTarget;
}

export interface InteractionPage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The unread counts of the two entries. */
export interface InteractionUnread {
  /** Likes received after 收到的赞 was last opened. */
  likes: number;
  /** Comments and replies received after 评论和回复 was last opened. */
  replies: number;
}

/** Socket events of this feature (server → client). */
export const InteractionsEvents = {
  /** A new like or comment for the user: their counts changed (no payload worth reading: fetch the counts). */
  notice: 'interactionNotice',
} as const;

const page = { kind: 'int', min: 1, max: InteractionsLimits.maxPage, fallback: 1 } as const;
const pageSize = {
  kind: 'int',
  min: 1,
  max: InteractionsLimits.maxPageSize,
  fallback: InteractionsLimits.defaultPageSize,
  rangeMessage: `每页数量为1-${InteractionsLimits.maxPageSize}`,
} as const;

export const InteractionsCalls = {
  /** 收到的赞: the caller's liked comments and barrages, latest like first. Signed in only. */
  likes: call<InteractionPage<LikeGroup>>()({ method: 'GET', path: '/api/Message/GetReceivedLikes', carrier: 'query', params: { page, pageSize } }),
  /** 评论和回复: replies to the caller, comments on the caller's videos and mentions, newest first. Signed in only. */
  replies: call<InteractionPage<ReceivedReply>>()({ method: 'GET', path: '/api/Message/GetReceivedReplies', carrier: 'query', params: { page, pageSize } }),
  /** The two entries' unread counts. Signed in only. */
  unread: call<InteractionUnread>()({ method: 'GET', path: '/api/Message/GetInteractionUnread', carrier: 'query', params: {} }),
  /** Marks one list read up to now; answers the counts afterwards. Signed in only. */
  markRead: call<InteractionUnread>()({
    method: 'POST',
    path: '/api/Message/ReadInteractions',
    carrier: 'form',
    params: { kind: { kind: 'text', max: 8, oneOf: INTERACTION_KINDS, badMessage: '类型错误' } },
  }),
} as const;
