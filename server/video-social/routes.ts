import type { FastifyRequest } from 'fastify';
import { COMMENT_SORTS, CommentSort, Vote, VideoSocialCalls, type VideoActionDetails } from '../../src/core/video-social/video-social-protocol.ts';
import { VideoSocialPaths, commentContentProblem } from '../../src/core/video-social/video-social-rules.ts';
import { VideoSocialTexts } from '../../src/core/video-social/video-social-texts.ts';
import type { AppServices } from '../app-services.ts';
import { findVideoId } from '../catalogue/catalogue-repository.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { announceComment, announceLike } from '../interactions/notices.ts';
import { LikedKind } from '../../src/core/interactions/interactions-protocol.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { Queryable } from '../db/database.ts';
import { pageOfComments, pageOfReplies } from './comment-repository.ts';
import { assertTopLevelComment, likeOrUnlikeComment, postComment, removeComment } from './comment-use-cases.ts';
import { commentCount, isCollected, rate, ratingOf, recordShare, shareCount, toggleVote, voteCounts } from './video-action-repository.ts';

/** The video of a media key: 1030 视频不存在 when there is none. */
async function videoIdOf(db: Queryable, mediaKey: string): Promise<number> {
  const id = await findVideoId(db, mediaKey);
  if (id === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
  return id;
}

/** Everything the actions bar shows, in one read: rating, votes, collected, shares and the comment count. */
async function actionDetails(db: Queryable, mediaKey: string, viewer: number | null): Promise<VideoActionDetails> {
  const videoId = await videoIdOf(db, mediaKey);
  return {
    mediaKey,
    ...(await ratingOf(db, videoId, viewer ?? 0)),
    ...(await voteCounts(db, videoId, viewer ?? 0)),
    collected: viewer === null ? false : await isCollected(db, videoId, viewer),
    shareCount: await shareCount(db, videoId),
    commentCount: await commentCount(db, videoId),
  };
}

/**
 * The origin of the page that called (the app): the Origin header of a cross-origin call, else the Referer's
 * origin, else this server's address.
 */
function appOrigin(request: FastifyRequest): string {
  for (const header of [request.headers.origin, request.headers.referer]) {
    if (typeof header !== 'string' || header === '' || header === 'null') continue;
    try {
      const url = new URL(header);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // Not an address: try the next.
    }
  }
  return `${request.protocol}://${request.host}`;
}

/**
 * Comments (CommentListsV2, GetCommentByParentID, Replys, DelReply, ReplyLike) and the video's actions
 * (VideoLikes, VideoDisLikes, VideoRatingDetails, RateVideo, Share), as src/core/video-social/video-social-protocol.ts
 * declares them. Collecting (AddToScjs) is served by the catalogue, following the uploader is the social FocusUPMaster.
 */
export function registerVideoSocialRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;
  const now = () => new Date(clock.now());

  /** A video's comments, newest first (sort=new, default) or most liked first (sort=hot), each with its first 2 replies. */
  serve(api, VideoSocialCalls.comments, 'optional', async ({ input, auth }) => {
    const videoId = await videoIdOf(db, input.mediaKey);
    const sort = COMMENT_SORTS.find((known) => known === input.sort) ?? CommentSort.New;
    return pageOfComments(db, videoId, auth?.user.id ?? 0, sort, input.page, input.pageSize, now());
  });

  /** A comment's replies, oldest first. */
  serve(api, VideoSocialCalls.replies, 'optional', async ({ input: { parentId, page, pageSize }, auth }) => {
    await assertTopLevelComment(db, parentId);
    return pageOfReplies(db, parentId, auth?.user.id ?? 0, page, pageSize, now());
  });

  /** Posts a comment or a reply (one per user every 3 s); answers the stored comment. */
  serve(api, VideoSocialCalls.post, 'required', async ({ input, auth }) => {
    const problem = commentContentProblem(input.content);
    if (problem !== null) throw badParam('content', problem);
    if (input.replyToUid !== undefined && input.parentId === undefined) throw badParam('replyToUid');
    const comment = await postComment(services, auth.user.id, {
      mediaKey: input.mediaKey,
      content: input.content,
      parentId: input.parentId,
      replyToUid: input.replyToUid,
      videoType: input.videoType ?? '',
    });
    if (comment === null) throw new ApiError(Ret.CommentNotFound, RetMessage.CommentNotFound);
    announceComment(services, comment.id, auth.user.id);
    return ok(comment, input.parentId === undefined ? VideoSocialTexts.posted : VideoSocialTexts.replied);
  });

  /** Deletes one's own comment or reply; a comment's replies go with it. */
  serve(api, VideoSocialCalls.remove, 'required', async ({ input: { id }, auth }) => ok(await removeComment(db, auth.user.id, id), VideoSocialTexts.deleted));

  /** Likes or unlikes a comment or reply. */
  serve(api, VideoSocialCalls.likeComment, 'required', async ({ input: { id }, auth }) => {
    const liked = await likeOrUnlikeComment(db, auth.user.id, id, now());
    if (liked.liked) announceLike(services, LikedKind.Comment, id, auth.user.id);
    return liked;
  });

  for (const [declared, tapped] of [
    [VideoSocialCalls.like, Vote.Like],
    [VideoSocialCalls.dislike, Vote.Dislike],
  ] as const) {
    serve(api, declared, 'required', async ({ input: { mediaKey }, auth }) => {
      const videoId = await videoIdOf(db, mediaKey);
      return db.transaction((tx) => toggleVote(tx, videoId, auth.user.id, tapped, now()));
    });
  }

  /** Everything the actions bar shows, in one call. */
  serve(api, VideoSocialCalls.details, 'optional', ({ input: { mediaKey }, auth }) => actionDetails(db, mediaKey, auth?.user.id ?? null));

  /** Rates the video 1–5 stars (again: replaces); answers the rating afterwards. */
  serve(api, VideoSocialCalls.rate, 'required', async ({ input: { mediaKey, stars }, auth }) => {
    const videoId = await videoIdOf(db, mediaKey);
    await rate(db, videoId, auth.user.id, stars, now());
    return ok(await ratingOf(db, videoId, auth.user.id), VideoSocialTexts.rated);
  });

  /** Records a share (visitors too) and answers the link to the play page and the share count. */
  serve(api, VideoSocialCalls.share, 'optional', async ({ input: { mediaKey }, auth, request }) => {
    const videoId = await videoIdOf(db, mediaKey);
    await recordShare(db, videoId, auth?.user.id ?? null, now());
    return {
      link: `${appOrigin(request)}${VideoSocialPaths.play}/${encodeURIComponent(mediaKey)}`,
      shareCount: await shareCount(db, videoId),
    };
  });
}
