import type { Random } from '../ports/random.ts';
import { textOf } from '../request/answer-values.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { OrderRequest, PlacedOrderFacts } from './pay-flow.ts';
import { readOrder, REFUSED_PURCHASE_CODES, type PaymentOrder, type PaymentResult } from './payment-service.ts';
import { PayType, VipCalls, VipProtocolLimits, type AliPayOrder, type GatewayOrder, type OrderView, type TcgOrder } from './vip-protocol.ts';

/** The order calls (server/vip/place-order.ts checks the payType against its call). */
export type OrderCall = 'card' | 'aliPay' | 'tcg' | 'gateway';

/** The order call of a pay type; null for one that makes no order (3, manual, is a chat; anything unknown). */
export function orderCallOf(payType: number): OrderCall | null {
  switch (payType) {
    case PayType.Card:
      return 'card';
    case PayType.AlipayStyle:
    case PayType.AlipayStyleAlt:
      return 'aliPay';
    case PayType.Tcg:
      return 'tcg';
    case PayType.Gateway:
      return 'gateway';
    default:
      return null;
  }
}

/** An order as its creation answered it: the order, and what the payment page and the gateway are given. */
export interface PlacedOrder extends Omit<PlacedOrderFacts, 'orderId' | 'payType'> {
  order: PaymentOrder;
}

/** A key shape the server accepts (8–64 of [A-Za-z0-9_-]). */
const KEY_FORMAT = VipProtocolLimits.idempotencyKey;

const BAD_ORDER = '订单数据异常';

/** Any order call's answer: the card call answers the order itself, the others it under `order`, with their own fields. */
type OrderAnswer = OrderView | AliPayOrder | TcgOrder | GatewayOrder;

function placed(payType: number, data: OrderAnswer | null): PlacedOrder | null {
  const raw: Partial<Record<string, unknown>> = typeof data === 'object' && data !== null ? { ...data } : {};
  const order = readOrder(payType === PayType.Card ? raw : raw.order);
  if (!order) return null;
  const amount = payType === PayType.AlipayStyle || payType === PayType.AlipayStyleAlt ? textOf(raw.disrmb) || order.rmbText : textOf(raw.disprice) || order.priceText;
  return {
    order,
    amount,
    title: textOf(raw.title) || order.title,
    params: typeof raw.params === 'string' ? raw.params : '',
    msgParams: textOf(raw.msgParams),
    gateway: raw.gateway,
    gatewayParams: raw.params,
  };
}

/**
 * The one use case that creates a VIP order, for every pay type that makes one (card -1, alipay-style 0 and 1,
 * tcg 2, gateway 5): one call, with the payType and an idempotency key kept until the order is made (a double tap
 * or a retry of the same order makes one order). The created order stays in memory so the payment page shows it
 * without asking again; a reload asks by id (PaymentService.getOrder).
 */
export class PlaceVipOrder {
  private pending: { signature: string; key: string } | null = null;
  private readonly recent = new Map<string, PlacedOrder>();

  constructor(
    private readonly api: ApiClient,
    private readonly random: Random,
  ) {}

  /**
   * Creates the order. A refusal is shown by the request layer, except an alipay-style one the region or method
   * refuses (7003, 7004): its page (/zfbPayNotSupport) shows it.
   */
  async place(request: OrderRequest, region: string | null = null): Promise<PaymentResult<PlacedOrder>> {
    const orderCall = orderCallOf(request.payType);
    if (orderCall === null) return { ok: false, ret: -1, message: BAD_ORDER };
    let data: OrderAnswer | null;
    try {
      data = await this.send(orderCall, request, region);
    } catch (error) {
      return error instanceof ApiError ? { ok: false, ret: error.ret, message: error.msg } : { ok: false, ret: -1, message: BAD_ORDER };
    }
    this.pending = null;
    const result = placed(request.payType, data);
    if (!result) return { ok: false, ret: -1, message: BAD_ORDER };
    this.recent.set(result.order.orderId, result);
    return { ok: true, value: result };
  }

  /** Sends the order call of its pay type. */
  private send(orderCall: OrderCall, request: OrderRequest, region: string | null): Promise<OrderAnswer | null> {
    const input = { ...request, IdempotencyKey: this.keyFor(request), ...(region === null ? {} : { region }) };
    switch (orderCall) {
      case 'card':
        return this.api.request(VipCalls.cardOrder, { ...input, SysName: request.SysName ?? '' });
      case 'aliPay':
        // An alipay-style sale the region or method refuses has its own page (/zfbPayNotSupport): no toast.
        return this.api.request(VipCalls.aliPayOrder, input, { suppressCodes: REFUSED_PURCHASE_CODES });
      case 'tcg':
        return this.api.request(VipCalls.tcgOrder, input);
      case 'gateway':
        return this.api.request(VipCalls.gatewayOrder, input);
    }
  }

  /**
   * The order this app just created, as its creation answered it, handed over once: to the page the pay button
   * opens. Undefined after that (a later visit, a reload): the page asks by id, for the order's state now.
   */
  takePlaced(orderId: string): PlacedOrder | undefined {
    const placed = this.recent.get(orderId);
    this.recent.delete(orderId);
    return placed;
  }

  /** The idempotency key of this order attempt: the same order request reuses it until it succeeds. */
  private keyFor(order: OrderRequest): string {
    const signature = JSON.stringify(order);
    if (this.pending?.signature === signature) return this.pending.key;
    const fresh = this.random.uuid().replace(/-/gu, '');
    const key = KEY_FORMAT.test(fresh) ? fresh : `k${fresh.replace(/[^A-Za-z0-9_-]/gu, '')}`.padEnd(8, '0').slice(0, 64);
    this.pending = { signature, key };
    return key;
  }
}
