import { PostsCalls, type Post } from '../../src/core/posts/posts-protocol.ts';
import { UploadCalls, UploadConstants, type PlaceList, type PublishPoint } from '../../src/core/upload/upload-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { mediaDirOf, uploadDirOf, uploadLimitsOf } from '../config.ts';
import { ApiError, badParam, loginRequired } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { userExists } from '../social/social-repository.ts';
import { UploadFiles } from '../upload/upload-files.ts';
import { usedBytesOf } from '../upload/upload-repository.ts';
import { createPost } from './create-post.ts';
import { deletePost } from './delete-post.ts';
import { searchPlaces } from './places.ts';
import { allLabels } from './post-rules.ts';
import { findPost, markFeedSeen, pageOfPosts } from './posts-repository.ts';
import { postsToday } from './publish-limit.ts';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** SearchPlace's optional point (as the declaration reads lat and lng): both or neither, in range (1002 otherwise). */
function pointOf(input: { lat?: string; lng?: string }): { lat: number; lng: number } | null {
  if (input.lat === undefined && input.lng === undefined) return null;
  const number = (raw: string | undefined, name: string, limit: number): number => {
    const value = Number(raw);
    if (raw === undefined || Math.abs(value) > limit) throw badParam(name);
    return value;
  };
  return { lat: number(input.lat, 'lat', 90), lng: number(input.lng, 'lng', 180) };
}

/**
 * Posts: GetPublishPoint, GetLabel, CreateTrends (form body, nested fields as JSON text), MyListTrends, ListTrends (all / follow, which clears
 * newWorks), TrendsDetail, DelTrends (files too) and SearchPlace over the seeded places.
 */
export function registerPostsRoutes(api: ApiRouter, services: AppServices): void {
  const { db, config, clock } = services;
  const files = new UploadFiles(uploadDirOf(config), mediaDirOf(config));
  const limits = uploadLimitsOf(config);
  const now = () => new Date(clock.now());

  /** What the caller may still publish today, and the upload limits. */
  serve(api, UploadCalls.publishPoint, 'required', async ({ auth }): Promise<PublishPoint> => {
    const at = now();
    const usedToday = await postsToday(db, auth.user.id, at.getTime());
    const remaining = Math.max(0, UploadConstants.dailyPostLimit - usedToday);
    return {
      dailyLimit: UploadConstants.dailyPostLimit,
      usedToday,
      remaining,
      canPublish: remaining > 0,
      maxVideoBytes: limits.maxVideoBytes,
      quotaBytes: limits.quotaBytes,
      usedBytes: await usedBytesOf(db, auth.user.id, at),
      maxDurationSeconds: UploadConstants.maxDurationSeconds,
    };
  });

  serve(api, UploadCalls.labels, 'none', () => allLabels(db));

  /**
   * Publishes a saved video as a post (a form body whose trends, location and trendsDetails are JSON text; a JSON
   * body is still read); again for the same video: the post made the first time.
   */
  serve(api, PostsCalls.create, 'required', ({ input, auth }) => createPost(db, clock, auth.user.id, input));

  /** The caller's posts, or (uid) another user's, newest first; a visitor may list another user's (their space). */
  serve(api, PostsCalls.myPosts, 'optional', async ({ input, auth }) => {
    const uid = input.uid ?? auth?.user.id;
    if (uid === undefined) throw loginRequired();
    if (uid !== auth?.user.id && !(await userExists(db, uid))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return pageOfPosts(db, { kind: 'user', uid }, input.page, input.pageSize, now());
  });

  /** The discovery feed: everyone's posts (scope all) or the followed users' (scope follow, marks them seen). */
  serve(api, PostsCalls.feed, 'optional', async ({ input, auth }) => {
    const at = now();
    if (input.scope !== 'follow') return pageOfPosts(db, { kind: 'all', viewer: auth?.user.id ?? 0 }, input.page, input.pageSize, at);
    if (auth === null) throw loginRequired();
    const result = await pageOfPosts(db, { kind: 'follow', viewer: auth.user.id }, input.page, input.pageSize, at);
    await markFeedSeen(db, auth.user.id, at);
    return result;
  });

  serve(api, PostsCalls.post, 'none', async ({ input }): Promise<Post> => {
    const post = await findPost(db, input.id, now());
    if (post === undefined) throw new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
    return post;
  });

  /** Deletes one's own post with its video and cover (the quota they held is free again). */
  serve(api, PostsCalls.remove, 'required', async ({ input, auth }) => {
    await deletePost(db, files, auth.user.id, input.id);
    return true as const;
  });

  /** Places by keyword and/or near a point (the reference server's own search; the app uses Google when keyed). */
  serve(api, UploadCalls.placeSearch, 'none', async ({ input }): Promise<PlaceList> => {
    const keyword = (input.keyword ?? '').trim();
    if ([...keyword].length > UploadConstants.maxPlaceKeyword || CONTROL.test(keyword)) throw new ApiError(Ret.PlaceSearchInvalid, RetMessage.PlaceSearchInvalid);
    return { list: await searchPlaces(db, keyword, pointOf(input)) };
  });
}
