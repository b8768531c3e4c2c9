import type { CommentDeleted, CommentLiked, CommentView } from '../../src/core/video-social/video-social-protocol.ts';
import { VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';
import type { AppServices } from '../app-services.ts';
import { findVideoId } from '../catalogue/catalogue-repository.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { recordMentions } from '../interactions/mentions.ts';
import { takeSendSlot } from '../rate-limit/send-limits.ts';
import { commentRef, deleteComment, findComment, insertComment, isInThread, takePostingSlot, toggleCommentLike } from './comment-repository.ts';

const commentNotFound = () => new ApiError(Ret.CommentNotFound, RetMessage.CommentNotFound);

export interface CommentToPost {
  mediaKey: string;
  /** Checked (commentContentProblem); stored trimmed. */
  content: string;
  /** The comment or reply answered. */
  parentId: number | undefined;
  /** Whom the reply answers in that thread (only with parentId). */
  replyToUid: number | undefined;
  videoType: string;
}

/**
 * Posts a comment, or a reply (parentId: a comment or a reply; a reply to a reply joins the same comment and answers
 * its author), in one transaction: the video must exist (1030), the parent be of that video (8060), replyToUid be in
 * the thread (8063); the send limits, then one post per user every 3 s (8062). Answers the stored comment.
 */
export async function postComment(services: Pick<AppServices, 'db' | 'clock' | 'limiter' | 'config'>, me: number, post: CommentToPost): Promise<CommentView | null> {
  const { db } = services;
  const at = new Date(services.clock.now());
  const { parentId, replyToUid } = post;
  const id = await db.transaction(async (tx) => {
    const videoId = await findVideoId(tx, post.mediaKey);
    if (videoId === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    let root: number | null = null;
    let replyTo: number | null = null;
    if (parentId !== undefined) {
      const parent = await commentRef(tx, parentId);
      if (!parent || parent.videoId !== videoId) throw commentNotFound();
      root = parent.parentId ?? parent.id;
      if (replyToUid !== undefined) {
        if (!(await isInThread(tx, root, replyToUid))) throw new ApiError(Ret.ReplyTargetInvalid, RetMessage.ReplyTargetInvalid);
        replyTo = replyToUid;
      } else if (parent.parentId !== null) {
        replyTo = parent.userId;
      }
    }
    await takeSendSlot(services.limiter, services.config.sendLimits, 'comment', me);
    if (!(await takePostingSlot(tx, me, at, VideoSocialLimits.postIntervalMs))) {
      throw new ApiError(Ret.CommentTooFrequent, RetMessage.CommentTooFrequent);
    }
    const content = post.content.trim();
    const inserted = await insertComment(tx, { videoId, userId: me, parentId: root, replyToUid: replyTo, content, videoType: post.videoType, at });
    // 评论和回复 (server/interactions): whom the comment mentions as @昵称.
    await recordMentions(tx, { id: inserted, authorUid: me, content });
    return inserted;
  });
  return findComment(db, id, me, at);
}

/** Deletes one's own comment or reply (8061 for another's, 8060 for none); a comment's replies go with it. */
export async function removeComment(db: Database, me: number, id: number): Promise<CommentDeleted> {
  const deleted = await db.transaction(async (tx) => {
    const comment = await commentRef(tx, id, true);
    if (!comment) throw commentNotFound();
    if (comment.userId !== me) throw new ApiError(Ret.CommentNotOwned, RetMessage.CommentNotOwned);
    return deleteComment(tx, id);
  });
  return { id, deleted };
}

/** Likes or unlikes a comment or reply (8060 for none). */
export async function likeOrUnlikeComment(db: Database, me: number, id: number, now: Date): Promise<CommentLiked> {
  return db.transaction(async (tx) => {
    if (!(await commentRef(tx, id))) throw commentNotFound();
    return toggleCommentLike(tx, id, me, now);
  });
}

/** A comment's replies need a top-level comment: 8060 for a reply's id or none. */
export async function assertTopLevelComment(db: Database, parentId: number): Promise<void> {
  const parent = await commentRef(db, parentId);
  if (!parent || parent.parentId !== null) throw commentNotFound();
}
