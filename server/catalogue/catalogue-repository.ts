import type { Queryable } from '../db/database.ts';

/** The tables a list of videos (VIDEO_COLUMNS, VIDEO_FROM) is read from: the shared-read cache's tags. */
export const VIDEO_TABLES = ['videos', 'users'] as const;
/** The tables of the channel list. */
export const CHANNEL_TABLES = ['catalogue_categories', 'catalogue_subchannels'] as const;

export interface CategoryRow {
  key: string;
  name: string;
  kind: 'long' | 'short';
}

export interface VideoRow {
  id: number;
  media_key: string;
  title: string;
  category: string;
  sub_id: number;
  cover: string;
  poster: string;
  duration_seconds: number;
  play_count: number;
  score_tenths: number;
  year: number | null;
  area: string;
  tags: string;
  description: string;
  updated_at: Date;
  uploader_uid: number | null;
  uploader_nick: string | null;
  uploader_avatar: string | null;
}

/** A video as the API answers it. */
export interface VideoView {
  mediaKey: string;
  title: string;
  category: string;
  subId: number;
  cover: string;
  poster: string;
  /** Seconds. */
  duration: number;
  playCount: number;
  /** Out of 10, one decimal. */
  score: number;
  year: number | null;
  area: string;
  tags: string[];
  description: string;
  /** Unix milliseconds. */
  updatedAt: number;
  uploader: { uid: number; nickName: string; avatar: string } | null;
}

export function toVideoView(row: VideoRow): VideoView {
  return {
    mediaKey: row.media_key,
    title: row.title,
    category: row.category,
    subId: row.sub_id,
    cover: row.cover,
    poster: row.poster,
    duration: row.duration_seconds,
    playCount: Number(row.play_count),
    score: row.score_tenths / 10,
    year: row.year,
    area: row.area,
    tags: row.tags.split(',').filter((tag) => tag !== ''),
    description: row.description,
    updatedAt: row.updated_at.getTime(),
    uploader: row.uploader_uid === null ? null : { uid: row.uploader_uid, nickName: row.uploader_nick ?? '', avatar: row.uploader_avatar ?? '' },
  };
}

export const VIDEO_COLUMNS = `v.id, v.media_key, v.title, v.category, v.sub_id, v.cover, v.poster, v.duration_seconds, v.play_count,
  v.score_tenths, v.year, v.area, v.tags, v.description, v.updated_at, v.uploader_uid,
  u.nick_name AS uploader_nick, u.avatar AS uploader_avatar`;
export const VIDEO_FROM = 'videos v LEFT JOIN users u ON u.id = v.uploader_uid';

export type SortKey = 'hot' | 'new' | 'score';
export const SORT_KEYS: readonly SortKey[] = ['hot', 'new', 'score'];
export const ORDER_BY: Record<SortKey, string> = {
  hot: 'v.play_count DESC, v.id',
  new: 'v.updated_at DESC, v.id',
  score: 'v.score_tenths DESC, v.play_count DESC, v.id',
};

/** Escapes % _ and \ for a LIKE pattern (ESCAPE '\'). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Page<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** One page of videos matching `where` (with $1… params), ordered. */
export async function pageOfVideos(
  db: Queryable,
  where: string,
  params: readonly unknown[],
  order: string,
  page: number,
  pageSize: number,
): Promise<Page<VideoView>> {
  const n = params.length;
  // Together: on PostgreSQL two pool connections, on PGlite queued back to back without a round trip between.
  const [rows, count] = await Promise.all([
    db.query<VideoRow>(
      `SELECT ${VIDEO_COLUMNS} FROM ${VIDEO_FROM} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM videos v WHERE ${where}`, params),
  ]);
  return { list: rows.map(toVideoView), page, pageSize, total: count[0]?.total ?? 0 };
}

export async function listCategories(db: Queryable): Promise<CategoryRow[]> {
  return db.query<CategoryRow>('SELECT key, name, kind FROM catalogue_categories ORDER BY sort, key');
}

export async function findVideoId(db: Queryable, mediaKey: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>('SELECT id FROM videos WHERE media_key = $1', [mediaKey]);
  return rows[0]?.id ?? null;
}
