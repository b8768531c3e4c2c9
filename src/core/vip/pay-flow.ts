import type { Query } from '../ports/navigator.ts';
import { chargedPrice, promotionsParam } from './pay-rules.ts';
import { CUSTOMER_SERVICE_TEMPLATE_TYPE, ORDER_SYS_NAME, PayType, VipPaths } from './vip-codes.ts';
import { VipTexts } from './vip-texts.ts';
import type { ParamsOf } from '../request/protocol.ts';
import type { CustomerServiceUser, GatewayOrderAnswer, Package, VipCalls } from './vip-protocol.ts';

/**
 * The order request (spec section 3, "Pay request"), plus the method and Refer when set: the order calls' declared
 * parameters (SysName on every order but the gateway's; BargainKey or ShareDiscount 1 for an
 * activity price), always with Promotions and the payType.
 */
export type OrderRequest = Pick<ParamsOf<OrderParams>, 'ProductID' | 'ToUID' | 'SysName' | 'Refer' | 'BargainKey' | 'ShareDiscount' | 'AddressID'> & {
  Promotions: string;
  payType: number;
};
type OrderParams = typeof VipCalls.tcgOrder.params;

/** An activity price for the order: the bargain's or the share discount's (card and gateway orders only). */
export type ActivityPurchase = { bargainKey: string } | { shareDiscount: true };

export interface PayFlowInput {
  pkg: Package;
  /** ToUID, from recipientUid. */
  toUid: number;
  /** The chosen method's title (for the payment pages and the customer-service message). */
  payTitle: string;
  /** Refer, sent when set. */
  refer?: string;
  /** iOS asks before leaving for the gateway. */
  isIos: boolean;
  /** The visitor's region, sent to GetCusService when known. */
  region?: string;
  /** An activity price (bargain or share discount). */
  activity?: ActivityPurchase;
  /** Where a package that ships a gift sends it: one of the payer's addresses (address-book.ts). */
  addressId?: number;
}

export interface ConfirmDialog {
  message: string;
  confirmText: string;
  cancelText: string;
}

/** What the pay button leads to: data for the use case and view-model to carry out, never an effect. */
export type PayFlow =
  /**
   * Create the order (PlaceVipOrder: card -1, gateway 5 without SysName, alipay-style 0 and 1, tcg 2), then go where
   * its pay type leads (see afterPlacedOrder): one round trip from the tap to the payment page.
   */
  | { kind: 'order'; order: OrderRequest; isIos: boolean }
  /** Ask for the customer-service user (GetCusService), then open /chat with it (see afterCustomerService). */
  | { kind: 'customerService'; lookup: { templateType: number; region?: string }; msgParams: string }
  /** An unknown method: show the message, send nothing. */
  | { kind: 'unsupported'; message: string };

function orderRequest(payType: number, input: PayFlowInput, withSysName: boolean): OrderRequest {
  const order: OrderRequest = {
    ProductID: input.pkg.packageId,
    ToUID: input.toUid,
    Promotions: promotionsParam(input.pkg),
    payType,
  };
  if (withSysName) order.SysName = ORDER_SYS_NAME;
  if (input.refer !== undefined && input.refer !== '') order.Refer = input.refer;
  if (input.activity && 'bargainKey' in input.activity) order.BargainKey = input.activity.bargainKey;
  if (input.activity && 'shareDiscount' in input.activity) order.ShareDiscount = 1;
  if (input.pkg.giftItem !== '' && input.addressId !== undefined) order.AddressID = input.addressId;
  return order;
}

/** The message parameters the payment pages and the customer-service chat show about the purchase. */
function purchaseMessage(payType: number, input: PayFlowInput): string {
  const charged = chargedPrice(input.pkg);
  return JSON.stringify({
    packageId: input.pkg.packageId,
    name: input.pkg.name,
    price: charged.price,
    rmb: charged.rmb,
    priceSymbol: input.pkg.priceSymbol,
    payType,
    payTitle: input.payTitle,
    toUid: input.toUid,
  });
}

/**
 * The one pay-flow decision (spec section 7, "Flow by payment type"): -1 card order then /notice; 5 gateway
 * order then the gateway; 0 or 1 /zfbPay; 2 /tcgPay; 3 the customer-service chat; anything else a message
 * and nothing sent.
 */
export function decidePayFlow(payType: number, input: PayFlowInput): PayFlow {
  if (input.activity && payType !== PayType.Card && payType !== PayType.Gateway) {
    return { kind: 'unsupported', message: VipTexts.activityPayType };
  }
  switch (payType) {
    case PayType.Card:
    case PayType.AlipayStyle:
    case PayType.AlipayStyleAlt:
    case PayType.Tcg:
      return { kind: 'order', order: orderRequest(payType, input, true), isIos: input.isIos };
    case PayType.Gateway:
      return { kind: 'order', order: orderRequest(payType, input, false), isIos: input.isIos };
    case PayType.Manual: {
      const lookup: { templateType: number; region?: string } = { templateType: CUSTOMER_SERVICE_TEMPLATE_TYPE };
      if (input.region) lookup.region = input.region;
      return { kind: 'customerService', lookup, msgParams: purchaseMessage(payType, input) };
    }
    default:
      return { kind: 'unsupported', message: VipTexts.unsupportedPayType };
  }
}

/** What to do once an order or look-up has answered. */
export type AfterOrder =
  | { kind: 'navigate'; path: string; query: Query; params?: Record<string, string> }
  | { kind: 'openUrl'; url: string; confirm: ConfirmDialog | null }
  | { kind: 'message'; message: string };

/** What an order's payment page is given (spec §2): /notice the order id; /zfbPay and /tcgPay the order id and the spec's params (the server's payment string), disrmb or disprice, title and msgParams. */
export interface PlacedOrderFacts {
  orderId: string;
  payType: number;
  /** The amount the payment page shows, as the server computed it (¥ for alipay-style, € otherwise). */
  amount: string;
  title: string;
  /** Alipay-style and tcg: the server's signed payment string and the message parameters (spec §2: params, msgParams). */
  params: string;
  msgParams: string;
  /** Gateway (5): its address and params as the order answered them; null for the other pay types. */
  gateway: GatewayAnswer | null;
}

/** CreateGatewayOrder's {gateway, params}: opened as the address with the params as its query string. */
export interface GatewayAnswer {
  gateway: string;
  params: GatewayOrderAnswer['params'];
}

/**
 * The order is made: -1 → /notice?orderId; 0 or 1 → /zfbPay; 2 → /tcgPay (the page shows the order by its id);
 * 5 → the gateway address with its params.
 */
export function afterPlacedOrder(placed: PlacedOrderFacts, isIos: boolean): AfterOrder {
  switch (placed.payType) {
    case PayType.Card:
      return { kind: 'navigate', path: VipPaths.notice, query: { orderId: placed.orderId } };
    case PayType.Gateway:
      return afterGatewayOrder(placed.gateway, isIos);
    case PayType.Tcg:
      return { kind: 'navigate', path: VipPaths.tcgPay, query: { orderId: placed.orderId, params: placed.params, disprice: placed.amount, title: placed.title, msgParams: placed.msgParams } };
    default:
      return { kind: 'navigate', path: VipPaths.zfbPay, query: { orderId: placed.orderId, params: placed.params, disrmb: placed.amount, title: placed.title, msgParams: placed.msgParams } };
  }
}

/** The gateway address with its params as a query string (& when it already has a query); null unless http(s). */
export function gatewayUrl(gateway: string, params: GatewayAnswer['params']): string | null {
  let url: URL;
  try {
    url = new URL(gateway.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const query = typeof params === 'string' ? params.replace(/^[?&]/u, '') : new URLSearchParams(params).toString();
  if (query === '') return url.href;
  const [base, fragment] = splitFragment(url.href);
  return `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}${fragment}`;
}

function splitFragment(href: string): [string, string] {
  const hash = href.indexOf('#');
  return hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
}

/**
 * The gateway order answered {gateway, params} (spec §7, "Create gateway order"): the browser goes to the gateway
 * address with its params as the query string, in every context; on iOS only after the confirm 即将跳转到支付页面
 * (cancelling it stays on the page and leaves the order as it is). The app never shows a gateway in its own page.
 */
export function afterGatewayOrder(answer: GatewayAnswer | null, isIos: boolean): AfterOrder {
  const url = answer === null ? null : gatewayUrl(answer.gateway, answer.params);
  if (url === null) return { kind: 'message', message: VipTexts.badGateway };
  const confirm = isIos ? { message: VipTexts.jumpToPayment, confirmText: VipTexts.ok, cancelText: VipTexts.cancel } : null;
  return { kind: 'openUrl', url, confirm };
}

/** Chat route params for a manual payment: the type and the purchase message. */
export const MANUAL_PAY_CHAT_TYPE = 'pay';

/** GetCusService answered: /chat with toUid = the user's id (route params type and msgParams); a message without a usable id. */
export function afterCustomerService(user: Pick<CustomerServiceUser, 'id'>, msgParams: string): AfterOrder {
  const toUid = user.id;
  if (toUid === null) return { kind: 'message', message: VipTexts.noCustomerService };
  return { kind: 'navigate', path: VipPaths.chat, query: { toUid: String(toUid) }, params: { type: MANUAL_PAY_CHAT_TYPE, msgParams } };
}
