import type { Queryable } from '../db/database.ts';
import type { ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { OrderStatus, type PromotionView } from '../../src/core/vip/vip-protocol.ts';

/**
 * The VIP orders (vip_orders, with their package, category and recipient) and the VIP columns of users that paid
 * orders, bargains and redeem codes credit (vip-orders.ts holds the rules: idempotency, payment once, the VIP time).
 */

export interface OrderRow {
  id: string;
  payer_id: number;
  to_uid: number;
  package_id: number;
  category_id: number;
  pay_type: number;
  sys_name: string;
  region: string;
  amount_cents: number;
  amount_rmb_fen: number;
  days: number;
  promotions: PromotionView[];
  refer: string;
  status: OrderStatus;
  idempotency_key: string;
  provider_ref: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
  vip_expire_after: Date | null;
  /** The bargain whose price this order charges (vip-activities.ts), or null. */
  bargain_key: string | null;
  /** The recharge activity whose share discount this order uses, or null. */
  share_activity_id: number | null;
  package_name: string;
  category_name: string;
  validity_days: number;
  gift_days: number;
  to_nick_name: string;
  /** The gift the package ships ('' none), and the address the order ships it to (kept as it was when ordered). */
  gift_item: string;
  shipping_address: ShippingAddress | null;
}

const ORDER_SELECT = `SELECT o.*, p.name AS package_name, c.name AS category_name, p.validity_days, p.gift_days,
    u.nick_name AS to_nick_name, p.gift_item
  FROM vip_orders o
  JOIN vip_packages p ON p.id = o.package_id
  JOIN vip_categories c ON c.id = o.category_id
  JOIN users u ON u.id = o.to_uid`;

export interface NewOrder {
  payerId: number;
  toUid: number;
  packageId: number;
  categoryId: number;
  payType: number;
  sysName: string;
  region: string;
  amountCents: number;
  amountRmbFen: number;
  days: number;
  promotions: PromotionView[];
  refer: string;
  idempotencyKey: string;
  bargainKey?: string | null;
  shareActivityId?: number | null;
  /** Where the package's gift goes (a package that ships none: null). */
  shippingAddress?: ShippingAddress | null;
}

/**
 * Stores a new order `id` (created, expiring at `expiresAt`) unless the payer has one with the same idempotency key
 * (the unique (payer_id, idempotency_key) index lets exactly one of concurrent duplicates in); answers the id of the
 * payer's order with that key, the new one or the one there before.
 */
export async function insertOrder(db: Queryable, id: string, order: NewOrder, at: Date, expiresAt: Date): Promise<string | undefined> {
  await db.query(
    `INSERT INTO vip_orders (id, payer_id, to_uid, package_id, category_id, pay_type, sys_name, region, amount_cents,
       amount_rmb_fen, days, promotions, refer, status, idempotency_key, created_at, expires_at, bargain_key, share_activity_id,
       shipping_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20::jsonb)
     ON CONFLICT (payer_id, idempotency_key) DO NOTHING`,
    [id, order.payerId, order.toUid, order.packageId, order.categoryId, order.payType, order.sysName, order.region,
      order.amountCents, order.amountRmbFen, order.days, JSON.stringify(order.promotions), order.refer,
      OrderStatus.Created, order.idempotencyKey, at, expiresAt,
      order.bargainKey ?? null, order.shareActivityId ?? null, order.shippingAddress ? JSON.stringify(order.shippingAddress) : null],
  );
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM vip_orders WHERE payer_id = $1 AND idempotency_key = $2',
    [order.payerId, order.idempotencyKey],
  );
  return rows[0]?.id;
}

/** Marks the order expired when its time is up and it is still unpaid. */
export async function expireIfDue(db: Queryable, orderId: string, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE vip_orders SET status = $3, closed_at = expires_at
     WHERE id = $1 AND status = $4 AND expires_at <= $2`,
    [orderId, new Date(nowMs), OrderStatus.Expired, OrderStatus.Created],
  );
}

/** The order with its package, category and recipient; `lock` locks the order's row until the transaction ends. */
export async function selectOrder(db: Queryable, orderId: string, lock = false): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`, [orderId]);
  return rows[0];
}

/** Moves the order to paid at `at`, keeping the provider's reference and the recipient's VIP expiry after it. */
export async function markOrderPaid(tx: Queryable, orderId: string, at: Date, providerRef: string, vipExpireAfter: Date | null): Promise<void> {
  await tx.query(
    'UPDATE vip_orders SET status = $2, paid_at = $3, provider_ref = $4, vip_expire_after = $5 WHERE id = $1',
    [orderId, OrderStatus.Paid, at, providerRef, vipExpireAfter],
  );
}

export async function markOrderCancelled(tx: Queryable, orderId: string, at: Date): Promise<void> {
  await tx.query('UPDATE vip_orders SET status = $2, closed_at = $3 WHERE id = $1', [orderId, OrderStatus.Cancelled, at]);
}

export interface VipColumns {
  vip_level: number;
  vip_category_id: number;
  vip_type_name: string;
  vip_expire: Date | null;
}

export interface GrantRow {
  level: number;
  category_id: number;
  type_name: string;
}

/** The VIP type a category grants (its grant category, else itself), or undefined when the category is missing. */
export async function grantOf(tx: Queryable, categoryId: number): Promise<GrantRow | undefined> {
  const grants = await tx.query<GrantRow>(
    `SELECT g.vip_level AS level, g.id AS category_id, g.vip_type_name AS type_name
     FROM vip_categories c JOIN vip_categories g ON g.id = coalesce(c.grant_category_id, c.id)
     WHERE c.id = $1`,
    [categoryId],
  );
  return grants[0];
}

/** The user's VIP columns, the row locked until the transaction ends; undefined when there is no such user. */
export async function lockVipColumns(tx: Queryable, uid: number): Promise<VipColumns | undefined> {
  const users = await tx.query<VipColumns>(
    'SELECT vip_level, vip_category_id, vip_type_name, vip_expire FROM users WHERE id = $1 FOR UPDATE',
    [uid],
  );
  return users[0];
}

export async function setVipColumns(
  tx: Queryable,
  uid: number,
  vip: { level: number; categoryId: number; typeName: string; expire: Date | null },
): Promise<void> {
  await tx.query(
    'UPDATE users SET vip_level = $2, vip_category_id = $3, vip_type_name = $4, vip_expire = $5 WHERE id = $1',
    [uid, vip.level, vip.categoryId, vip.typeName, vip.expire],
  );
}
