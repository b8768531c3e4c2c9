import type { Queryable } from '../db/database.ts';
import { storedVideoName } from './upload-files.ts';
import { isVideoExtension } from './video-magic.ts';
import type { VideoExtension } from './video-magic.ts';

/** How long an upload without a post holds quota: older ones are forgotten (and their files removed). */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** A row of video_uploads, plus whether a post was made of it. */
export interface UploadRecord {
  /** The `lid`. */
  id: number;
  videoId: number;
  userId: number;
  uniqueFileName: string;
  originalName: string;
  fileSize: number;
  chunks: number;
  duration: number;
  /** '' until chunk 1 arrived. */
  extension: VideoExtension | '';
  completedAt: Date | null;
  savedAt: Date | null;
  contxt: string;
  labelIds: number[];
  category: string;
  coverPath: string;
  createdAt: Date;
  postId: number | null;
}

interface UploadRow {
  id: number;
  video_id: number;
  user_id: number;
  unique_file_name: string;
  original_name: string;
  file_size: number | string;
  chunks: number;
  duration: number;
  extension: string;
  completed_at: Date | null;
  saved_at: Date | null;
  contxt: string;
  label_ids: number[] | null;
  category: string;
  cover_path: string;
  created_at: Date;
  post_id: number | null;
}

const SELECT = `SELECT v.id, v.video_id, v.user_id, v.unique_file_name, v.original_name, v.file_size, v.chunks, v.duration,
    v.extension, v.completed_at, v.saved_at, v.contxt, v.label_ids, v.category, v.cover_path, v.created_at,
    (SELECT p.id FROM posts p WHERE p.upload_id = v.id) AS post_id
  FROM video_uploads v`;

function toRecord(row: UploadRow): UploadRecord {
  const extension = isVideoExtension(row.extension) ? row.extension : '';
  return {
    id: row.id,
    videoId: row.video_id,
    userId: row.user_id,
    uniqueFileName: row.unique_file_name,
    originalName: row.original_name,
    fileSize: Number(row.file_size),
    chunks: row.chunks,
    duration: row.duration,
    extension,
    completedAt: row.completed_at,
    savedAt: row.saved_at,
    contxt: row.contxt,
    labelIds: (row.label_ids ?? []).map(Number),
    category: row.category,
    coverPath: row.cover_path,
    createdAt: row.created_at,
    postId: row.post_id,
  };
}

/** `xw-<unique>.<ext>` once chunk 1 arrived, else ''. */
export function uploadFileName(upload: Pick<UploadRecord, 'uniqueFileName' | 'extension'>): string {
  return upload.extension === '' ? '' : storedVideoName(upload.uniqueFileName, upload.extension);
}

/** Whether the upload still counts (holds quota and may be continued): posted, or younger than the TTL. */
export function isLive(upload: Pick<UploadRecord, 'postId' | 'createdAt'>, nowMs: number): boolean {
  return upload.postId !== null || upload.createdAt.getTime() > nowMs - UPLOAD_TTL_MS;
}

export async function findUploadByName(db: Queryable, uniqueFileName: string): Promise<UploadRecord | undefined> {
  const rows = await db.query<UploadRow>(`${SELECT} WHERE v.unique_file_name = $1`, [uniqueFileName]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function findUploadById(db: Queryable, id: number): Promise<UploadRecord | undefined> {
  const rows = await db.query<UploadRow>(`${SELECT} WHERE v.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function findUploadByVideoId(db: Queryable, videoId: number): Promise<UploadRecord | undefined> {
  const rows = await db.query<UploadRow>(`${SELECT} WHERE v.video_id = $1`, [videoId]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** The saved video served at /uploads/videos/<fileName>, if any. */
export async function findSavedVideoFile(db: Queryable, uniqueFileName: string, extension: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM video_uploads WHERE unique_file_name = $1 AND extension = $2 AND completed_at IS NOT NULL AND saved_at IS NOT NULL',
    [uniqueFileName, extension],
  );
  return rows.length > 0;
}

/** Bytes the user's live uploads hold (posted ones, and the others younger than the TTL). */
export async function usedBytesOf(db: Queryable, userId: number, now: Date): Promise<number> {
  const rows = await db.query<{ used: number | string }>(
    `SELECT coalesce(sum(v.file_size), 0)::bigint AS used FROM video_uploads v
     WHERE v.user_id = $1 AND (v.created_at > $2 OR EXISTS (SELECT 1 FROM posts p WHERE p.upload_id = v.id))`,
    [userId, new Date(now.getTime() - UPLOAD_TTL_MS)],
  );
  return Number(rows[0]?.used ?? 0);
}

/** Removes the user's uploads that outlived the TTL without a post; answers their names (to delete the files). */
export async function deleteStaleUploads(db: Queryable, userId: number, now: Date): Promise<string[]> {
  const rows = await db.query<{ unique_file_name: string }>(
    `DELETE FROM video_uploads v WHERE v.user_id = $1 AND v.created_at <= $2
       AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.upload_id = v.id)
     RETURNING v.unique_file_name`,
    [userId, new Date(now.getTime() - UPLOAD_TTL_MS)],
  );
  return rows.map((row) => row.unique_file_name);
}

export interface NewUpload {
  userId: number;
  uniqueFileName: string;
  originalName: string;
  fileSize: number;
  chunks: number;
  duration: number;
  at: Date;
}

export async function insertUpload(db: Queryable, upload: NewUpload): Promise<UploadRecord> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO video_uploads (user_id, unique_file_name, original_name, file_size, chunks, duration, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [upload.userId, upload.uniqueFileName, upload.originalName, upload.fileSize, upload.chunks, upload.duration, upload.at],
  );
  const created = await findUploadById(db, Number(rows[0]?.id));
  if (created === undefined) throw new Error('upload row vanished');
  return created;
}

export async function setExtension(db: Queryable, id: number, extension: VideoExtension): Promise<void> {
  await db.query("UPDATE video_uploads SET extension = $2 WHERE id = $1 AND extension = ''", [id, extension]);
}

/**
 * Marks the upload complete: one atomic transition from incomplete to complete. Answers whether this call made it
 * (only that caller cleans the parts up); false when another caller completed it first.
 */
export async function markComplete(db: Queryable, id: number, extension: VideoExtension, at: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE video_uploads SET extension = $2, completed_at = $3 WHERE id = $1 AND completed_at IS NULL RETURNING id',
    [id, extension, at],
  );
  return rows.length > 0;
}

export async function markSaved(
  db: Queryable,
  id: number,
  video: { contxt: string; labelIds: readonly number[]; category: string; at: Date },
): Promise<void> {
  await db.query(
    'UPDATE video_uploads SET saved_at = $2, contxt = $3, label_ids = $4::integer[], category = $5 WHERE id = $1',
    [id, video.at, video.contxt, [...video.labelIds], video.category],
  );
}

export async function setCoverPath(db: Queryable, id: number, coverPath: string): Promise<void> {
  await db.query('UPDATE video_uploads SET cover_path = $2 WHERE id = $1', [id, coverPath]);
}

/** Locks the user's row until the transaction ends (quota and daily-limit checks of one user run one at a time). */
export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}
