import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { formatDate } from '../user/user-view.ts';
import type { ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { OrderStatus, VipProtocolLimits, type OrderView, type PromotionView } from '../../src/core/vip/vip-protocol.ts';
import { amountText, PRICE_SYMBOL, toAmount } from './vip-catalogue.ts';
import { applyPurchase, type VipHolding } from './vip-time.ts';
import { recordVipTimeChange, type VipTimeCause } from './vip-time-ledger.ts';


/** An unpaid order expires this long after creation (checked lazily on every read). */
const ORDER_TTL_MS = 30 * 60 * 1000;

const ORDER_ID_BYTES = 12;
/** `VO` + 24 hex digits (96 random bits: the sandbox page uses the id as its only credential). */
export const ORDER_ID_FORMAT = VipProtocolLimits.orderId;
const MS_PER_SECOND = 1000;

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

const seconds = (date: Date): number => Math.floor(date.getTime() / MS_PER_SECOND);

export function toOrderView(row: OrderRow): OrderView {
  return {
    orderId: row.id,
    status: row.status,
    payType: row.pay_type,
    sysName: row.sys_name,
    productId: row.package_id,
    packageName: row.package_name,
    categoryId: row.category_id,
    categoryName: row.category_name,
    title: `${row.category_name}·${row.package_name}`,
    validityDays: row.validity_days,
    giftDays: row.gift_days,
    days: row.days,
    price: toAmount(row.amount_cents),
    priceText: amountText(row.amount_cents),
    priceSymbol: PRICE_SYMBOL,
    rmb: toAmount(row.amount_rmb_fen),
    rmbText: amountText(row.amount_rmb_fen),
    payerUid: row.payer_id,
    toUid: row.to_uid,
    toNickName: row.to_nick_name,
    isGift: row.payer_id !== row.to_uid,
    promotions: row.promotions,
    createTime: seconds(row.created_at),
    expireTime: seconds(row.expires_at),
    payTime: row.paid_at === null ? null : seconds(row.paid_at),
    vipExpireDate: row.vip_expire_after === null ? '' : formatDate(row.vip_expire_after),
    giftItem: row.gift_item,
    shippingAddress: row.shipping_address,
  };
}

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

/** Marks the order expired when its time is up and it is still unpaid. */
async function expireIfDue(db: Queryable, orderId: string, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE vip_orders SET status = $3, closed_at = expires_at
     WHERE id = $1 AND status = $4 AND expires_at <= $2`,
    [orderId, new Date(nowMs), OrderStatus.Expired, OrderStatus.Created],
  );
}

async function selectOrder(db: Queryable, orderId: string, lock = false): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`, [orderId]);
  return rows[0];
}

/** The order (expired lazily), or undefined when it does not exist. */
export async function findOrder(db: Queryable, orderId: string, nowMs: number): Promise<OrderRow | undefined> {
  await expireIfDue(db, orderId, nowMs);
  return selectOrder(db, orderId);
}

/** The caller's order; 7007 when it does not exist or belongs to someone else. */
export async function findOwnOrder(db: Queryable, orderId: string, payerId: number, nowMs: number): Promise<OrderRow> {
  const row = await findOrder(db, orderId, nowMs);
  if (row === undefined || row.payer_id !== payerId) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
  return row;
}

function sameRequest(row: OrderRow, order: NewOrder): boolean {
  const codes = (list: PromotionView[]): string => list.map((item) => item.promotionCode).join('|');
  return row.package_id === order.packageId && row.to_uid === order.toUid && row.pay_type === order.payType
    && row.sys_name === order.sysName && codes(row.promotions) === codes(order.promotions)
    && row.bargain_key === (order.bargainKey ?? null) && row.share_activity_id === (order.shareActivityId ?? null);
}

/**
 * Creates the order, or answers the payer's existing order with the same idempotency key (a
 * double tap, a retry, concurrent duplicates: the unique (payer_id, idempotency_key) index lets
 * exactly one insert win). The same key for a different request answers 7010.
 */
export async function createOrder(db: Queryable, order: NewOrder, nowMs: number): Promise<OrderRow> {
  const id = `VO${randomBytes(ORDER_ID_BYTES).toString('hex')}`;
  await db.query(
    `INSERT INTO vip_orders (id, payer_id, to_uid, package_id, category_id, pay_type, sys_name, region, amount_cents,
       amount_rmb_fen, days, promotions, refer, status, idempotency_key, created_at, expires_at, bargain_key, share_activity_id,
       shipping_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20::jsonb)
     ON CONFLICT (payer_id, idempotency_key) DO NOTHING`,
    [id, order.payerId, order.toUid, order.packageId, order.categoryId, order.payType, order.sysName, order.region,
      order.amountCents, order.amountRmbFen, order.days, JSON.stringify(order.promotions), order.refer,
      OrderStatus.Created, order.idempotencyKey, new Date(nowMs), new Date(nowMs + ORDER_TTL_MS),
      order.bargainKey ?? null, order.shareActivityId ?? null, order.shippingAddress ? JSON.stringify(order.shippingAddress) : null],
  );
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM vip_orders WHERE payer_id = $1 AND idempotency_key = $2',
    [order.payerId, order.idempotencyKey],
  );
  const existingId = rows[0]?.id;
  if (existingId === undefined) throw new Error('order vanished after insert');
  const row = await findOrder(db, existingId, nowMs);
  if (row === undefined) throw new Error('order vanished after insert');
  if (existingId !== id && !sameRequest(row, order)) {
    throw new ApiError(Ret.IdempotencyKeyReused, RetMessage.IdempotencyKeyReused);
  }
  return row;
}

function closedError(row: OrderRow): ApiError {
  return row.status === OrderStatus.Cancelled
    ? new ApiError(Ret.OrderClosed, RetMessage.OrderCancelled)
    : new ApiError(Ret.OrderClosed, RetMessage.OrderExpired);
}

export interface SettleResult {
  order: OrderRow;
  /** False when the order was already in the asked state (a replay): nothing changed. */
  changed: boolean;
}

interface VipColumns {
  vip_level: number;
  vip_category_id: number;
  vip_type_name: string;
  vip_expire: Date | null;
}

interface GrantRow {
  level: number;
  category_id: number;
  type_name: string;
}

/**
 * Credits a package's days to a user inside the caller's transaction (the category's granted VIP type, the
 * rules of vip-time.ts), records the change in the VIP time ledger under `cause` and answers the new VIP columns.
 * Used by paid orders, free bargain claims and redeem codes.
 */
export async function creditVip(
  tx: Queryable,
  credit: { toUid: number; categoryId: number; days: number; cause: VipTimeCause },
  nowMs: number,
): Promise<VipHolding> {
  const grants = await tx.query<GrantRow>(
    `SELECT g.vip_level AS level, g.id AS category_id, g.vip_type_name AS type_name
     FROM vip_categories c JOIN vip_categories g ON g.id = coalesce(c.grant_category_id, c.id)
     WHERE c.id = $1`,
    [credit.categoryId],
  );
  const grant = grants[0];
  if (grant === undefined) throw new Error(`VIP category ${credit.categoryId} is missing`);
  const users = await tx.query<VipColumns>(
    'SELECT vip_level, vip_category_id, vip_type_name, vip_expire FROM users WHERE id = $1 FOR UPDATE',
    [credit.toUid],
  );
  const user = users[0];
  if (user === undefined) throw new ApiError(Ret.RecipientNotFound, RetMessage.RecipientNotFound);
  const next = applyPurchase(
    { level: user.vip_level, categoryId: user.vip_category_id, typeName: user.vip_type_name, expire: user.vip_expire },
    { level: grant.level, categoryId: grant.category_id, typeName: grant.type_name, days: credit.days },
    nowMs,
  );
  await tx.query(
    'UPDATE users SET vip_level = $2, vip_category_id = $3, vip_type_name = $4, vip_expire = $5 WHERE id = $1',
    [credit.toUid, next.level, next.categoryId, next.typeName, next.expire],
  );
  if (next.expire !== null) {
    await recordVipTimeChange(tx, { userId: credit.toUid, cause: credit.cause, days: credit.days, expireAfter: next.expire, at: nowMs });
  }
  return next;
}

/**
 * Uses up what the order's price relied on, exactly once: the bargain (active, or expired after the order was
 * placed) becomes bought, the share discount is marked used by this order. Anything else refuses the payment.
 */
async function consumeActivities(tx: Queryable, row: OrderRow, nowMs: number): Promise<void> {
  if (row.bargain_key !== null) {
    const done = await tx.query(
      `UPDATE vip_bargains SET status = 'bought', closed_at = $3, order_id = $2
       WHERE key = $1 AND (status = 'active' OR (status = 'expired' AND end_at > $4)) RETURNING key`,
      [row.bargain_key, row.id, new Date(nowMs), row.created_at],
    );
    if (done.length === 0) throw new ApiError(Ret.OrderClosed, RetMessage.BargainClosed);
  }
  if (row.share_activity_id !== null) {
    const done = await tx.query(
      `UPDATE vip_share_grants SET used_order_id = $3
       WHERE user_id = $1 AND activity_id = $2 AND (used_order_id IS NULL OR used_order_id = $3) RETURNING user_id`,
      [row.payer_id, row.share_activity_id, row.id],
    );
    if (done.length === 0) throw new ApiError(Ret.OrderClosed, RetMessage.ShareDiscountUsed);
  }
}

/**
 * Pays the order once: in one transaction the order row is locked, moved created → paid and the
 * package's days are credited to ToUID (vip-time.ts). Paying a paid order changes nothing
 * (`changed: false`); a cancelled or expired order answers 7008.
 */
export async function payOrder(db: Database, orderId: string, nowMs: number, providerRef: string): Promise<SettleResult> {
  await expireIfDue(db, orderId, nowMs);
  return db.transaction(async (tx) => {
    const row = await selectOrder(tx, orderId, true);
    if (row === undefined) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
    if (row.status === OrderStatus.Paid) return { order: row, changed: false };
    if (row.status !== OrderStatus.Created || row.expires_at.getTime() <= nowMs) throw closedError(row);

    await consumeActivities(tx, row, nowMs);
    const next = await creditVip(tx, { toUid: row.to_uid, categoryId: row.category_id, days: row.days, cause: { reason: 'order', ref: row.id } }, nowMs);
    await tx.query(
      'UPDATE vip_orders SET status = $2, paid_at = $3, provider_ref = $4, vip_expire_after = $5 WHERE id = $1',
      [orderId, OrderStatus.Paid, new Date(nowMs), providerRef, next.expire],
    );
    const paid = await selectOrder(tx, orderId);
    if (paid === undefined) throw new Error('order vanished while paying');
    return { order: paid, changed: true };
  });
}

/**
 * Cancels an unpaid order (the payer's cancel, or the provider's decline). Cancelling a
 * cancelled or expired order changes nothing; a paid order answers 7009.
 */
export async function cancelOrder(db: Database, orderId: string, nowMs: number): Promise<SettleResult> {
  await expireIfDue(db, orderId, nowMs);
  return db.transaction(async (tx) => {
    const row = await selectOrder(tx, orderId, true);
    if (row === undefined) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
    if (row.status === OrderStatus.Paid) throw new ApiError(Ret.OrderAlreadyPaid, RetMessage.OrderAlreadyPaid);
    if (row.status !== OrderStatus.Created) return { order: row, changed: false };
    await tx.query('UPDATE vip_orders SET status = $2, closed_at = $3 WHERE id = $1', [orderId, OrderStatus.Cancelled, new Date(nowMs)]);
    const cancelled = await selectOrder(tx, orderId);
    if (cancelled === undefined) throw new Error('order vanished while cancelling');
    return { order: cancelled, changed: true };
  });
}
