import type { Queryable } from '../db/database.ts';
import type { MovieKind, MovieRequest, MovieRequestPage, MovieRequestState, RequestedVideo } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { titleKey } from '../../src/core/movie-requests/title-rules.ts';

interface RequestRow {
  id: number;
  user_id: number;
  title: string;
  year: number;
  kind: string;
  note: string;
  state: string;
  media_key: string | null;
  video_title: string | null;
  wants: number;
  wanted: boolean;
  created_at: Date;
}

/** A request's columns with its video's title and whether `$1` (the caller, 0 for a visitor) wants it. */
const REQUEST_COLUMNS = `r.id, r.user_id, r.title, r.year, r.kind, r.note, r.state, r.media_key, v.title AS video_title, r.wants, r.created_at,
  EXISTS (SELECT 1 FROM movie_request_wants mw WHERE mw.request_id = r.id AND mw.user_id = $1) AS wanted`;
const REQUEST_FROM = 'movie_requests r LEFT JOIN videos v ON v.media_key = r.media_key';

function toRequest(row: RequestRow, callerId: number): MovieRequest {
  return {
    id: row.id,
    title: row.title,
    year: row.year,
    kind: row.kind as MovieKind,
    note: row.note,
    state: row.state as MovieRequestState,
    video: row.state === 'online' && row.media_key !== null ? { mediaKey: row.media_key, title: row.video_title ?? row.title } : null,
    wants: row.wants,
    wanted: row.wanted,
    mine: row.user_id === callerId,
    time: row.created_at.getTime(),
  };
}

export async function findRequest(db: Queryable, id: number, callerId: number): Promise<MovieRequest | null> {
  const rows = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $2`, [callerId, id]);
  return rows[0] ? toRequest(rows[0], callerId) : null;
}

/** The open request for this title key and year, if any. */
export async function findOpenRequestId(db: Queryable, key: string, year: number): Promise<number | null> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM movie_requests WHERE title_key = $1 AND year = $2 AND state = 'pending'`, [key, year]);
  return rows[0]?.id ?? null;
}

/**
 * The catalogue's long-form video with this title (compared by titleKey) and, when both are known, this year; the
 * most played first. The long-form titles are read and compared here: the rule is the app's, not SQL's.
 */
export async function findCatalogueVideo(db: Queryable, title: string, year: number): Promise<RequestedVideo | null> {
  const key = titleKey(title);
  const rows = await db.query<{ media_key: string; title: string; year: number | null }>(
    `SELECT v.media_key, v.title, v.year FROM videos v JOIN catalogue_categories c ON c.key = v.category AND c.kind = 'long'
     WHERE $1 = 0 OR v.year IS NULL OR v.year = $1 ORDER BY v.play_count DESC, v.id`,
    [year],
  );
  const found = rows.find((row) => titleKey(row.title) === key);
  return found ? { mediaKey: found.media_key, title: found.title } : null;
}

/** New requests the user filed since `since` (joining one does not count). */
/** Locks the user's row until the transaction ends, so the filings of one user are counted one after the other. */
export async function lockFiler(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function requestsFiledSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM movie_requests WHERE user_id = $1 AND created_at >= $2', [userId, since]);
  return Number(rows[0]?.n ?? 0);
}

/** Inserts an open request; null when another one for the title and year was opened first (then join that one). */
export async function insertRequest(
  db: Queryable,
  request: { userId: number; title: string; year: number; kind: MovieKind; note: string; at: Date },
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO movie_requests (user_id, title, title_key, year, kind, note, state, wants, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $7)
     ON CONFLICT (title_key, year) WHERE state = 'pending' DO NOTHING RETURNING id`,
    [request.userId, request.title, titleKey(request.title), request.year, request.kind, request.note, request.at],
  );
  return rows[0]?.id ?? null;
}

/**
 * The user wants the open request: once (the key of movie_request_wants), the count raised with the row. Answers the
 * count, 'already' when the user wanted it before, 'closed' when it is not open (or none).
 */
export async function joinRequest(tx: Queryable, requestId: number, userId: number, at: Date): Promise<number | 'already' | 'closed'> {
  const inserted = await tx.query(
    `INSERT INTO movie_request_wants (request_id, user_id, created_at)
     SELECT id, $2, $3 FROM movie_requests WHERE id = $1 AND state = 'pending'
     ON CONFLICT (request_id, user_id) DO NOTHING RETURNING request_id`,
    [requestId, userId, at],
  );
  if (inserted.length === 0) {
    const open = await tx.query(`SELECT 1 FROM movie_requests WHERE id = $1 AND state = 'pending'`, [requestId]);
    return open.length > 0 ? 'already' : 'closed';
  }
  const rows = await tx.query<{ wants: number }>('UPDATE movie_requests SET wants = wants + 1, updated_at = $2 WHERE id = $1 RETURNING wants', [requestId, at]);
  return Number(rows[0]?.wants ?? 0);
}

/** 热门求片: the open requests, most wanted first (newest first among equals). `callerId` 0 for a visitor. */
export async function hotRequests(db: Queryable, callerId: number, page: number, pageSize: number): Promise<MovieRequestPage> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.state = 'pending' ORDER BY r.wants DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [callerId, pageSize, (page - 1) * pageSize],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM movie_requests WHERE state = 'pending'`);
  return { list: rows.map((row) => toRequest(row, callerId)), page, pageSize, total: Number(total[0]?.n ?? 0) };
}

/** The requests the user wants (filed or joined), the most recently joined first. */
export async function myRequests(db: Queryable, userId: number, page: number, pageSize: number): Promise<MovieRequestPage> {
  const rows = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM movie_request_wants w JOIN ${REQUEST_FROM} ON r.id = w.request_id
     WHERE w.user_id = $1 ORDER BY w.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM movie_request_wants WHERE user_id = $1', [userId]);
  return { list: rows.map((row) => toRequest(row, userId)), page, pageSize, total: Number(total[0]?.n ?? 0) };
}

/**
 * The operator's decision on a request: 已上线 with the video it now is (its media key must exist), 暂无片源, or
 * back to 待处理 (refused when the title is open again in another request). Answers whether a request changed.
 */
export async function setRequestState(db: Queryable, id: number, state: MovieRequestState, mediaKey: string | null = null): Promise<boolean> {
  if (state === 'online') {
    if (mediaKey === null) throw new Error('已上线需要视频');
    const video = await db.query('SELECT 1 FROM videos WHERE media_key = $1', [mediaKey]);
    if (video.length === 0) throw new Error(`视频不存在：${mediaKey}`);
  }
  const rows = await db.query('UPDATE movie_requests SET state = $2, media_key = $3, updated_at = now() WHERE id = $1 RETURNING id', [
    id,
    state,
    state === 'online' ? mediaKey : null,
  ]);
  return rows.length > 0;
}
