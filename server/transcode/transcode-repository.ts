/**
 * The ingest tables (server/db/migrations/193_transcode.sql): sources and their chunks, and the transcoding queue.
 * A worker claims the oldest queued job with FOR UPDATE SKIP LOCKED, so processes sharing a PostgreSQL database each
 * take a different job; it beats the job's heartbeat while it runs, and a job whose heartbeat stopped is queued again
 * (or failed after too many tries) by whichever process looks next.
 */
import type { Queryable } from '../db/database.ts';
import type { MediaJob, MediaJobState } from '../../src/core/admin-media/admin-media-protocol.ts';

export interface SourceRecord {
  id: number;
  operatorId: number;
  fileName: string;
  sizeBytes: number;
  chunkCount: number;
  state: 'uploading' | 'whole' | 'removed';
  container: string | null;
}

interface SourceRow {
  id: number;
  operator_id: number;
  file_name: string;
  size_bytes: string | number;
  chunk_count: number;
  state: SourceRecord['state'];
  container: string | null;
}

const SOURCE_COLUMNS = 'id, operator_id, file_name, size_bytes, chunk_count, state, container';

function toSource(row: SourceRow): SourceRecord {
  return {
    id: row.id,
    operatorId: row.operator_id,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    chunkCount: row.chunk_count,
    state: row.state,
    container: row.container,
  };
}

/** The operator's unfinished upload of a file of this name and size (to resume), locked for the transaction. */
export async function findResumableSource(db: Queryable, operatorId: number, fileName: string, sizeBytes: number): Promise<SourceRecord | null> {
  const rows = await db.query<SourceRow>(
    `SELECT ${SOURCE_COLUMNS} FROM media_sources WHERE operator_id = $1 AND file_name = $2 AND size_bytes = $3 AND state = 'uploading' ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [operatorId, fileName, sizeBytes],
  );
  return rows[0] ? toSource(rows[0]) : null;
}

export async function insertSource(db: Queryable, source: { operatorId: number; fileName: string; sizeBytes: number; chunkCount: number }, at: Date): Promise<SourceRecord> {
  const rows = await db.query<SourceRow>(
    `INSERT INTO media_sources (operator_id, file_name, size_bytes, chunk_count, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${SOURCE_COLUMNS}`,
    [source.operatorId, source.fileName, source.sizeBytes, source.chunkCount, at],
  );
  return toSource(rows[0] as SourceRow);
}

/** The source with this id (locked for the transaction when `lock`). */
export async function findSource(db: Queryable, id: number, lock = false): Promise<SourceRecord | null> {
  const rows = await db.query<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM media_sources WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toSource(rows[0]) : null;
}

/** The chunks held of a source, in order. */
export async function receivedChunks(db: Queryable, sourceId: number): Promise<number[]> {
  const rows = await db.query<{ chunk: number }>('SELECT chunk FROM media_source_chunks WHERE source_id = $1 ORDER BY chunk', [sourceId]);
  return rows.map((row) => row.chunk);
}

/** Notes a chunk as held (again, when it was sent twice). */
export async function noteChunk(db: Queryable, sourceId: number, chunk: number, sizeBytes: number, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO media_source_chunks (source_id, chunk, size_bytes) VALUES ($1, $2, $3) ON CONFLICT (source_id, chunk) DO UPDATE SET size_bytes = EXCLUDED.size_bytes',
    [sourceId, chunk, sizeBytes],
  );
  await db.query('UPDATE media_sources SET updated_at = $2 WHERE id = $1', [sourceId, at]);
}

export async function markSourceWhole(db: Queryable, id: number, container: string, at: Date): Promise<void> {
  await db.query("UPDATE media_sources SET state = 'whole', container = $2, updated_at = $3 WHERE id = $1", [id, container, at]);
  await db.query('DELETE FROM media_source_chunks WHERE source_id = $1', [id]);
}

export async function markSourceRemoved(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query("UPDATE media_sources SET state = 'removed', updated_at = $2 WHERE id = $1", [id, at]);
  await db.query('DELETE FROM media_source_chunks WHERE source_id = $1', [id]);
}

/** Bytes the sources (uploading ones as announced) and the renditions hold, for the disk quota. */
export async function usedMediaBytes(db: Queryable): Promise<number> {
  const rows = await db.query<{ sources: string | number | null; outputs: string | number | null }>(
    `SELECT (SELECT COALESCE(SUM(size_bytes), 0) FROM media_sources WHERE state <> 'removed') AS sources,
            (SELECT COALESCE(SUM(output_bytes), 0) FROM transcode_jobs WHERE state = 'ready') AS outputs`,
  );
  const row = rows[0];
  return Number(row?.sources ?? 0) + Number(row?.outputs ?? 0);
}

/** A job as the worker and the routes read it. */
export interface JobRecord {
  id: number;
  sourceId: number;
  mediaKey: string;
  state: MediaJobState;
  attempts: number;
  worker: string | null;
}

interface JobRow {
  id: number;
  source_id: number;
  media_key: string;
  state: MediaJobState;
  percent: number;
  error: string;
  error_tail: string;
  attempts: number;
  worker: string | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  rungs: string;
  created_at: Date;
  updated_at: Date;
  file_name: string;
  size_bytes: string | number;
  operator_name: string;
}

const JOB_SELECT = `SELECT j.id, j.source_id, j.media_key, j.state, j.percent, j.error, j.error_tail, j.attempts, j.worker, j.duration_ms,
  j.width, j.height, j.rungs, j.created_at, j.updated_at, s.file_name, s.size_bytes, o.name AS operator_name
  FROM transcode_jobs j JOIN media_sources s ON s.id = j.source_id JOIN operators o ON o.id = s.operator_id`;

function toJob(row: JobRow): MediaJob {
  return {
    id: row.id,
    sourceId: row.source_id,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    state: row.state,
    percent: row.percent,
    error: row.error,
    errorTail: row.error_tail,
    durationSeconds: row.duration_ms === null ? null : row.duration_ms / 1000,
    width: row.width,
    height: row.height,
    rungs: row.rungs === '' ? [] : row.rungs.split(','),
    mediaKey: row.state === 'ready' ? row.media_key : '',
    operatorName: row.operator_name,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

function toRecord(row: Pick<JobRow, 'id' | 'source_id' | 'media_key' | 'state' | 'attempts' | 'worker'>): JobRecord {
  return { id: row.id, sourceId: row.source_id, mediaKey: row.media_key, state: row.state, attempts: row.attempts, worker: row.worker };
}

export async function insertJob(db: Queryable, sourceId: number, mediaKey: string, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>('INSERT INTO transcode_jobs (source_id, media_key, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id', [sourceId, mediaKey, at]);
  return (rows[0] as { id: number }).id;
}

/** A job as the console shows it. */
export async function findJob(db: Queryable, id: number): Promise<MediaJob | null> {
  const rows = await db.query<JobRow>(`${JOB_SELECT} WHERE j.id = $1`, [id]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** The job of a source, as the console shows it. */
export async function findJobOfSource(db: Queryable, sourceId: number): Promise<MediaJob | null> {
  const rows = await db.query<JobRow>(`${JOB_SELECT} WHERE j.source_id = $1`, [sourceId]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** Holds the quota's lock to the end of the transaction: one new source at a time is counted against it. */
export async function lockQuota(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(193001)');
}

/** A job's record, locked for the transaction. */
export async function lockJob(db: Queryable, id: number): Promise<JobRecord | null> {
  const rows = await db.query<JobRow>('SELECT id, source_id, media_key, state, attempts, worker FROM transcode_jobs WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** One page of jobs, the newest first, of one state or all. */
export async function listJobs(db: Queryable, options: { page: number; pageSize: number; state?: MediaJobState | undefined }): Promise<{ list: MediaJob[]; total: number }> {
  const where = options.state ? 'WHERE j.state = $3' : '';
  const params: unknown[] = [options.pageSize, (options.page - 1) * options.pageSize, ...(options.state ? [options.state] : [])];
  const rows = await db.query<JobRow>(`${JOB_SELECT} ${where} ORDER BY j.created_at DESC, j.id DESC LIMIT $1 OFFSET $2`, params);
  const totals = await db.query<{ total: string | number }>(
    `SELECT COUNT(*) AS total FROM transcode_jobs j ${options.state ? 'WHERE j.state = $1' : ''}`,
    options.state ? [options.state] : [],
  );
  return { list: rows.map(toJob), total: Number(totals[0]?.total ?? 0) };
}

/**
 * Claims the oldest queued job for `worker`: it becomes probing, with a heartbeat and one more attempt. Processes
 * claiming at once each get a different job (SKIP LOCKED); null when none is queued.
 */
export async function claimJob(db: Queryable, worker: string, at: Date): Promise<JobRecord | null> {
  const rows = await db.query<JobRow>(
    `UPDATE transcode_jobs SET state = 'probing', worker = $1, heartbeat_at = $2, updated_at = $2, attempts = attempts + 1, percent = 0, error = '', error_tail = ''
     WHERE id = (SELECT id FROM transcode_jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
     RETURNING id, source_id, media_key, state, attempts, worker`,
    [worker, at],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Beats the heartbeat of a job this worker runs, with what it learned; answers the job's state afterwards (another
 * state than the worker's means the job was cancelled or taken from it: the worker stops).
 */
export async function beat(
  db: Queryable,
  id: number,
  worker: string,
  at: Date,
  progress: { state?: 'probing' | 'transcoding'; percent?: number; durationMs?: number; width?: number; height?: number } = {},
): Promise<MediaJobState | null> {
  const rows = await db.query<{ state: MediaJobState }>(
    `UPDATE transcode_jobs SET heartbeat_at = $3, updated_at = $3,
       state = COALESCE($4, state), percent = COALESCE($5, percent), duration_ms = COALESCE($6, duration_ms), width = COALESCE($7, width), height = COALESCE($8, height)
     WHERE id = $1 AND worker = $2 AND state IN ('probing', 'transcoding') RETURNING state`,
    [id, worker, at, progress.state ?? null, progress.percent ?? null, progress.durationMs ?? null, progress.width ?? null, progress.height ?? null],
  );
  if (rows[0]) return rows[0].state;
  const now = await db.query<{ state: MediaJobState }>('SELECT state FROM transcode_jobs WHERE id = $1', [id]);
  return now[0]?.state ?? null;
}

/** The job is done (only while this worker still holds it): answers whether it was. */
export async function finishJob(db: Queryable, id: number, worker: string, result: { rungs: readonly string[]; outputBytes: number; durationMs: number; width: number; height: number }, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE transcode_jobs SET state = 'ready', percent = 100, rungs = $3, output_bytes = $4, duration_ms = $5, width = $6, height = $7, heartbeat_at = NULL, updated_at = $8
     WHERE id = $1 AND worker = $2 AND state IN ('probing', 'transcoding') RETURNING id`,
    [id, worker, result.rungs.join(','), result.outputBytes, result.durationMs, result.width, result.height, at],
  );
  return rows.length > 0;
}

/** The job failed (only while this worker still holds it), with the reason and the tail of ffmpeg's output. */
export async function failJob(db: Queryable, id: number, worker: string, error: string, errorTail: string, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE transcode_jobs SET state = 'failed', error = $3, error_tail = $4, heartbeat_at = NULL, updated_at = $5
     WHERE id = $1 AND worker = $2 AND state IN ('probing', 'transcoding') RETURNING id`,
    [id, worker, error, errorTail, at],
  );
  return rows.length > 0;
}

/** Sets a locked job's state from the console (cancel: cancelled; retry: queued, with its attempts counted afresh). */
export async function setJobState(db: Queryable, id: number, state: 'cancelled' | 'queued', at: Date): Promise<void> {
  await db.query(
    `UPDATE transcode_jobs SET state = $2, percent = 0, heartbeat_at = NULL, updated_at = $3${state === 'queued' ? ", attempts = 0, error = '', error_tail = '', worker = NULL" : ''} WHERE id = $1`,
    [id, state, at],
  );
}

/**
 * Jobs whose worker stopped beating since `staleBefore` (its process was killed): queued again while they have had
 * fewer than `maxAttempts` tries, else failed with `reason`. Answers the ids it touched and what became of each.
 */
export async function recoverStaleJobs(db: Queryable, staleBefore: Date, maxAttempts: number, reason: string, at: Date): Promise<{ id: number; state: MediaJobState; mediaKey: string }[]> {
  return db.query<{ id: number; state: MediaJobState; mediaKey: string }>(
    `UPDATE transcode_jobs SET
       state = CASE WHEN attempts < $2 THEN 'queued' ELSE 'failed' END,
       error = CASE WHEN attempts < $2 THEN '' ELSE $3 END,
       percent = 0, worker = NULL, heartbeat_at = NULL, updated_at = $4
     WHERE state IN ('probing', 'transcoding') AND heartbeat_at < $1
     RETURNING id, state, media_key AS "mediaKey"`,
    [staleBefore, maxAttempts, reason, at],
  );
}

/** A job this worker gives back (it is shutting down): queued again, its try not counted. */
export async function releaseJob(db: Queryable, id: number, worker: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE transcode_jobs SET state = 'queued', worker = NULL, heartbeat_at = NULL, percent = 0, attempts = GREATEST(attempts - 1, 0), updated_at = $3
     WHERE id = $1 AND worker = $2 AND state IN ('probing', 'transcoding')`,
    [id, worker, at],
  );
}
