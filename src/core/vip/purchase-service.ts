import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Random } from '../ports/random.ts';
import { textOf } from '../request/answer-values.ts';
import { ApiError } from '../request/api-error.ts';
import { ClientRet } from '../request/ret.ts';
import type { ApiClient } from '../request/api-client.ts';
import { RegionKeys } from '../shared-kernel/region-keys.ts';
import { afterCustomerService, afterPlacedOrder, decidePayFlow, type AfterOrder, type OrderRequest, type PayFlowInput, type PlacedOrderFacts } from './pay-flow.ts';
import { REFUSED_PURCHASE_CODES, type PaymentResult, type PlacedOrders } from './payment-service.ts';
import { VipPaths } from './vip-codes.ts';
import { payTypeAnswer, type PayTypeAnswer } from './pay-type-answer.ts';
import {
  orderCallOf,
  VipCalls,
  VipProtocolLimits,
  type AliPayOrderAnswer,
  type GatewayOrderAnswer,
  type OrderCall,
  type PaymentOrder,
  type PayInfo,
  type TcgOrderAnswer,
} from './vip-protocol.ts';

/**
 * What GetVipPayType is asked with. The spec has vipCategoryId, ProductID, ToUID and categoryId on every call:
 * an unset one travels as an empty string. region is sent only when the user chose one.
 */
export interface PayInfoQuery {
  /** The package category chosen (the tab, e.g. /openVip's categoryId): Package.categoryId. */
  categoryId?: number | null;
  /** The VIP category the logged-in user holds (User.vipCategoryId; none for a visitor or a user without VIP). */
  vipCategoryId?: number | null;
  productId?: number | null;
  /** The gift recipient (a friend); empty for the user's own purchase. */
  toUid?: number | null;
}

/** A GetVipPayType id: the number, or none (sent empty: the spec sends the four ids on every call). */
function idOrEmpty(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

export type PayInfoOutcome =
  | { kind: 'ok'; info: PayInfo }
  /** The server refused (7003 dialog or a toast), as payTypeAnswer decides. */
  | { kind: 'refused'; answer: Exclude<PayTypeAnswer, { kind: 'ok' }> }
  /** No answer (network failure or timeout): the screen shows its network box. */
  | { kind: 'network' };

/** What the pay button ends in: an effect for the view-model to carry out, or nothing (the request layer toasted). */
export type PayOutcome = AfterOrder | { kind: 'failed' };

/** An order as its creation answered it: the order, and what the payment page and the gateway are given. */
export interface PlacedOrder extends Omit<PlacedOrderFacts, 'orderId' | 'payType'> {
  order: PaymentOrder;
}

/** An order call's answer, by call: the card call answers the order itself, the others it under `order` with their own fields. */
type OrderAnswer =
  | { call: 'card'; data: PaymentOrder }
  | { call: 'aliPay'; data: AliPayOrderAnswer }
  | { call: 'tcg'; data: TcgOrderAnswer }
  | { call: 'gateway'; data: GatewayOrderAnswer };

const BAD_ORDER = '订单数据异常';

/** What the order's answer gives the payment page (or the gateway). An amount the answer leaves out is the order's. */
function placedOrder(answer: OrderAnswer): PlacedOrder {
  const none = { params: '', msgParams: '', gateway: null };
  switch (answer.call) {
    case 'card':
      return { order: answer.data, amount: answer.data.priceText, title: answer.data.title, ...none };
    case 'aliPay': {
      const { order, disrmb, title, params, msgParams } = answer.data;
      return { order, amount: textOf(disrmb) || order.rmbText, title: title || order.title, ...none, params, msgParams };
    }
    case 'tcg': {
      const { order, disprice, title, params, msgParams } = answer.data;
      return { order, amount: textOf(disprice) || order.priceText, title: title || order.title, ...none, params, msgParams };
    }
    case 'gateway': {
      const { order, gateway, params } = answer.data;
      return { order, amount: order.priceText, title: order.title, ...none, gateway: { gateway, params } };
    }
  }
}

/**
 * The VIP purchase use case, from the catalogue to the payment page: loads the catalogue and pay methods, and
 * carries out the pay-flow decision: an order (one call for every pay type that makes one, with its idempotency key
 * kept until the order is made, so a double tap or a retry makes one order), then where it leads; or customer
 * service. The order it just made is kept in memory for the payment page, until that page has shown it (placed, handedOver).
 */
export class PurchaseService implements PlacedOrders {
  private pending: { signature: string; key: string } | null = null;
  private readonly recent = new Map<string, PlacedOrder>();

  constructor(
    private readonly api: ApiClient,
    private readonly random: Random,
    private readonly local: KeyValueStore,
    /** Makes the server's gateway address absolute (the reference server answers a path on itself). */
    private readonly resolveGateway: (gateway: string) => string = (gateway) => gateway,
  ) {}

  /** The region the user chose by hand (custom area on), sent with the calls; null when none. */
  region(): string | null {
    if (this.local.get(RegionKeys.useCustomArea) !== 'true') return null;
    const code = this.local.get(RegionKeys.customAreaCode)?.trim() ?? '';
    return code === '' ? null : code;
  }

  async loadPayInfo(query: PayInfoQuery = {}): Promise<PayInfoOutcome> {
    const region = this.region();
    const input = {
      vipCategoryId: idOrEmpty(query.vipCategoryId),
      ProductID: idOrEmpty(query.productId),
      ToUID: idOrEmpty(query.toUid),
      categoryId: idOrEmpty(query.categoryId),
      ...(region === null ? {} : { region }),
    };
    try {
      return { kind: 'ok', info: await this.api.request(VipCalls.payInfo, input, { suppressTips: true }) };
    } catch (error) {
      if (!(error instanceof ApiError) || error.isNetworkFailure || error.isCancelled) return { kind: 'network' };
      const answer = payTypeAnswer({ ret: error.ret, msg: error.msg });
      return answer.kind === 'ok' ? { kind: 'network' } : { kind: 'refused', answer };
    }
  }

  /** Carries out the pay button for a checked package and method (see decidePayFlow). */
  async pay(payType: number, input: Omit<PayFlowInput, 'region'>): Promise<PayOutcome> {
    const region = this.region();
    const flow = decidePayFlow(payType, region === null ? input : { ...input, region });
    try {
      switch (flow.kind) {
        case 'order': {
          const placed = await this.place(flow.order, region);
          if (!placed.ok) {
            // An alipay-style sale the region or method refuses has its page; anything else the request layer toasted.
            return REFUSED_PURCHASE_CODES.includes(placed.ret) && orderCallOf(flow.order.payType) === 'aliPay'
              ? { kind: 'navigate', path: VipPaths.zfbPayNotSupport, query: { message: placed.message } }
              : { kind: 'failed' };
          }
          const { order, ...facts } = placed.value;
          const gateway = facts.gateway === null ? null : { ...facts.gateway, gateway: this.resolveGateway(facts.gateway.gateway) };
          return afterPlacedOrder({ ...facts, gateway, orderId: order.orderId, payType: flow.order.payType }, flow.isIos);
        }
        case 'customerService': {
          const { templateType, region: lookupRegion } = flow.lookup;
          const lookup = { templateType, ...(lookupRegion ? { region: lookupRegion } : {}) };
          return afterCustomerService(await this.api.request(VipCalls.customerService, lookup), flow.msgParams);
        }
        case 'unsupported':
          return { kind: 'message', message: flow.message };
      }
    } catch {
      // The request layer has shown the server's message (or 网络错误).
      return { kind: 'failed' };
    }
  }

  /**
   * Creates the order. A refusal is shown by the request layer, except an alipay-style one the region or method
   * refuses (7003, 7004): its page (/zfbPayNotSupport) shows it.
   */
  async place(request: OrderRequest, region: string | null = null): Promise<PaymentResult<PlacedOrder>> {
    const orderCall = orderCallOf(request.payType);
    if (orderCall === null) return { ok: false, ret: -1, message: BAD_ORDER };
    let answer: OrderAnswer;
    try {
      answer = await this.send(orderCall, request, region);
    } catch (error) {
      if (!(error instanceof ApiError)) return { ok: false, ret: -1, message: BAD_ORDER };
      if (error.ret !== ClientRet.UnreadableData) return { ok: false, ret: error.ret, message: error.msg };
      // The order is made (its key is spent), but the answer is not one.
      this.pending = null;
      return { ok: false, ret: -1, message: BAD_ORDER };
    }
    this.pending = null;
    const result = placedOrder(answer);
    this.recent.set(result.order.orderId, result);
    return { ok: true, value: result };
  }

  /** Sends the order call of its pay type. */
  private async send(call: OrderCall, request: OrderRequest, region: string | null): Promise<OrderAnswer> {
    const input = { ...request, IdempotencyKey: this.keyFor(request), ...(region === null ? {} : { region }) };
    switch (call) {
      case 'card':
        return { call, data: await this.api.request(VipCalls.cardOrder, { ...input, SysName: request.SysName ?? '' }) };
      case 'aliPay':
        // An alipay-style sale the region or method refuses is a declared refusal: its page says it, not a toast.
        return { call, data: await this.api.request(VipCalls.aliPayOrder, input) };
      case 'tcg':
        return { call, data: await this.api.request(VipCalls.tcgOrder, input) };
      case 'gateway':
        return { call, data: await this.api.request(VipCalls.gatewayOrder, input) };
    }
  }

  /**
   * The order this app just created, as its creation answered it, for the page the pay button opens (a page being
   * drawn may look more than once: a render React throws away and redoes looks too); undefined once that page has
   * shown it ({@link handedOver}), or after a reload: the page then asks by id, for the order's state now.
   */
  placed(orderId: string): PlacedOrder | undefined {
    return this.recent.get(orderId);
  }

  /** The page shows the order: a later visit asks for its state now. */
  handedOver(orderId: string): void {
    this.recent.delete(orderId);
  }

  /** The idempotency key of this order attempt: the same order request reuses it until it succeeds. */
  private keyFor(order: OrderRequest): string {
    const signature = JSON.stringify(order);
    if (this.pending?.signature === signature) return this.pending.key;
    const fresh = this.random.uuid().replace(/-/gu, '');
    const key = VipProtocolLimits.idempotencyKey.test(fresh) ? fresh : `k${fresh.replace(/[^A-Za-z0-9_-]/gu, '')}`.padEnd(8, '0').slice(0, 64);
    this.pending = { signature, key };
    return key;
  }
}
