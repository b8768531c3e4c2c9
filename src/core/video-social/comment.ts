import type { CommentView } from './video-social-protocol.ts';

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

/** A comment (with its replies) as the server answers it, shown: none of it pending. */
export function shownComment(view: CommentView): Comment {
  return { ...view, replies: view.replies.map(shownComment), pending: false };
}

/** Items of `more` not already in `shown` (by id), appended: pages shift when comments come and go. */
export function appendNew(shown: readonly Comment[], more: readonly Comment[]): Comment[] {
  const ids = new Set(shown.map((comment) => comment.id));
  return [...shown, ...more.filter((comment) => !ids.has(comment.id))];
}
