import { parse } from 'valibot';
import type { BarrageArea, BarrageConfig, BarrageSize, BarrageSpeed } from '../../src/core/playback/barrage-config.ts';
import { DEFAULT_BARRAGE_CONFIG } from '../../src/core/playback/barrage-config.ts';
import type { Queryable } from '../db/database.ts';
import { barrageStyle, type BarrageStyle } from '../../src/core/playback/barrage-style.ts';
import type { BarrageCoin, BarrageLikeState, WireBarrage, WireShieldedUser } from '../../src/core/playback/barrage-protocol.ts';

export interface BarrageVideo {
  id: number;
  mediaKey: string;
  /** Catalogue seconds; 0 for a live channel. */
  duration: number;
  category: string;
}

interface BarrageRow {
  id: number;
  episode: number;
  time_ms: number;
  content: string;
  user_id: number;
  nick_name: string;
  like_count: number;
  liked: boolean;
  created_at: Date;
  mode: string;
  color: string;
  size: string;
}

function toView(row: BarrageRow, mediaKey: string): WireBarrage {
  return {
    id: row.id,
    mediaKey,
    episode: row.episode,
    time: row.time_ms / 1000,
    content: row.content,
    uid: row.user_id,
    nickName: row.nick_name,
    likeCount: row.like_count,
    liked: row.liked === true,
    createdAt: row.created_at.getTime(),
    ...parse(barrageStyle, row),
  };
}

export async function findBarrageVideo(db: Queryable, mediaKey: string): Promise<BarrageVideo | null> {
  const rows = await db.query<{ id: number; media_key: string; duration_seconds: number; category: string }>(
    'SELECT id, media_key, duration_seconds, category FROM videos WHERE media_key = $1',
    [mediaKey],
  );
  const row = rows[0];
  return row ? { id: row.id, mediaKey: row.media_key, duration: row.duration_seconds, category: row.category } : null;
}

/** An episode's barrages with fromMs <= time <= toMs, by time then id, at most `limit`. */
export async function listBarrages(
  db: Queryable,
  video: BarrageVideo,
  filter: { episode: number; fromMs: number; toMs: number; viewer: number; limit: number },
): Promise<WireBarrage[]> {
  const rows = await db.query<BarrageRow>(
    `SELECT b.id, b.episode, b.time_ms, b.content, b.user_id, u.nick_name, b.like_count, b.created_at,
            b.mode, b.color, b.size, (l.user_id IS NOT NULL) AS liked
       FROM barrages b
       JOIN users u ON u.id = b.user_id
       LEFT JOIN barrage_likes l ON l.barrage_id = b.id AND l.user_id = $5
      WHERE b.video_id = $1 AND b.episode = $2 AND b.time_ms BETWEEN $3 AND $4
      ORDER BY b.time_ms, b.id
      LIMIT $6`,
    [video.id, filter.episode, filter.fromMs, filter.toMs, filter.viewer, filter.limit],
  );
  return rows.map((row) => toView(row, video.mediaKey));
}

/** When the user last sent a barrage (null when never), locking the user's row for the send. */
export async function lockSender(tx: Queryable, uid: number): Promise<Date | null> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid]);
  const rows = await tx.query<{ created_at: Date }>(
    'SELECT created_at FROM barrages WHERE user_id = $1 AND NOT seeded ORDER BY created_at DESC LIMIT 1',
    [uid],
  );
  return rows[0]?.created_at ?? null;
}

export async function insertBarrage(
  tx: Queryable,
  video: BarrageVideo,
  barrage: { episode: number; timeMs: number; content: string; uid: number; at: Date; style: BarrageStyle },
): Promise<WireBarrage> {
  const rows = await tx.query<BarrageRow>(
    `WITH inserted AS (
       INSERT INTO barrages (video_id, episode, time_ms, content, user_id, created_at, mode, color, size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, episode, time_ms, content, user_id, like_count, created_at, mode, color, size
     )
     SELECT i.*, u.nick_name, false AS liked FROM inserted i JOIN users u ON u.id = i.user_id`,
    [video.id, barrage.episode, barrage.timeMs, barrage.content, barrage.uid, barrage.at, barrage.style.mode, barrage.style.color, barrage.style.size],
  );
  const row = rows[0];
  if (!row) throw new Error('barrage insert returned no row');
  return toView(row, video.mediaKey);
}

export async function barrageOwner(db: Queryable, id: number): Promise<number | null> {
  const rows = await db.query<{ user_id: number }>('SELECT user_id FROM barrages WHERE id = $1', [id]);
  return rows[0]?.user_id ?? null;
}

/** Likes or unlikes (whichever the user has not done); answers the new state and count. */
export async function toggleBarrageLike(tx: Queryable, barrageId: number, uid: number, at: Date): Promise<BarrageLikeState> {
  // Locks the barrage row, so concurrent toggles of one user apply one after the other.
  const locked = await tx.query<{ id: number }>('SELECT id FROM barrages WHERE id = $1 FOR UPDATE', [barrageId]);
  if (locked.length === 0) throw new Error('barrage vanished');
  const removed = await tx.query('DELETE FROM barrage_likes WHERE barrage_id = $1 AND user_id = $2 RETURNING barrage_id', [barrageId, uid]);
  const liked = removed.length === 0;
  if (liked) await tx.query('INSERT INTO barrage_likes (barrage_id, user_id, created_at) VALUES ($1, $2, $3)', [barrageId, uid, at]);
  const rows = await tx.query<{ like_count: number }>(
    'UPDATE barrages SET like_count = GREATEST(0, like_count + $2) WHERE id = $1 RETURNING like_count',
    [barrageId, liked ? 1 : -1],
  );
  return { liked, count: rows[0]?.like_count ?? 0 };
}

/** Records a report; false when the user already reported that barrage. */
export async function insertBarrageReport(db: Queryable, report: { barrageId: number; uid: number; reason: string; at: Date }): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO barrage_reports (barrage_id, user_id, reason, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (barrage_id, user_id) DO NOTHING RETURNING barrage_id`,
    [report.barrageId, report.uid, report.reason, report.at],
  );
  return rows.length > 0;
}

/** The barrage coin: likes other users gave to the user's barrages (see docs: one coin per like, never spent). */
export async function barrageCoin(db: Queryable, uid: number): Promise<BarrageCoin> {
  const rows = await db.query<{ coin: number; barrage_count: number }>(
    `SELECT
       (SELECT count(*)::int FROM barrage_likes l JOIN barrages b ON b.id = l.barrage_id WHERE b.user_id = $1 AND l.user_id <> $1) AS coin,
       (SELECT count(*)::int FROM barrages WHERE user_id = $1) AS barrage_count`,
    [uid],
  );
  return { coin: rows[0]?.coin ?? 0, barrageCount: rows[0]?.barrage_count ?? 0 };
}

/** Locks the user's row (so two parallel additions cannot pass the list limit together). */
/** Whether a user with this id exists. */
export async function userExists(db: Queryable, uid: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1', [uid])).length > 0;
}

export async function lockShieldOwner(tx: Queryable, uid: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid]);
}

export async function listShieldedUsers(db: Queryable, uid: number): Promise<WireShieldedUser[]> {
  const rows = await db.query<{ id: number; nick_name: string; avatar: string }>(
    `SELECT u.id, u.nick_name, u.avatar FROM barrage_shield_users s JOIN users u ON u.id = s.shielded_uid
      WHERE s.user_id = $1 ORDER BY s.created_at DESC, u.id DESC`,
    [uid],
  );
  return rows.map((row) => ({ uid: row.id, nickName: row.nick_name, avatar: row.avatar }));
}

export async function countShieldedUsers(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM barrage_shield_users WHERE user_id = $1', [uid]);
  return rows[0]?.n ?? 0;
}

export async function isUserShielded(db: Queryable, uid: number, target: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM barrage_shield_users WHERE user_id = $1 AND shielded_uid = $2', [uid, target]);
  return rows.length > 0;
}

export async function shieldUser(db: Queryable, uid: number, target: number, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO barrage_shield_users (user_id, shielded_uid, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [uid, target, at],
  );
}

export async function unshieldUser(db: Queryable, uid: number, target: number): Promise<void> {
  await db.query('DELETE FROM barrage_shield_users WHERE user_id = $1 AND shielded_uid = $2', [uid, target]);
}

export async function listShieldedKeywords(db: Queryable, uid: number): Promise<string[]> {
  const rows = await db.query<{ keyword: string }>(
    'SELECT keyword FROM barrage_shield_keywords WHERE user_id = $1 ORDER BY created_at DESC, keyword',
    [uid],
  );
  return rows.map((row) => row.keyword);
}

export async function countShieldedKeywords(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM barrage_shield_keywords WHERE user_id = $1', [uid]);
  return rows[0]?.n ?? 0;
}

export async function isKeywordShielded(db: Queryable, uid: number, keyword: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM barrage_shield_keywords WHERE user_id = $1 AND keyword = $2', [uid, keyword]);
  return rows.length > 0;
}

export async function shieldKeyword(db: Queryable, uid: number, keyword: string, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO barrage_shield_keywords (user_id, keyword, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [uid, keyword, at],
  );
}

export async function unshieldKeyword(db: Queryable, uid: number, keyword: string): Promise<void> {
  await db.query('DELETE FROM barrage_shield_keywords WHERE user_id = $1 AND keyword = $2', [uid, keyword]);
}

const AREA_QUARTERS: Readonly<Record<number, BarrageArea>> = { 1: 0.25, 2: 0.5, 3: 0.75, 4: 1 };

interface BarrageConfigRow {
  opacity_tenths: number;
  speed: BarrageSpeed;
  size: BarrageSize;
  area_quarters: number;
  merge: boolean;
  density_tenths: number;
  block_scroll: boolean;
  block_top: boolean;
  block_bottom: boolean;
  block_color: boolean;
}

export async function readBarrageConfig(db: Queryable, uid: number): Promise<BarrageConfig> {
  const rows = await db.query<BarrageConfigRow>(
    `SELECT opacity_tenths, speed, size, area_quarters, merge, density_tenths, block_scroll, block_top, block_bottom, block_color
       FROM barrage_configs WHERE user_id = $1`,
    [uid],
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_BARRAGE_CONFIG };
  return {
    opacity: row.opacity_tenths / 10,
    speed: row.speed,
    size: row.size,
    area: AREA_QUARTERS[row.area_quarters] ?? DEFAULT_BARRAGE_CONFIG.area,
    merge: row.merge,
    density: row.density_tenths / 10,
    blockScroll: row.block_scroll,
    blockTop: row.block_top,
    blockBottom: row.block_bottom,
    blockColor: row.block_color,
  };
}

export async function writeBarrageConfig(db: Queryable, uid: number, config: BarrageConfig): Promise<void> {
  await db.query(
    `INSERT INTO barrage_configs (user_id, opacity_tenths, speed, size, area_quarters, merge, density_tenths, block_scroll, block_top, block_bottom, block_color)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (user_id) DO UPDATE SET opacity_tenths = $2, speed = $3, size = $4, area_quarters = $5, merge = $6, density_tenths = $7,
       block_scroll = $8, block_top = $9, block_bottom = $10, block_color = $11`,
    [
      uid,
      Math.round(config.opacity * 10),
      config.speed,
      config.size,
      Math.round(config.area * 4),
      config.merge,
      Math.round(config.density * 10),
      config.blockScroll,
      config.blockTop,
      config.blockBottom,
      config.blockColor,
    ],
  );
}
