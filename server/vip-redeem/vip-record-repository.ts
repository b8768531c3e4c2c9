import type { Queryable } from '../db/database.ts';
import { OrderStatus } from '../../src/core/vip/vip-protocol.ts';
import { VipRecordKind } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';

/** One source of a user's VIP time, as the records list reads them all (vip-records.ts). */
export interface RecordRow {
  id: string;
  kind: VipRecordKind;
  days: number;
  pay_type: number | null;
  amount_cents: number;
  amount_rmb_fen: number;
  status: string;
  order_expires_at: Date | null;
  expire_after: Date | null;
  other_uid: number | null;
  code_hint: string;
  at: Date;
  package_name: string;
  category_name: string;
  other_nick: string | null;
  total: string;
}

/**
 * Every source of VIP time for one user, as rows of one shape: the orders they placed (for themselves: purchase,
 * for another user: a gift given, whatever their state), the paid orders another user placed for them (a gift
 * received), the bargains they claimed free (an activity's reward) and the codes they redeemed. Orders keep the
 * expiry they led to; the other sources read it from the VIP time ledger (vip_time_changes).
 */
const RECORDS_SQL = `
WITH records AS (
  SELECT 'order:' || o.id AS id,
    CASE WHEN o.to_uid = $1 THEN '${VipRecordKind.Purchase}' ELSE '${VipRecordKind.GiftGiven}' END AS kind,
    o.package_id, o.category_id, o.days, o.pay_type, o.amount_cents, o.amount_rmb_fen, o.status,
    o.expires_at AS order_expires_at,
    CASE WHEN o.to_uid = $1 THEN o.vip_expire_after END AS expire_after,
    CASE WHEN o.to_uid = $1 THEN NULL ELSE o.to_uid END AS other_uid,
    '' AS code_hint, o.created_at AS at
  FROM vip_orders o WHERE o.payer_id = $1
  UNION ALL
  SELECT 'gift:' || o.id, '${VipRecordKind.GiftReceived}', o.package_id, o.category_id, o.days, NULL, 0, 0, o.status,
    NULL, o.vip_expire_after, o.payer_id, '', o.paid_at
  FROM vip_orders o WHERE o.to_uid = $1 AND o.payer_id <> $1 AND o.status = '${OrderStatus.Paid}'
  UNION ALL
  SELECT 'bargain:' || b.key, '${VipRecordKind.Activity}', b.package_id, p.category_id, p.validity_days + p.gift_days, NULL, 0, 0,
    '${OrderStatus.Paid}', NULL, l.expire_after, NULL, '', b.closed_at
  FROM vip_bargains b JOIN vip_packages p ON p.id = b.package_id
  LEFT JOIN vip_time_changes l ON l.reason = 'bargain' AND l.ref = b.key
  WHERE b.owner_id = $1 AND b.status = 'claimed'
  UNION ALL
  SELECT 'redeem:' || c.id, '${VipRecordKind.Redeem}', c.package_id, p.category_id, p.validity_days + p.gift_days, NULL, 0, 0,
    '${OrderStatus.Paid}', NULL, l.expire_after, NULL, c.hint, c.redeemed_at
  FROM vip_redeem_codes c JOIN vip_packages p ON p.id = c.package_id
  LEFT JOIN vip_time_changes l ON l.reason = 'redeem' AND l.ref = c.id::text
  WHERE c.redeemed_by = $1
)
SELECT r.id, r.kind, r.days, r.pay_type, r.amount_cents, r.amount_rmb_fen, r.status, r.order_expires_at, r.expire_after,
  r.other_uid, r.code_hint, r.at, p.name AS package_name, cat.name AS category_name, u.nick_name AS other_nick,
  count(*) OVER () AS total
FROM records r
JOIN vip_packages p ON p.id = r.package_id
JOIN vip_categories cat ON cat.id = r.category_id
LEFT JOIN users u ON u.id = r.other_uid
ORDER BY r.at DESC, r.id DESC
LIMIT $2 OFFSET $3`;

/** One page (`limit` from `offset`) of the user's records, newest first; each row carries the count of all. */
export async function recordRows(db: Queryable, userId: number, limit: number, offset: number): Promise<RecordRow[]> {
  return db.query<RecordRow>(RECORDS_SQL, [userId, limit, offset]);
}

/** The count alone (a page past the end has no row to carry it). */
export async function countRecords(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ total: string }>(
    `SELECT (SELECT count(*) FROM vip_orders WHERE payer_id = $1)
      + (SELECT count(*) FROM vip_orders WHERE to_uid = $1 AND payer_id <> $1 AND status = '${OrderStatus.Paid}')
      + (SELECT count(*) FROM vip_bargains WHERE owner_id = $1 AND status = 'claimed')
      + (SELECT count(*) FROM vip_redeem_codes WHERE redeemed_by = $1) AS total`,
    [userId],
  );
  return Number(rows[0]?.total ?? 0);
}
