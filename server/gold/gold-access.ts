import type { Queryable } from '../db/database.ts';

/** A video's price in gold (0 = free) and whether the user may play it (free, or bought by them). */
export interface VideoAccess {
  price: number;
  unlocked: boolean;
}

/**
 * Whether `userId` (null for a visitor) may play the video. GetPlayAddress and VideoDetails ask this;
 * the gold feature owns the prices and purchases.
 */
export async function videoAccess(_db: Queryable, _userId: number | null, _videoId: number): Promise<VideoAccess> {
  return { price: 0, unlocked: true };
}
