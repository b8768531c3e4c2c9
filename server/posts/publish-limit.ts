import { UploadConstants, type PublishPoint } from '../../src/core/upload/upload-protocol.ts';
import { chinaDayStart } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { usedBytesOf } from '../upload/upload-repository.ts';
import { countPostsSince } from './posts-repository.ts';

/** Posts the user made since the start of today (UTC+8, clock.ts). Deleted posts no longer count. */
async function postsToday(db: Queryable, userId: number, nowMs: number): Promise<number> {
  return countPostsSince(db, userId, chinaDayStart(nowMs));
}

/** Whether the user may still post today (CreateVideoFile and CreateTrends refuse with 8100 otherwise). */
export async function canPostToday(db: Queryable, userId: number, nowMs: number): Promise<boolean> {
  return (await postsToday(db, userId, nowMs)) < UploadConstants.dailyPostLimit;
}

/** GetPublishPoint: what the user may still publish today, and the upload limits in force. */
export async function publishPoint(db: Queryable, userId: number, at: Date, limits: { maxVideoBytes: number; quotaBytes: number }): Promise<PublishPoint> {
  const usedToday = await postsToday(db, userId, at.getTime());
  const remaining = Math.max(0, UploadConstants.dailyPostLimit - usedToday);
  return {
    dailyLimit: UploadConstants.dailyPostLimit,
    usedToday,
    remaining,
    canPublish: remaining > 0,
    maxVideoBytes: limits.maxVideoBytes,
    quotaBytes: limits.quotaBytes,
    usedBytes: await usedBytesOf(db, userId, at),
    maxDurationSeconds: UploadConstants.maxDurationSeconds,
  };
}
