import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { formatDate } from '../clock.ts';
import { OrderStatus, VipProtocolLimits, type OrderView, type PromotionView } from '../../src/core/vip/vip-protocol.ts';
import { buyBargain, useShareGrant } from './vip-activity-repository.ts';
import { amountText, PRICE_SYMBOL, toAmount } from './vip-catalogue.ts';
import {
  expireIfDue,
  grantOf,
  insertOrder,
  lockVipColumns,
  markOrderCancelled,
  markOrderPaid,
  selectOrder,
  setVipColumns,
  type NewOrder,
  type OrderRow,
} from './vip-order-repository.ts';
import { applyPurchase, type VipHolding } from './vip-time.ts';
import { recordVipTimeChange, type VipTimeCause } from './vip-time-ledger-repository.ts';

/** An unpaid order expires this long after creation (checked lazily on every read). */
const ORDER_TTL_MS = 30 * 60 * 1000;

const ORDER_ID_BYTES = 12;
/** `VO` + 24 hex digits (96 random bits: the sandbox page uses the id as its only credential). */
export const ORDER_ID_FORMAT = VipProtocolLimits.orderId;
const MS_PER_SECOND = 1000;

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
  const existingId = await insertOrder(db, id, order, new Date(nowMs), new Date(nowMs + ORDER_TTL_MS));
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
  const grant = await grantOf(tx, credit.categoryId);
  if (grant === undefined) throw new Error(`VIP category ${credit.categoryId} is missing`);
  const user = await lockVipColumns(tx, credit.toUid);
  if (user === undefined) throw new ApiError(Ret.RecipientNotFound, RetMessage.RecipientNotFound);
  const next = applyPurchase(
    { level: user.vip_level, categoryId: user.vip_category_id, typeName: user.vip_type_name, expire: user.vip_expire },
    { level: grant.level, categoryId: grant.category_id, typeName: grant.type_name, days: credit.days },
    nowMs,
  );
  await setVipColumns(tx, credit.toUid, next);
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
    if (!(await buyBargain(tx, row.bargain_key, row.id, nowMs, row.created_at))) throw new ApiError(Ret.OrderClosed, RetMessage.BargainClosed);
  }
  if (row.share_activity_id !== null) {
    if (!(await useShareGrant(tx, row.payer_id, row.share_activity_id, row.id))) throw new ApiError(Ret.OrderClosed, RetMessage.ShareDiscountUsed);
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
    await markOrderPaid(tx, orderId, new Date(nowMs), providerRef, next.expire);
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
    await markOrderCancelled(tx, orderId, new Date(nowMs));
    const cancelled = await selectOrder(tx, orderId);
    if (cancelled === undefined) throw new Error('order vanished while cancelling');
    return { order: cancelled, changed: true };
  });
}
