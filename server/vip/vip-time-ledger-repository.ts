import type { Queryable } from '../db/database.ts';

/** Why a user's VIP time changed (vip_time_changes.reason) and what it names (ref). */
export type VipTimeCause =
  /** A paid order (ref: the order id); its recipient's time. */
  | { reason: 'order'; ref: string }
  /** A bargain claimed free at price 0 (ref: the bargain key). */
  | { reason: 'bargain'; ref: string }
  /** A redeemed code (ref: vip_redeem_codes.id). */
  | { reason: 'redeem'; ref: string };

export interface VipTimeChange {
  userId: number;
  cause: VipTimeCause;
  days: number;
  /** users.vip_expire right after the change. */
  expireAfter: Date;
  /** Unix milliseconds. */
  at: number;
}

/**
 * Writes one ledger entry. Call it with the transaction that changed users.vip_expire (creditVip does), so the entry
 * and the VIP time commit or roll back together.
 */
export async function recordVipTimeChange(tx: Queryable, change: VipTimeChange): Promise<void> {
  await tx.query(
    `INSERT INTO vip_time_changes (user_id, reason, ref, days, expire_after, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [change.userId, change.cause.reason, change.cause.ref, change.days, change.expireAfter, new Date(change.at)],
  );
}
