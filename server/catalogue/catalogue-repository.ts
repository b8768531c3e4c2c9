import type { CataloguePage, CatalogueSort } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import type { Database, Queryable } from '../db/database.ts';

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

/** The video as the API answers it: the shared wire form (playback's repository reads it by this name too). */
export type { WireVideo as VideoView } from '../../src/core/shared-kernel/video-wire.ts';

export function toVideoView(row: VideoRow): WireVideo {
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

export const ORDER_BY: Record<CatalogueSort, string> = {
  hot: 'v.play_count DESC, v.id',
  new: 'v.updated_at DESC, v.id',
  score: 'v.score_tenths DESC, v.play_count DESC, v.id',
};

/** Escapes % _ and \ for a LIKE pattern (ESCAPE '\'). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of videos matching `where` (with $1… params), ordered. */
export async function pageOfVideos(
  db: Queryable,
  where: string,
  params: readonly unknown[],
  order: string,
  page: number,
  pageSize: number,
): Promise<CataloguePage<WireVideo>> {
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

export interface SubchannelRow {
  category: string;
  sub_id: number;
  name: string;
}

/** Every sub-channel of the short-video channels, by category then id. */
export async function listSubchannels(db: Queryable): Promise<SubchannelRow[]> {
  return db.query<SubchannelRow>('SELECT category, sub_id, name FROM catalogue_subchannels ORDER BY category, sub_id');
}

/** The first `limit` videos matching `where` (with $1… params), ordered. */
export async function listVideos(db: Queryable, where: string, params: readonly unknown[], order: string, limit: number): Promise<WireVideo[]> {
  const rows = await db.query<VideoRow>(`SELECT ${VIDEO_COLUMNS} FROM ${VIDEO_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`, params);
  return rows.map(toVideoView);
}

/** The user's `limit` most recently played videos, with the progress recorded. */
export async function listWatching(db: Queryable, userId: number, limit: number): Promise<(WireVideo & { progress: number })[]> {
  const rows = await db.query<VideoRow & { progress_seconds: number }>(
    `SELECT ${VIDEO_COLUMNS}, p.progress_seconds FROM play_records p JOIN ${VIDEO_FROM} ON v.id = p.video_id
     WHERE p.user_id = $1 ORDER BY p.played_at DESC, v.id LIMIT ${limit}`,
    [userId],
  );
  return rows.map((row) => ({ ...toVideoView(row), progress: row.progress_seconds }));
}

/** A user as their space shows them: the account and its profile (null fields when there is no profile row). */
export interface SpaceUserRow {
  id: number;
  nick_name: string;
  avatar: string;
  vip_level: number;
  level: number | null;
  sex: number | null;
  introduce: string | null;
  big_v: boolean | null;
}

export async function findSpaceUser(db: Queryable, id: number): Promise<SpaceUserRow | null> {
  const users = await db.query<SpaceUserRow>(
    `SELECT u.id, u.nick_name, u.avatar, u.vip_level, p.level, p.sex, p.introduce, p.big_v
       FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [id],
  );
  return users[0] ?? null;
}

/** The plays of all the uploader's videos. */
export async function sumUploaderPlays(db: Queryable, uploaderUid: number): Promise<number> {
  const plays = await db.query<{ plays: number }>('SELECT coalesce(sum(play_count), 0)::bigint AS plays FROM videos WHERE uploader_uid = $1', [uploaderUid]);
  return Number(plays[0]?.plays ?? 0);
}

/** Raises the video's play count unless the user played it after `since`. */
export async function countPlayUnlessPlayedSince(db: Queryable, videoId: number, userId: number, since: Date): Promise<void> {
  await db.query(
    `UPDATE videos SET play_count = play_count + 1 WHERE id = $1 AND NOT EXISTS
         (SELECT 1 FROM play_records WHERE user_id = $2 AND video_id = $1 AND played_at > $3)`,
    [videoId, userId, since],
  );
}

/** The user's play record of the video, created or replaced. */
export async function upsertPlayRecord(
  db: Queryable,
  record: { userId: number; videoId: number; progress: number; episode: number; playedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO play_records (user_id, video_id, progress_seconds, episode, played_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, video_id) DO UPDATE
       SET progress_seconds = EXCLUDED.progress_seconds, episode = EXCLUDED.episode, played_at = EXCLUDED.played_at`,
    [record.userId, record.videoId, record.progress, record.episode, record.playedAt],
  );
}

export type PlayRecordRow = VideoRow & { progress_seconds: number; episode: number; played_at: Date };

/** One page of the user's play records, most recent first. */
export async function listPlayRecords(db: Queryable, userId: number, page: number, pageSize: number): Promise<PlayRecordRow[]> {
  return db.query<PlayRecordRow>(
    `SELECT ${VIDEO_COLUMNS}, p.progress_seconds, p.episode, p.played_at FROM play_records p JOIN ${VIDEO_FROM} ON v.id = p.video_id
       WHERE p.user_id = $1 ORDER BY p.played_at DESC, v.id LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
}

export async function countPlayRecords(db: Queryable, userId: number): Promise<number> {
  const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM play_records WHERE user_id = $1', [userId]);
  return count[0]?.total ?? 0;
}

/** Removes the video from the user's collection, or adds it (at `at`) when it was not there; true when it is collected now. */
export async function toggleCollection(db: Database, userId: number, videoId: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM collections WHERE user_id = $1 AND video_id = $2 RETURNING video_id', [userId, videoId]);
    if (removed.length > 0) return false;
    await tx.query('INSERT INTO collections (user_id, video_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, videoId, at]);
    return true;
  });
}

/** One page of the user's collection, most recently added first (the page's rows, then the count). */
export async function pageOfCollections(db: Queryable, userId: number, page: number, pageSize: number): Promise<CataloguePage<WireVideo>> {
  const rows = await db.query<VideoRow & { created_at: Date }>(
    `SELECT ${VIDEO_COLUMNS}, c.created_at FROM collections c JOIN ${VIDEO_FROM} ON v.id = c.video_id
       WHERE c.user_id = $1 ORDER BY c.created_at DESC, v.id LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM collections WHERE user_id = $1', [userId]);
  return { list: rows.map(toVideoView), page, pageSize, total: count[0]?.total ?? 0 };
}

/** The distinct non-empty values of a text column of the videos (of one category when given, '' for all), the most common first. */
async function listCommon(db: Queryable, column: 'area' | 'language', category: string): Promise<string[]> {
  const scope = category !== '' ? 'category = $1 AND ' : '';
  const rows = await db.query<{ value: string }>(
    `SELECT ${column} AS value FROM videos WHERE ${scope}${column} <> '' GROUP BY ${column} ORDER BY count(*) DESC, ${column}`,
    category !== '' ? [category] : [],
  );
  return rows.map((r) => r.value);
}

/** The areas of the videos (of one category when given, '' for all), the most common first; empty areas left out. */
export async function listAreas(db: Queryable, category: string): Promise<string[]> {
  return listCommon(db, 'area', category);
}

/** The languages of the videos (of one category when given, '' for all), the most common first; unknown ones left out. */
export async function listLanguages(db: Queryable, category: string): Promise<string[]> {
  return listCommon(db, 'language', category);
}

/** The years of the videos (of one category when given, '' for all), the latest first. */
export async function listYears(db: Queryable, category: string): Promise<number[]> {
  const scope = category !== '' ? 'WHERE category = $1' : '';
  const years = await db.query<{ year: number }>(
    `SELECT year FROM videos ${scope === '' ? 'WHERE year IS NOT NULL' : `${scope} AND year IS NOT NULL`} GROUP BY year ORDER BY year DESC`,
    category !== '' ? [category] : [],
  );
  return years.map((r) => r.year);
}
