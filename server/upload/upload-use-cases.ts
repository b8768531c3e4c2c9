/** Upload's use cases with several steps (CreateVideoFile, SaveVideo) and the refusals they share with the chunk routes. */
import { UploadConstants, type SavedVideo, type VideoFileInfo } from '../../src/core/upload/upload-protocol.ts';
import type { AuthSession } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, badParam, missingParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { checkCategory, checkDescription, labelIdsOfCsv } from './post-fields.ts';
import { isBadFileName, newUniqueFileName, type UploadFiles } from './upload-files.ts';
import { deleteStaleUploads, findUploadById, insertUpload, isLive, lockUser, markSaved, uploadFileName, usedBytesOf } from './upload-repository.ts';

/** `…MB` for a limit in bytes (the refusal names the limit in force). */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

export const uploadNotFound = () => new ApiError(Ret.UploadNotFound, RetMessage.UploadNotFound);
export const fileNameInvalid = () => new ApiError(Ret.FileNameInvalid, RetMessage.FileNameInvalid);
/** 8115, naming the limit in force. */
export const videoTooLarge = (maxBytes: number) => new ApiError(Ret.VideoTooLarge, `视频不能超过${megabytes(maxBytes)}`);

/** The token field `uid` of a chunk or UID of SaveVideo, when sent, must be the caller's. */
export function checkUid(value: string | undefined, auth: AuthSession): void {
  if (value !== undefined && value.trim() !== String(auth.user.id)) throw uploadNotFound();
}

/**
 * CreateVideoFile's duration (seconds as the declaration reads them, decimals allowed; 0 for a clip under half a
 * second the app rounded down): at most maxDurationSeconds; kept whole.
 */
function durationOf(text: string): number {
  const seconds = Number(text);
  if (seconds > UploadConstants.maxDurationSeconds) throw badParam('duration');
  return Math.round(seconds);
}

/** What upload asks of the posts feature, which app.ts wires in: the daily post limit and the labels a post may carry. */
export interface PostRules {
  /** Whether the user may still post today (CreateVideoFile refuses with 8100 otherwise). */
  canPostToday(db: Queryable, userId: number, nowMs: number): Promise<boolean>;
  /** Label ids as a post keeps them; 8101 for one that is not a label. */
  checkLabels(db: Queryable, ids: readonly unknown[]): Promise<number[]>;
}

export interface UploadDeps {
  db: Database;
  clock: Clock;
  files: UploadFiles;
  limits: { maxVideoBytes: number; quotaBytes: number };
  posts: PostRules;
}

/**
 * Reserves an upload: checks the name, size and chunk count, then, under the user's lock, the daily post limit
 * (8100), forgets the user's stale uploads (their files go afterwards) and checks the quota (8116).
 */
export async function createUpload(
  { db, clock, files, limits, posts }: UploadDeps,
  userId: number,
  input: { fileName: string; fileSize: number; chunks: number; duration: string },
): Promise<VideoFileInfo> {
  const { fileName, fileSize, chunks } = input;
  if (isBadFileName(fileName)) throw fileNameInvalid();
  const duration = durationOf(input.duration);
  if (fileSize > limits.maxVideoBytes) throw videoTooLarge(limits.maxVideoBytes);
  if (chunks !== Math.ceil(fileSize / UploadConstants.chunkSize)) throw badParam('chunks');
  const at = new Date(clock.now());
  const { upload, stale } = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await posts.canPostToday(tx, userId, at.getTime()))) throw new ApiError(Ret.PublishLimitReached, RetMessage.PublishLimitReached);
    const forgotten = await deleteStaleUploads(tx, userId, at);
    if ((await usedBytesOf(tx, userId, at)) + fileSize > limits.quotaBytes) throw new ApiError(Ret.QuotaExceeded, RetMessage.QuotaExceeded);
    const created = await insertUpload(tx, { userId, uniqueFileName: newUniqueFileName(), originalName: fileName, fileSize, chunks, duration, at });
    return { upload: created, stale: forgotten };
  });
  for (const name of stale) await files.removeAll(name).catch(() => undefined);
  return { lid: upload.id, id: upload.videoId, uniqueFileName: upload.uniqueFileName };
}

/** SaveVideo's fields as serve() read them. */
export interface SaveVideoInput {
  LID: number;
  ID: number;
  UID?: string;
  CID?: string;
  Labels?: string;
  Contxt?: string;
  Corver?: string;
  UploadedFileName?: string;
  ServerID?: string;
}

/**
 * Saves the caller's whole upload with its description, labels and category (again for the same upload answers alike;
 * a posted one is left as it is): 8110 not the caller's, 8101/8102 labels or text, 8120 not whole yet, 1001/1002 the
 * file name, 1002 another cover or server.
 */
export async function saveVideo({ db, clock, posts }: Pick<UploadDeps, 'db' | 'clock' | 'posts'>, auth: AuthSession, input: SaveVideoInput): Promise<SavedVideo> {
  checkUid(input.UID, auth);
  const upload = await findUploadById(db, input.LID);
  if (upload === undefined || upload.userId !== auth.user.id || upload.videoId !== input.ID || !isLive(upload, clock.now())) throw uploadNotFound();
  if (input.ServerID !== undefined && input.ServerID !== UploadConstants.referenceServerId) throw badParam('ServerID');
  const category = checkCategory(input.CID);
  const labelIds = await posts.checkLabels(db, labelIdsOfCsv(input.Labels));
  const contxt = checkDescription(input.Contxt, 'Contxt');
  if (upload.completedAt === null) throw new ApiError(Ret.UploadIncomplete, RetMessage.UploadIncomplete);
  if (input.UploadedFileName === undefined) throw missingParam('UploadedFileName');
  if (input.UploadedFileName !== uploadFileName(upload)) throw badParam('UploadedFileName');
  if (input.Corver !== undefined && input.Corver !== upload.coverPath) throw badParam('Corver');
  if (upload.postId === null) await markSaved(db, upload.id, { contxt, labelIds, category, at: upload.savedAt ?? new Date(clock.now()) });
  return { videoId: upload.videoId };
}
