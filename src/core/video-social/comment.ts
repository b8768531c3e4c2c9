import { countOf, fieldsOf, flagOf, listOf, textOf } from '../request/answer-values.ts';
/** A comment or a reply under a video, as the app shows it. */
export interface Comment {
  /** The server's id; negative for an entry shown before the server stored it. */
  id: number;
  /** The top-level comment of a reply; 0 for a comment. */
  parentId: number;
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  /** The author's level (1 to 8; 0 when unknown: no icon). */
  level: number;
  bigV: boolean;
  kefu: boolean;
  content: string;
  /** Unix milliseconds. */
  time: number;
  likeCount: number;
  liked: boolean;
  /** Replies of a comment (0 for a reply). */
  replyCount: number;
  /** The user a reply answers (回复 @nick), null when it answers the comment itself. */
  replyTo: { uid: number; nickName: string } | null;
  /** Replies shown under a comment (its first ones, then all of them once loaded). */
  replies: readonly Comment[];
  /** Shown at once while the server stores it. */
  pending: boolean;
}

export interface CommentPage {
  list: readonly Comment[];
  /** Top-level comments of the video. */
  total: number;
  /** Comments and replies (the 评论 N heading). */
  commentCount: number;
}

export interface ReplyPage {
  list: readonly Comment[];
  total: number;
}

/** Reads a comment (with its replies); null without a usable id. */
export function parseComment(value: unknown): Comment | null {
  const raw = fieldsOf(value);
  const id = Number(raw.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const replyTo = fieldsOf(raw.replyTo);
  const replyToUid = countOf(replyTo.uid);
  return {
    id,
    parentId: countOf(raw.parentId),
    uid: countOf(raw.uid),
    nickName: textOf(raw.nickName),
    avatar: textOf(raw.avatar),
    vipLevel: countOf(raw.vipLevel),
    level: countOf(raw.level),
    bigV: flagOf(raw.bigV),
    kefu: flagOf(raw.kefu),
    content: textOf(raw.content),
    time: Number.isFinite(Number(raw.time)) ? Number(raw.time) : 0,
    likeCount: countOf(raw.likeCount),
    liked: flagOf(raw.liked),
    replyCount: countOf(raw.replyCount),
    replyTo: replyToUid > 0 ? { uid: replyToUid, nickName: textOf(replyTo.nickName) } : null,
    replies: parseComments(raw.replies),
    pending: false,
  };
}

function parseComments(value: unknown): Comment[] {
  return listOf(value).map(parseComment).filter((comment): comment is Comment => comment !== null);
}

export function parseCommentPage(value: unknown): CommentPage {
  const raw = fieldsOf(value);
  return { list: parseComments(raw.list), total: countOf(raw.total), commentCount: countOf(raw.commentCount) };
}

export function parseReplyPage(value: unknown): ReplyPage {
  const raw = fieldsOf(value);
  return { list: parseComments(raw.list), total: countOf(raw.total) };
}

/** Items of `more` not already in `shown` (by id), appended: pages shift when comments come and go. */
export function appendNew(shown: readonly Comment[], more: readonly Comment[]): Comment[] {
  const ids = new Set(shown.map((comment) => comment.id));
  return [...shown, ...more.filter((comment) => !ids.has(comment.id))];
}
