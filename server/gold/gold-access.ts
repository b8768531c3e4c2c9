import type { Queryable } from '../db/database.ts';

/** A video's price in gold (0 = free) and whether the user may play it (free, or bought by them). */
export interface VideoAccess {
  price: number;
  unlocked: boolean;
}

/**
 * Whether `userId` (null for a visitor) may play the video. GetPlayAddress and VideoDetails ask this;
 * the gold feature owns the prices and purchases. An unknown video reads as free (the caller has
 * already answered "no such video").
 */
export async function videoAccess(db: Queryable, userId: number | null, videoId: number): Promise<VideoAccess> {
  const rows = await db.query<{ price: number; bought: boolean }>(
    `SELECT v.gold_price AS price,
            EXISTS (SELECT 1 FROM gold_purchases p WHERE p.video_id = v.id AND p.user_id = $2) AS bought
       FROM videos v WHERE v.id = $1`,
    [videoId, userId],
  );
  const row = rows[0];
  const price = row ? Number(row.price) : 0;
  return { price, unlocked: price === 0 || row?.bought === true };
}
