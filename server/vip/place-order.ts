import type { Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findUserById } from '../user/user-repository.ts';
import type { ReceivedOf } from '../../src/core/request/protocol.ts';
import { OrderCallPayTypes, VipProtocolLimits, type OrderCall, type PromotionView, type VipCalls } from '../../src/core/vip/vip-protocol.ts';
import { activityCharge } from './vip-activities.ts';
import { CENTS, chargeOf } from './vip-catalogue.ts';
import { findPackage, isPayTypeOffered, listPayTypes, promotionsOf, saleClosedMessage } from './vip-catalogue-repository.ts';
import { createOrder } from './vip-orders.ts';
import type { OrderRow } from './vip-order-repository.ts';
import { shippingAddressOf } from './address-book.ts';
import { type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { AddressTexts } from '../../src/core/vip/vip-texts.ts';

/**
 * Placing a VIP order (CreateOrder, CreateAliPay, CreateTcgOrder, CreateGatewayOrder): reading the request, then
 * the one use case that checks it against the catalogue and the activities and creates the order row. The routes
 * (routes.ts) parse, call and answer.
 */

/**
 * What an order call's declaration (VipCalls.cardOrder, aliPayOrder, tcgOrder, gatewayOrder) hands its handler,
 * checked: the four share every field but payType (required by CreateAliPay only) and SysName (required and checked
 * by CreateOrder only).
 */
export type OrderInput = ReceivedOf<typeof VipCalls.tcgOrder.params>;

/** The pay types that create an order (3, manual, is a customer-service chat). */
const ORDER_PAY_TYPES: readonly number[] = Object.values(OrderCallPayTypes).flat();

/** The refusal of a pay type: 7004 不支持该支付方式, with the pay type asked and the ones that would do (data). */
function payTypeRefused(payType: number, accepted: readonly number[]): ApiError {
  return new ApiError(Ret.PayTypeUnavailable, RetMessage.PayTypeUnavailable, { payType, payTypes: [...accepted] });
}

/**
 * The pay type of an order call: the `payType` sent, which must be one this call takes (card -1, alipay-style 0
 * or 1, tcg 2, gateway 5); none sent is the call's own when it has one pay type (alipay-style needs it: its
 * declaration). A pay type unknown, or another call's, is 7004 with data {payType, payTypes}.
 */
function payTypeOf(input: OrderInput, call: OrderCall): number {
  const accepted: readonly number[] = OrderCallPayTypes[call];
  const payType = input.payType ?? accepted[0]!;
  if (!ORDER_PAY_TYPES.includes(payType) || !accepted.includes(payType)) throw payTypeRefused(payType, accepted);
  return payType;
}

/** A place-order request as read from the call's params. */
export interface PlaceOrderRequest {
  payType: number;
  /** Card orders carry it ('' otherwise). */
  sysName: string;
  idempotencyKey: string;
  productId: number;
  toUid: number;
  categoryId: number | undefined;
  refer: string;
  /** The checked input, for what it may also carry: the activity (BargainKey, ShareDiscount), price echoes, Promotions. */
  input: OrderInput;
}

/** An order call's request from its checked input (7004 on a pay type the call does not take). */
export function readPlaceOrder(input: OrderInput, call: OrderCall): PlaceOrderRequest {
  return {
    payType: payTypeOf(input, call),
    // Only the card order takes SysName (its declaration requires and checks it); the others ignore it.
    sysName: call === 'card' ? input.SysName ?? '' : '',
    idempotencyKey: input.IdempotencyKey,
    productId: input.ProductID,
    toUid: input.ToUID,
    categoryId: input.categoryId ?? input.vipCategoryId,
    refer: input.Refer ?? '',
    input,
  };
}

/** Price params a client might send: each must equal the server's charge (euro or rmb), else 7005. */
const EURO_PRICE_PARAMS = ['Price', 'price', 'Amount', 'amount', 'disprice'] as const;
const RMB_PRICE_PARAMS = ['rmb', 'disrmb'] as const;

/** A price echo in minor units (its declaration checked its shape), or undefined when not sent. */
function minorUnits(input: OrderInput, name: (typeof EURO_PRICE_PARAMS)[number] | (typeof RMB_PRICE_PARAMS)[number]): number | undefined {
  const text = input[name];
  return text === undefined ? undefined : Math.round(Number(text) * CENTS);
}

function checkPriceParams(input: OrderInput, charge: { cents: number; fen: number }): void {
  for (const name of EURO_PRICE_PARAMS) {
    const value = minorUnits(input, name);
    if (value !== undefined && value !== charge.cents) throw new ApiError(Ret.PriceMismatch, RetMessage.PriceMismatch);
  }
  for (const name of RMB_PRICE_PARAMS) {
    const value = minorUnits(input, name);
    if (value !== undefined && value !== charge.fen) throw new ApiError(Ret.PriceMismatch, RetMessage.PriceMismatch);
  }
}

function promotionsFrom(text: string | undefined, offered: PromotionView[]): PromotionView[] {
  if (text === undefined) return [];
  const codes = [...new Set(text.split('|').map((code) => code.trim()).filter((code) => code !== ''))];
  if (codes.length > VipProtocolLimits.maxPromotions) throw badParam('Promotions');
  return codes.map((code) => {
    const promotion = offered.find((item) => item.promotionCode === code);
    if (promotion === undefined) throw new ApiError(Ret.PromotionInvalid, RetMessage.PromotionInvalid);
    return promotion;
  });
}

export interface PlaceOrderContext {
  payerId: number;
  /** The region the sale is made in, and every region it is checked against (closed sale). */
  region: string;
  checkedRegions: readonly string[];
  nowMs: number;
}

/**
 * The one use case that places a VIP order, for every pay type: the sale open in the region, the package (in the
 * category given), its price (an activity's when asked), price echoes equal to it, the promotions, the recipient,
 * and the pay type offered for the package's category in the region; then the order row, recording the pay type
 * (a repeated idempotency key answers the same order).
 */
export async function placeVipOrder(db: Queryable, request: PlaceOrderRequest, context: PlaceOrderContext): Promise<OrderRow> {
  const closed = await saleClosedMessage(db, context.checkedRegions);
  if (closed !== undefined) throw new ApiError(Ret.PurchaseBlocked, closed);
  const product = await findPackage(db, request.productId);
  if (product === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
  if (request.categoryId !== undefined && request.categoryId !== product.category_id) {
    throw new ApiError(Ret.VipProductNotInCategory, RetMessage.VipProductNotInCategory);
  }
  const { input } = request;
  const special = await activityCharge(db, { bargainKey: input.BargainKey, shareDiscount: input.ShareDiscount }, context.payerId, product, context.nowMs);
  const charge = special ?? chargeOf(product);
  checkPriceParams(input, charge);
  const promotions = promotionsFrom(input.Promotions, await promotionsOf(db, product.id));
  if ((await findUserById(db, request.toUid)) === undefined) throw new ApiError(Ret.RecipientNotFound, RetMessage.RecipientNotFound);
  if (!(await isPayTypeOffered(db, product.category_id, request.payType, context.region))) {
    const offered = (await listPayTypes(db, context.region)).get(product.category_id) ?? [];
    throw payTypeRefused(request.payType, offered.map((item) => item.payType));
  }
  // A package that ships a gift goes to one of the payer's addresses, kept on the order as it is now.
  let shippingAddress: ShippingAddress | null = null;
  if (product.gift_item !== '') {
    if (input.AddressID === undefined) throw new ApiError(Ret.AddressRequired, AddressTexts.Required);
    shippingAddress = await shippingAddressOf(db, context.payerId, input.AddressID);
  }
  return createOrder(db, {
    payerId: context.payerId,
    toUid: request.toUid,
    packageId: product.id,
    categoryId: product.category_id,
    payType: request.payType,
    sysName: request.sysName,
    region: context.region,
    amountCents: charge.cents,
    amountRmbFen: charge.fen,
    days: product.validity_days + product.gift_days,
    promotions,
    refer: request.refer,
    idempotencyKey: request.idempotencyKey,
    bargainKey: special?.bargainKey ?? null,
    shareActivityId: special?.shareActivityId ?? null,
    shippingAddress,
  }, context.nowMs);
}
