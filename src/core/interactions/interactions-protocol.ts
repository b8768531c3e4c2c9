/**
 * The message centre's 收到的赞 and 评论和回复 (received interactions), declared once (src/core/request/protocol.ts):
 * the app's InteractionsService sends them, the reference server serves them (server/interactions/routes.ts), the
 * fake (adapters/http/fake-interactions-api.ts) answers them; test/contract/interactions-protocol.test.ts runs one
 * suite against both. The lists are read from what the comment and barrage features store; only the read markers
 * and the @mentions are this feature's own.
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageOf } from '../shared-kernel/video.ts';

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

/** Someone who did it, as a row shows them (uid 0 when unknown). */
const interactionActor = object({ uid: wire.count, nickName: wire.text, avatar: wire.text });

export type InteractionActor = InferOutput<typeof interactionActor>;

/**
 * Where tapping a row goes: the video (mediaKey, and its title) at a comment's thread, if any (commentId the
 * top-level comment of the thread to open, 0 for none, a barrage; replyId the reply inside it to show, 0 for the
 * comment itself; episode a barrage's, 1 otherwise); or a liked post (postId, 0 otherwise; the video fields are then
 * empty).
 */
const interactionTarget = object({
  mediaKey: wire.text,
  title: wire.text,
  commentId: wire.count,
  replyId: wire.count,
  episode: wire.wholeAtLeast(1),
  postId: wire.count,
});

export type InteractionTarget = InferOutput<typeof interactionTarget>;

/**
 * 收到的赞: one liked comment, barrage or post (its id) with its likes (others', newest first): what was liked as
 * written (plain text, shown as text), its likers (one's own like and blocked users left out), the latest of them
 * (newest first, at most {@link InteractionsLimits.latestLikers}), the latest like's time (Unix ms) and whether a like
 * came after the list was last opened. Without an id or a target it is left out.
 */
const likeGroup = object({
  kind: wire.oneOf([LikedKind.Comment, LikedKind.Barrage, LikedKind.Post], LikedKind.Comment),
  id: wire.id,
  content: wire.text,
  likerCount: wire.count,
  latestLikers: wire.items(interactionActor),
  time: wire.amount(),
  unread: wire.flag,
  target: interactionTarget,
});

export type LikeGroup = InferOutput<typeof likeGroup>;

/**
 * 评论和回复: one comment or reply (its id) someone else wrote, its text as written (plain text), what it answers (my
 * comment or reply for kind reply, else the video's title), its time (Unix ms). Without an id, an author or a target it
 * is left out.
 */
const receivedReply = object({
  kind: wire.oneOf([ReplyKind.Reply, ReplyKind.VideoComment, ReplyKind.Mention], ReplyKind.Reply),
  id: wire.id,
  author: interactionActor,
  content: wire.text,
  original: wire.text,
  time: wire.amount(),
  unread: wire.flag,
  target: interactionTarget,
});

export type ReceivedReply = InferOutput<typeof receivedReply>;

export interface InteractionPage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The unread counts of the two entries: likes and comments or replies received after each list was last opened. */
const interactionUnread = object({ likes: wire.count, replies: wire.count });

export type InteractionUnread = InferOutput<typeof interactionUnread>;

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
  likes: call({ method: 'GET', path: '/api/Message/GetReceivedLikes', carrier: 'query', params: { page, pageSize }, answer: pageOf(likeGroup) }),
  /** 评论和回复: replies to the caller, comments on the caller's videos and mentions, newest first. Signed in only. */
  replies: call({ method: 'GET', path: '/api/Message/GetReceivedReplies', carrier: 'query', params: { page, pageSize }, answer: pageOf(receivedReply) }),
  /** The two entries' unread counts. Signed in only. */
  unread: call({ method: 'GET', path: '/api/Message/GetInteractionUnread', carrier: 'query', params: {}, answer: interactionUnread }),
  /** Marks one list read up to now; answers the counts afterwards. Signed in only. */
  markRead: call({
    method: 'POST',
    path: '/api/Message/ReadInteractions',
    carrier: 'form',
    params: { kind: { kind: 'text', max: 8, oneOf: INTERACTION_KINDS, badMessage: '类型错误' } },
    // The counts are fetched again afterwards: not read here, so whatever comes is no failure.
    answer: wire.orNull(interactionUnread),
  }),
} as const;
