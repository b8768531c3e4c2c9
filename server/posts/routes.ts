import { LikedKind } from '../../src/core/interactions/interactions-protocol.ts';
import { PostsCalls } from '../../src/core/posts/posts-protocol.ts';
import { UploadCalls, UploadConstants, type PlaceList } from '../../src/core/upload/upload-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { mediaDirOf, uploadDirOf, uploadLimitsOf } from '../config.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { announceLike } from '../interactions/notices.ts';
import { UploadFiles } from '../upload/upload-files.ts';
import { createPost } from './create-post.ts';
import { feed, likeOrUnlikePost, onePost, userPosts } from './post-lists.ts';
import { deletePost } from './delete-post.ts';
import { searchPlaces } from './places.ts';
import { allLabels } from './posts-repository.ts';
import { publishPoint } from './publish-limit.ts';

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
 * newWorks), TrendsDetail, LikeTrends, DelTrends (files too) and SearchPlace over the seeded places.
 */
export function registerPostsRoutes(api: ApiRouter, services: AppServices): void {
  const { db, config, clock } = services;
  const files = new UploadFiles(uploadDirOf(config), mediaDirOf(config));
  const limits = uploadLimitsOf(config);
  const now = () => new Date(clock.now());

  /** What the caller may still publish today, and the upload limits. */
  serve(api, UploadCalls.publishPoint, 'required', ({ auth }) => publishPoint(db, auth.user.id, now(), limits));

  serve(api, UploadCalls.labels, 'none', () => allLabels(db));

  /**
   * Publishes a saved video as a post (a form body whose trends, location and trendsDetails are JSON text; a JSON
   * body is still read); again for the same video: the post made the first time.
   */
  serve(api, PostsCalls.create, 'required', ({ input, auth }) => createPost(db, clock, auth.user.id, input));

  /** The caller's posts, or (uid) another user's, newest first; a visitor may list another user's (their space). */
  serve(api, PostsCalls.myPosts, 'optional', ({ input, auth }) => userPosts(db, auth?.user.id, input, now()));

  /** The discovery feed: everyone's posts (scope all) or the followed users' (scope follow, marks them seen). */
  serve(api, PostsCalls.feed, 'optional', ({ input, auth }) => feed(db, auth?.user.id, input, now()));

  serve(api, PostsCalls.post, 'optional', ({ input, auth }) => onePost(db, auth?.user.id, input.id, now()));

  /** Likes a post, or unlikes it. */
  serve(api, PostsCalls.like, 'required', async ({ input, auth }) => {
    const liked = await likeOrUnlikePost(db, auth.user.id, input.id, now());
    // The author's 收到的赞 count changed.
    if (liked.liked) announceLike(services, LikedKind.Post, input.id, auth.user.id);
    return liked;
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
