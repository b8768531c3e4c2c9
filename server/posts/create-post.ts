import type { Place } from '../../src/core/ports/place-search.ts';
import type { Post } from '../../src/core/posts/posts-protocol.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badParam, missingParam } from '../http/api-error.ts';
import { isPlainObject } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { checkDescription } from '../upload/post-fields.ts';
import { findUploadByVideoId, isLive, lockUser } from '../upload/upload-repository.ts';
import { checkLabels } from './post-rules.ts';
import { findPost, findPostOfUpload, insertPost } from './posts-repository.ts';
import { canPostToday } from './publish-limit.ts';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
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

/** trendsDetails: none, or one `{ type: 'cover', filePath }`; the cover path (1002 for anything else). */
function coverOfDetails(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!Array.isArray(value) || value.length > 1) throw badParam('trendsDetails');
  const [detail] = value as unknown[];
  if (detail === undefined) return null;
  if (!isPlainObject(detail) || detail['type'] !== 'cover' || typeof detail['filePath'] !== 'string') throw badParam('trendsDetails');
  return detail['filePath'];
}

/** CreateTrends' fields as serve() read them (JSON fields parsed, their shapes unchecked). */
export interface CreatePostInput {
  trends: unknown;
  videoId: number;
  trendsDetails?: unknown;
  location?: unknown;
}

/**
 * Publishes the caller's saved (live, not yet posted) video as a post: checks the description, labels, place and
 * cover, then, under the user's lock, answers the post made the first time for the same video, or refuses past the
 * daily limit (8100), or makes it.
 */
export async function createPost(db: Database, clock: Clock, userId: number, input: CreatePostInput): Promise<Post> {
  const { trends } = input;
  if (!isPlainObject(trends)) throw trends === null ? missingParam('trends') : badParam('trends');
  const contxt = checkDescription(trends['contxt'], 'trends.contxt');
  const rawLabels = trends['labels'] ?? [];
  if (!Array.isArray(rawLabels)) throw badParam('trends.labels');
  const labelIds = await checkLabels(db, rawLabels);
  const location = placeOf(input.location);
  const coverPath = coverOfDetails(input.trendsDetails);
  const upload = await findUploadByVideoId(db, input.videoId);
  if (upload === undefined || upload.userId !== userId || upload.savedAt === null || !isLive(upload, clock.now())) {
    throw new ApiError(Ret.VideoNotSaved, RetMessage.VideoNotSaved);
  }
  if (coverPath !== null && (upload.coverPath === '' || coverPath !== upload.coverPath)) throw badParam('trendsDetails');
  const at = new Date(clock.now());
  const postId = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await findPostOfUpload(tx, upload.id, at, userId);
    if (existing !== undefined) return existing.id;
    if (!(await canPostToday(tx, userId, at.getTime()))) throw new ApiError(Ret.PublishLimitReached, RetMessage.PublishLimitReached);
    return insertPost(tx, { userId, uploadId: upload.id, contxt, labelIds, location, cover: coverPath ?? '', at });
  });
  const post = await findPost(db, postId, at, userId);
  if (post === undefined) throw new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
  return post;
}
