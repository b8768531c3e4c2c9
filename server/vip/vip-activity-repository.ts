/**
 * The VIP activities' tables (vip_bargains, vip_bargain_helps, vip_share_grants, recharge_activities): every query
 * of the bargain and share activities, so their use cases (vip-activities.ts, place-order.ts, the payment of an order
 * in vip-orders.ts) and routes hold none.
 */
import type { Queryable } from '../db/database.ts';
import { ACTIVITY_RUNNING } from '../shell/activities.ts';

export const BargainStatus = {
  Active: 'active',
  Abandoned: 'abandoned',
  Claimed: 'claimed',
  Bought: 'bought',
  Expired: 'expired',
} as const;

export interface BargainRow {
  key: string;
  owner_id: number;
  package_id: number;
  start_price_cents: number;
  price_cents: number;
  status: string;
  created_at: Date;
  end_at: Date;
}

export interface RunningShareRow {
  id: number;
  type: number;
  status: number;
  qr_code_title: string;
  qr_code_remark: string;
  share_text: string;
  activity_rule: string;
  share_discount_cents: number;
}

/** Marks running bargains whose endTime passed as expired (lazily, on every read). */
export async function expireDueBargains(db: Queryable, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE vip_bargains SET status = 'expired', closed_at = end_at WHERE status = 'active' AND end_at <= $1`,
    [new Date(nowMs)],
  );
}

/** The user's running bargain (after expiring the due ones), or undefined. */
export async function activeBargainOf(db: Queryable, uid: number, nowMs: number): Promise<BargainRow | undefined> {
  await expireDueBargains(db, nowMs);
  const rows = await db.query<BargainRow>(`SELECT * FROM vip_bargains WHERE owner_id = $1 AND status = 'active'`, [uid]);
  return rows[0];
}

/** A bargain by its key, or undefined (not locked). */
export async function findBargain(db: Queryable, key: string): Promise<BargainRow | undefined> {
  const rows = await db.query<BargainRow>('SELECT * FROM vip_bargains WHERE key = $1', [key]);
  return rows[0];
}

/** A bargain by its key, locked for the transaction, or undefined. */
export async function lockBargain(tx: Queryable, key: string): Promise<BargainRow | undefined> {
  const rows = await tx.query<BargainRow>('SELECT * FROM vip_bargains WHERE key = $1 FOR UPDATE', [key]);
  return rows[0];
}

/** A bargain with its package's days, locked for the transaction, or undefined. */
export async function lockBargainWithDays(tx: Queryable, key: string): Promise<(BargainRow & { validity_days: number; gift_days: number }) | undefined> {
  const rows = await tx.query<BargainRow & { validity_days: number; gift_days: number }>(
    `SELECT b.*, p.validity_days, p.gift_days FROM vip_bargains b JOIN vip_packages p ON p.id = b.package_id
     WHERE b.key = $1 FOR UPDATE OF b`,
    [key],
  );
  return rows[0];
}

/** How many friends have cut a bargain's price. */
export async function bargainHelperCount(db: Queryable, key: string): Promise<number> {
  const helps = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM vip_bargain_helps WHERE bargain_key = $1', [key]);
  return Number(helps[0]?.count ?? 0);
}

/** Starts a bargain; false when the owner already has a running one (one running bargain per user). */
export async function insertBargain(
  db: Queryable,
  bargain: { key: string; ownerId: number; packageId: number; priceCents: number; nowMs: number; endMs: number },
): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO vip_bargains (key, owner_id, package_id, start_price_cents, price_cents, status, created_at, end_at)
     VALUES ($1, $2, $3, $4, $4, 'active', $5, $6) ON CONFLICT (owner_id) WHERE status = 'active' DO NOTHING RETURNING key`,
    [bargain.key, bargain.ownerId, bargain.packageId, bargain.priceCents, new Date(bargain.nowMs), new Date(bargain.endMs)],
  );
  return inserted.length > 0;
}

/** Records a friend's cut; false when that friend already cut this bargain. */
export async function insertBargainHelp(tx: Queryable, key: string, helperId: number, cutCents: number, nowMs: number): Promise<boolean> {
  const helped = await tx.query(
    `INSERT INTO vip_bargain_helps (bargain_key, helper_id, cut_cents, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING helper_id`,
    [key, helperId, cutCents, new Date(nowMs)],
  );
  return helped.length > 0;
}

export async function setBargainPrice(tx: Queryable, key: string, priceCents: number): Promise<void> {
  await tx.query('UPDATE vip_bargains SET price_cents = $2 WHERE key = $1', [key, priceCents]);
}

/** Closes a bargain as abandoned or claimed. */
export async function closeBargain(tx: Queryable, key: string, status: typeof BargainStatus.Abandoned | typeof BargainStatus.Claimed, nowMs: number): Promise<void> {
  await tx.query('UPDATE vip_bargains SET status = $3, closed_at = $2 WHERE key = $1', [key, new Date(nowMs), status]);
}

/** A package's category and days (what a free claim credits), or undefined. */
export async function packageCredit(tx: Queryable, packageId: number): Promise<{ category_id: number; validity_days: number; gift_days: number } | undefined> {
  const packages = await tx.query<{ category_id: number; validity_days: number; gift_days: number }>(
    'SELECT category_id, validity_days, gift_days FROM vip_packages WHERE id = $1',
    [packageId],
  );
  return packages[0];
}

/** The user's newest unused share-discount grant, or undefined. */
export async function unusedShareGrant(db: Queryable, uid: number): Promise<{ activity_id: number; discount_cents: number } | undefined> {
  const grants = await db.query<{ activity_id: number; discount_cents: number }>(
    `SELECT activity_id, discount_cents FROM vip_share_grants WHERE user_id = $1 AND used_order_id IS NULL
     ORDER BY granted_at DESC LIMIT 1`,
    [uid],
  );
  return grants[0];
}

/** Grants an activity's share discount; false when the user already had it (once per user and activity). */
export async function insertShareGrant(db: Queryable, uid: number, activity: RunningShareRow, nowMs: number): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO vip_share_grants (user_id, activity_id, discount_cents, granted_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [uid, activity.id, activity.share_discount_cents, new Date(nowMs)],
  );
  return inserted.length > 0;
}

/** The user's grant of an activity's share discount, or undefined. */
export async function shareGrantOf(db: Queryable, uid: number, activityId: number): Promise<{ discount_cents: number; used_order_id: string | null } | undefined> {
  const rows = await db.query<{ discount_cents: number; used_order_id: string | null }>(
    'SELECT discount_cents, used_order_id FROM vip_share_grants WHERE user_id = $1 AND activity_id = $2',
    [uid, activityId],
  );
  return rows[0];
}

/** The running recharge activity (the newest running one), or undefined. */
export async function runningRecharge(db: Queryable, nowMs: number): Promise<RunningShareRow | undefined> {
  const rows = await db.query<RunningShareRow>(
    `SELECT id, type, status, qr_code_title, qr_code_remark, share_text, activity_rule, share_discount_cents
     FROM recharge_activities
     WHERE status = $1 AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)
     ORDER BY id DESC LIMIT 1`,
    [ACTIVITY_RUNNING, new Date(nowMs)],
  );
  return rows[0];
}

/**
 * Marks the bargain bought by the order at `nowMs`, once, while it is active or expired after the order was placed
 * (`orderCreatedAt`); false when it was not (bought, claimed or abandoned already, or expired before the order).
 */
export async function buyBargain(tx: Queryable, key: string, orderId: string, nowMs: number, orderCreatedAt: Date): Promise<boolean> {
  const done = await tx.query(
    `UPDATE vip_bargains SET status = 'bought', closed_at = $3, order_id = $2
     WHERE key = $1 AND (status = 'active' OR (status = 'expired' AND end_at > $4)) RETURNING key`,
    [key, orderId, new Date(nowMs), orderCreatedAt],
  );
  return done.length > 0;
}

/** Marks the user's share discount of the activity used by the order; false when another order used it. */
export async function useShareGrant(tx: Queryable, uid: number, activityId: number, orderId: string): Promise<boolean> {
  const done = await tx.query(
    `UPDATE vip_share_grants SET used_order_id = $3
     WHERE user_id = $1 AND activity_id = $2 AND (used_order_id IS NULL OR used_order_id = $3) RETURNING user_id`,
    [uid, activityId, orderId],
  );
  return done.length > 0;
}
