import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { ClientRet } from '../request/ret.ts';
import { CUSTOMER_SERVICE_TEMPLATE_TYPE, OrderStatus, VipCalls, VipProtocolLimits, VipRet, type CustomerServiceUser, type PaymentOrder } from './vip-protocol.ts';
import type { UserInfoRefresher } from '../shared-kernel/user.ts';

/** Answers that mean the region or method refuses this purchase (/zfbPayNotSupport). */
export const REFUSED_PURCHASE_CODES: readonly number[] = [VipRet.PurchaseBlocked, VipRet.PayTypeUnavailable];

export { OrderStatus } from './vip-protocol.ts';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  created: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
};

/** True once the order can change no more. */
export function isFinalStatus(status: OrderStatus): boolean {
  return status !== OrderStatus.Created;
}

const ORDER_ID = VipProtocolLimits.orderId;

/** True for a string shaped like an order id (anything else is not sent). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}

export type PaymentResult<T> = { ok: true; value: T } | { ok: false; ret: number; message: string };

/** The call's failure; an answer that is not an order (unreadable) is 订单数据异常. */
const failed = (error: unknown): { ok: false; ret: number; message: string } => {
  if (error instanceof ApiError && error.ret !== ClientRet.UnreadableData) return { ok: false, ret: error.ret, message: error.msg };
  return { ok: false, ret: -1, message: '订单数据异常' };
};

/** The orders this app just created, as their creation answered them, kept until a page has shown them (PlaceVipOrder). */
export interface PlacedOrders {
  placed(orderId: string): { order: PaymentOrder; amount: string; title: string } | undefined;
  handedOver(orderId: string): void;
}

/**
 * The payment pages' use cases: show an order by its id (as its creation answered it when this app just made it:
 * PlaceVipOrder; else asked), read, cancel and pay through the sandbox provider; after a payment the user is
 * refreshed so the VIP tag and expiry follow.
 */
export class PaymentService {
  constructor(
    private readonly api: ApiClient,
    private readonly orders: PlacedOrders,
    private readonly sessions: UserInfoRefresher,
  ) {}

  /** What a payment page shows of an order: the creation's answer when this app just made it, else the order as asked by id (a reload). */
  async shownOrder(orderId: string, amountOf: (order: PaymentOrder) => string): Promise<PaymentResult<{ order: PaymentOrder; amount: string; title: string }>> {
    const placed = this.orders.placed(orderId);
    this.orders.handedOver(orderId);
    if (placed) return { ok: true, value: { order: placed.order, amount: placed.amount, title: placed.title } };
    const result = await this.getOrder(orderId);
    return result.ok ? { ok: true, value: { order: result.value, amount: amountOf(result.value), title: result.value.title } } : result;
  }

  /**
   * The order the pay button just created, while no page has shown it yet (else null: ask by id). Looking does not
   * hand it over: a page drawn twice before it shows (a render thrown away and redone) finds it both times.
   */
  justPlaced(orderId: string): PaymentOrder | null {
    return this.orders.placed(orderId)?.order ?? null;
  }

  /** A page shows the order just created: from now on it is asked by id (a later visit sees its state now). */
  shownPlaced(orderId: string): void {
    this.orders.handedOver(orderId);
  }

  async getOrder(orderId: string): Promise<PaymentResult<PaymentOrder>> {
    try {
      return { ok: true, value: await this.api.request(VipCalls.order, { orderId }, { suppressTips: true }) };
    } catch (error) {
      return failed(error);
    }
  }

  async cancelOrder(orderId: string): Promise<PaymentResult<PaymentOrder>> {
    try {
      return { ok: true, value: await this.api.request(VipCalls.cancelOrder, { orderId }, { suppressTips: true }) };
    } catch (error) {
      return failed(error);
    }
  }

  /** The sandbox provider approves (pays) or declines (cancels); a paid order refreshes the user. */
  async sandboxPay(orderId: string, action: 'approve' | 'decline'): Promise<PaymentResult<PaymentOrder>> {
    let result: PaymentResult<PaymentOrder>;
    try {
      result = { ok: true, value: await this.api.request(VipCalls.sandboxPay, { orderId, action }, { suppressTips: true }) };
    } catch (error) {
      return failed(error);
    }
    if (result.ok && result.value.status === OrderStatus.Paid) await this.sessions.refreshUserInfo();
    return result;
  }

  /** Refreshes the user after a payment seen elsewhere (the result page). */
  async paid(): Promise<void> {
    await this.sessions.refreshUserInfo();
  }

  /** The payment customer-service user's id, or a message. */
  async customerService(region?: string): Promise<PaymentResult<CustomerServiceUser>> {
    try {
      const input = { templateType: CUSTOMER_SERVICE_TEMPLATE_TYPE, ...(region ? { region } : {}) };
      return { ok: true, value: await this.api.request(VipCalls.customerService, input, { suppressTips: true }) };
    } catch (error) {
      return failed(error);
    }
  }
}
