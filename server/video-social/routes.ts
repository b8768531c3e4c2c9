import type { FastifyRequest } from 'fastify';
import {
  COMMENT_SORTS,
  CommentSort,
  Vote,
  VideoSocialLimits,
  VideoSocialPaths,
  VideoSocialTexts,
  commentContentProblem,
} from '../../src/core/video-social/video-social-rules.ts';
import type { AppServices } from '../app-services.ts';
import { findVideoId } from '../catalogue/catalogue-repository.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { takeSendSlot } from '../rate-limit/send-limits.ts';
import {
  commentRef,
  deleteComment,
  findComment,
  insertComment,
  isInThread,
  pageOfComments,
  pageOfReplies,
  takePostingSlot,
  toggleCommentLike,
} from './comment-repository.ts';
import { commentCount, isCollected, rate, ratingOf, recordShare, shareCount, toggleVote, voteCounts } from './video-action-repository.ts';

const PAGE_LIMITS = {
  defaultPageSize: VideoSocialLimits.defaultPageSize,
  maxPageSize: VideoSocialLimits.maxPageSize,
  maxPage: VideoSocialLimits.maxPage,
};

const commentNotFound = () => new ApiError(Ret.CommentNotFound, RetMessage.CommentNotFound);

function sortOf(params: Params): CommentSort {
  const sort = params.optionalString('sort') ?? CommentSort.New;
  if (!(COMMENT_SORTS as readonly string[]).includes(sort)) throw badParam('sort');
  return sort as CommentSort;
}

/** The category key sent as the optional videoType query of Replys: letters, digits, - and _, at most 32. */
function videoTypeOf(params: Params): string {
  const type = (params.optionalString('videoType') ?? '').trim();
  if (type.length > VideoSocialLimits.maxVideoType || !/^[\w-]*$/.test(type)) throw badParam('videoType');
  return type;
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
 * (VideoLikes, VideoDisLikes, VideoRatingDetails, RateVideo, Share). Collecting is the catalogue's AddToScjs,
 * following the uploader is the social FocusUPMaster.
 */
export function registerVideoSocialRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;
  const now = () => new Date(clock.now());

  const videoIdOf = async (params: Params): Promise<number> => {
    const id = await findVideoId(db, params.mediaKey());
    if (id === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    return id;
  };

  /** A video's comments, newest first (sort=new, default) or most liked first (sort=hot), each with its first 2 replies. */
  api.get(VideoSocialPaths.comments, 'optional', async ({ params, auth }) => {
    const sort = sortOf(params);
    const { page, pageSize } = params.paging(PAGE_LIMITS);
    const videoId = await videoIdOf(params);
    return pageOfComments(db, videoId, auth?.user.id ?? 0, sort, page, pageSize, now());
  });

  /** A comment's replies, oldest first. */
  api.get(VideoSocialPaths.replies, 'optional', async ({ params, auth }) => {
    const parentId = params.id('parentId');
    const { page, pageSize } = params.paging(PAGE_LIMITS);
    const parent = await commentRef(db, parentId);
    if (!parent || parent.parentId !== null) throw commentNotFound();
    return pageOfReplies(db, parentId, auth?.user.id ?? 0, page, pageSize, now());
  });

  /**
   * Posts a comment, or a reply (parentId: a comment or a reply; a reply to a reply joins the same comment and
   * answers its author). One post per user every 3 s. Answers the stored comment.
   */
  api.post(VideoSocialPaths.post, 'required', async ({ params, auth }) => {
    const mediaKey = params.mediaKey();
    const content = params.string('content');
    const problem = commentContentProblem(content);
    if (problem !== null) throw badParam('content', problem);
    const parentId = params.optionalId('parentId');
    const replyToUid = params.optionalId('replyToUid');
    if (replyToUid !== undefined && parentId === undefined) throw badParam('replyToUid');
    const videoType = videoTypeOf(params);
    const me = auth.user.id;
    const at = now();
    const id = await db.transaction(async (tx) => {
      const videoId = await findVideoId(tx, mediaKey);
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
      return insertComment(tx, { videoId, userId: me, parentId: root, replyToUid: replyTo, content: content.trim(), videoType, at });
    });
    const comment = await findComment(db, id, me, at);
    return ok(comment, parentId === undefined ? VideoSocialTexts.posted : VideoSocialTexts.replied);
  });

  /** Deletes one's own comment or reply; a comment's replies go with it. */
  api.get(VideoSocialPaths.remove, 'required', async ({ params, auth }) => {
    const id = params.id('id');
    const deleted = await db.transaction(async (tx) => {
      const comment = await commentRef(tx, id, true);
      if (!comment) throw commentNotFound();
      if (comment.userId !== auth.user.id) throw new ApiError(Ret.CommentNotOwned, RetMessage.CommentNotOwned);
      return deleteComment(tx, id);
    });
    return ok({ id, deleted }, VideoSocialTexts.deleted);
  });

  /** Likes or unlikes a comment or reply. */
  api.get(VideoSocialPaths.likeComment, 'required', async ({ params, auth }) => {
    const id = params.id('id');
    return db.transaction(async (tx) => {
      if (!(await commentRef(tx, id))) throw commentNotFound();
      return toggleCommentLike(tx, id, auth.user.id, now());
    });
  });

  const voteRoute = (path: string, tapped: typeof Vote.Like | typeof Vote.Dislike) =>
    api.get(path, 'required', async ({ params, auth }) => {
      const videoId = await videoIdOf(params);
      return db.transaction((tx) => toggleVote(tx, videoId, auth.user.id, tapped, now()));
    });
  voteRoute(VideoSocialPaths.like, Vote.Like);
  voteRoute(VideoSocialPaths.dislike, Vote.Dislike);

  /** Everything the actions bar shows, in one call: rating, votes, collected, shares and the comment count. */
  api.get(VideoSocialPaths.details, 'optional', async ({ params, auth }) => {
    const mediaKey = params.mediaKey();
    const videoId = await videoIdOf(params);
    const viewer = auth?.user.id ?? 0;
    return {
      mediaKey,
      ...(await ratingOf(db, videoId, viewer)),
      ...(await voteCounts(db, videoId, viewer)),
      collected: auth ? await isCollected(db, videoId, viewer) : false,
      shareCount: await shareCount(db, videoId),
      commentCount: await commentCount(db, videoId),
    };
  });

  /** Rates the video 1–5 stars (again: replaces); answers the rating afterwards. */
  api.get(VideoSocialPaths.rate, 'required', async ({ params, auth }) => {
    const stars = params.int('stars');
    if (stars < VideoSocialLimits.minStars || stars > VideoSocialLimits.maxStars) throw badParam('stars', VideoSocialTexts.starsInvalid);
    const videoId = await videoIdOf(params);
    await rate(db, videoId, auth.user.id, stars, now());
    return ok(await ratingOf(db, videoId, auth.user.id), VideoSocialTexts.rated);
  });

  /** Records a share (visitors too) and answers the link to the play page and the share count. */
  api.get(VideoSocialPaths.share, 'optional', async ({ params, auth, request }) => {
    const mediaKey = params.mediaKey();
    const videoId = await videoIdOf(params);
    await recordShare(db, videoId, auth?.user.id ?? null, now());
    return {
      link: `${appOrigin(request)}${VideoSocialPaths.play}/${encodeURIComponent(mediaKey)}`,
      shareCount: await shareCount(db, videoId),
    };
  });
}
