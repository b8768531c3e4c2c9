import { readNestedField, UploadConstants, UploadPaths } from '../../src/core/upload/upload-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { mediaDirOf, uploadDirOf, uploadLimitsOf } from '../config.ts';
import { ApiError, badParam, loginRequired, missingParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { isPlainObject, type Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { userExists } from '../social/social-repository.ts';
import { UploadFiles } from '../upload/upload-files.ts';
import { findUploadByVideoId, isLive, lockUser, usedBytesOf } from '../upload/upload-repository.ts';
import { searchPlaces } from './places.ts';
import { allLabels, checkDescription, checkLabels } from './post-rules.ts';
import {
  deleteUpload,
  findPost,
  findPostOfUpload,
  insertPost,
  markFeedSeen,
  pageOfPosts,
  postOwner,
} from './posts-repository.ts';
import type { Place } from '../../src/core/ports/place-search.ts';
import type { Post as PostView } from '../../src/core/posts/post.ts';
import { canPostToday, postsToday } from './publish-limit.ts';

const PostLimits = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 1000,
} as const;

const postNotFound = () => new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
const videoNotSaved = () => new ApiError(Ret.VideoNotSaved, RetMessage.VideoNotSaved);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function text(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const length = [...trimmed].length;
  return length >= min && length <= max && !CONTROL.test(trimmed) ? trimmed : undefined;
}

function coordinate(value: unknown, limit: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** CreateTrends' location: null/absent, or a place `{ id, name, address, lat, lng }` (from any provider). */
function placeOf(value: unknown): Place | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isPlainObject(value)) throw badParam('location');
  const id = text(value['id'], 1, 256);
  const name = text(value['name'], 1, 100);
  const address = text(value['address'] ?? '', 0, 200);
  const lat = coordinate(value['lat'], 90);
  const lng = coordinate(value['lng'], 180);
  if (id === undefined || name === undefined || address === undefined || lat === undefined || lng === undefined) throw badParam('location');
  return { id, name, address, lat, lng };
}

/** SearchPlace's optional point: lat and lng together, in range (1002 otherwise). */
function pointOf(params: Params): { lat: number; lng: number } | null {
  const lat = params.optionalString('lat');
  const lng = params.optionalString('lng');
  if (lat === undefined && lng === undefined) return null;
  const number = (raw: string | undefined, name: string, limit: number): number => {
    const value = Number(raw);
    if (raw === undefined || !/^-?\d{1,3}(?:\.\d{1,12})?$/.test(raw.trim()) || Math.abs(value) > limit) throw badParam(name);
    return value;
  };
  return { lat: number(lat, 'lat', 90), lng: number(lng, 'lng', 180) };
}

/** trendsDetails: none, or one `{ type: 'cover', filePath }`; the cover path (1002 for anything else). */
function coverOfDetails(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!Array.isArray(value) || value.length > 1) throw badParam('trendsDetails');
  const [detail] = value as unknown[];
  if (detail === undefined) return null;
  if (!isPlainObject(detail) || detail['type'] !== 'cover' || typeof detail['filePath'] !== 'string') throw badParam('trendsDetails');
  return detail['filePath'];
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
  api.get(UploadPaths.publishPoint, 'required', async ({ auth }) => {
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

  api.get(UploadPaths.labels, 'none', async () => allLabels(db));

  /**
   * A nested field of CreateTrends: JSON text in the app's form body, an object or array in a JSON body (older
   * clients); 1002 for text that is not JSON.
   */
  const nested = (params: Params, name: string): unknown => {
    const read = readNestedField(params.get(name));
    if (!read.ok) throw badParam(name);
    return read.value;
  };

  /**
   * Publishes a saved video as a post (a form body whose trends, location and trendsDetails are JSON text; a JSON
   * body is still read); again for the same video: the post made the first time.
   */
  api.post(UploadPaths.createPost, 'required', async ({ params, auth }) => {
    const trends = nested(params, 'trends');
    if (!isPlainObject(trends)) throw params.has('trends') ? badParam('trends') : missingParam('trends');
    const contxt = checkDescription(trends['contxt'], 'trends.contxt');
    const rawLabels = trends['labels'] ?? [];
    if (!Array.isArray(rawLabels)) throw badParam('trends.labels');
    const labelIds = await checkLabels(db, rawLabels);
    const location = placeOf(nested(params, 'location'));
    const videoId = params.id('videoId');
    const coverPath = coverOfDetails(nested(params, 'trendsDetails'));
    const upload = await findUploadByVideoId(db, videoId);
    if (upload === undefined || upload.userId !== auth.user.id || upload.savedAt === null || !isLive(upload, clock.now())) throw videoNotSaved();
    if (coverPath !== null && (upload.coverPath === '' || coverPath !== upload.coverPath)) throw badParam('trendsDetails');
    const at = now();
    const postId = await db.transaction(async (tx) => {
      await lockUser(tx, auth.user.id);
      const existing = await findPostOfUpload(tx, upload.id, at);
      if (existing !== undefined) return existing.id;
      if (!(await canPostToday(tx, auth.user.id, at.getTime()))) throw new ApiError(Ret.PublishLimitReached, RetMessage.PublishLimitReached);
      return insertPost(tx, { userId: auth.user.id, uploadId: upload.id, contxt, labelIds, location, cover: coverPath ?? '', at });
    });
    const post = await findPost(db, postId, at);
    if (post === undefined) throw postNotFound();
    return post;
  });

  /** The caller's posts, or (uid) another user's, newest first; a visitor may list another user's (their space). */
  api.get(UploadPaths.myPosts, 'optional', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(PostLimits);
    const uid = params.optionalId('uid') ?? auth?.user.id;
    if (uid === undefined) throw loginRequired();
    if (uid !== auth?.user.id && !(await userExists(db, uid))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return pageOfPosts(db, { kind: 'user', uid }, page, pageSize, now());
  });

  /** The discovery feed: everyone's posts (scope all) or the followed users' (scope follow, marks them seen). */
  api.get(UploadPaths.feed, 'optional', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(PostLimits);
    const scope = params.optionalString('scope') ?? 'all';
    if (scope !== 'all' && scope !== 'follow') throw badParam('scope');
    const at = now();
    if (scope === 'all') return pageOfPosts(db, { kind: 'all', viewer: auth?.user.id ?? 0 }, page, pageSize, at);
    if (auth === null) throw loginRequired();
    const result = await pageOfPosts(db, { kind: 'follow', viewer: auth.user.id }, page, pageSize, at);
    await markFeedSeen(db, auth.user.id, at);
    return result;
  });

  api.get(UploadPaths.post, 'none', async ({ params }): Promise<PostView> => {
    const post = await findPost(db, params.id('id'), now());
    if (post === undefined) throw postNotFound();
    return post;
  });

  /** Deletes one's own post with its video and cover (the quota they held is free again). */
  api.get(UploadPaths.deletePost, 'required', async ({ params, auth }) => {
    const owner = await postOwner(db, params.id('id'));
    if (owner === undefined) throw postNotFound();
    if (owner.userId !== auth.user.id) throw new ApiError(Ret.PostNotOwned, RetMessage.PostNotOwned);
    await deleteUpload(db, owner.uploadId);
    await files.removeAll(owner.uniqueFileName).catch(() => undefined);
    return true;
  });

  /** Places by keyword and/or near a point (the reference server's own search; the app uses Google when keyed). */
  api.get(UploadPaths.placeSearch, 'none', async ({ params }) => {
    const raw = params.get('keyword');
    if (raw !== undefined && typeof raw !== 'string') throw new ApiError(Ret.PlaceSearchInvalid, RetMessage.PlaceSearchInvalid);
    const keyword = (raw ?? '').trim();
    if ([...keyword].length > UploadConstants.maxPlaceKeyword || CONTROL.test(keyword)) throw new ApiError(Ret.PlaceSearchInvalid, RetMessage.PlaceSearchInvalid);
    return { list: await searchPlaces(db, keyword, pointOf(params)) };
  });
}
