import type { Random } from '../ports/random.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { SessionService } from '../session/session-service.ts';
import type { OrderRequest } from './pay-flow.ts';
import { CUSTOMER_SERVICE_TEMPLATE_TYPE } from './vip-codes.ts';
import { numberOf, textOf } from '../request/answer-values.ts';

/** The payment calls the payment pages make (server/vip/routes.ts). */
export const PaymentApiPaths = {
  createOrder: '/api/payment/CreateOrder',
  createAliPay: '/api/payment/CreateAliPay',
  createTcg: '/api/payment/CreateTcgOrder',
  getOrder: '/api/payment/GetOrder',
  cancelOrder: '/api/payment/CancelOrder',
  sandboxPay: '/api/payment/SandboxPay',
  customerService: '/api/payment/GetCusService',
} as const;

/** Answers that mean the region or method refuses this purchase (/zfbPayNotSupport). */
export const REFUSED_PURCHASE_CODES: readonly number[] = [7003, 7004];

export const OrderStatus = {
  Created: 'created',
  Paid: 'paid',
  Cancelled: 'cancelled',
  Expired: 'expired',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

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

/** An order as the server shows it (OrderView), the fields the pages use. */
export interface PaymentOrder {
  orderId: string;
  status: OrderStatus;
  payType: number;
  title: string;
  packageName: string;
  days: number;
  priceText: string;
  priceSymbol: string;
  rmbText: string;
  toUid: number;
  toNickName: string;
  isGift: boolean;
  /** Unix seconds: the order closes unpaid then. */
  expireTime: number;
  /** The recipient's VIP expiry after payment, '' before. */
  vipExpireDate: string;
}

const ORDER_ID = /^VO[0-9a-f]{24}$/u;

/** True for a string shaped like an order id (anything else is not sent). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}

const STATUSES: readonly string[] = Object.values(OrderStatus);

/** Reads an OrderView; null when it is not one. */
export function readOrder(data: unknown): PaymentOrder | null {
  if (typeof data !== 'object' || data === null) return null;
  const raw = data as Record<string, unknown>;
  if (!isOrderId(raw.orderId) || typeof raw.status !== 'string' || !STATUSES.includes(raw.status)) return null;
  return {
    orderId: raw.orderId,
    status: raw.status as OrderStatus,
    payType: numberOf(raw.payType),
    title: textOf(raw.title),
    packageName: textOf(raw.packageName),
    days: numberOf(raw.days),
    priceText: textOf(raw.priceText),
    priceSymbol: textOf(raw.priceSymbol),
    rmbText: textOf(raw.rmbText),
    toUid: numberOf(raw.toUid),
    toNickName: textOf(raw.toNickName),
    isGift: raw.isGift === true,
    expireTime: numberOf(raw.expireTime),
    vipExpireDate: textOf(raw.vipExpireDate),
  };
}

/** The order request a payment page was given in its `params` query (decidePayFlow); null when unusable. */
export function parseOrderRequest(params: string | undefined): OrderRequest | null {
  if (params === undefined || params === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(params);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const fields = raw as Record<string, unknown>;
  const productId = numberOf(fields.ProductID);
  const toUid = numberOf(fields.ToUID);
  const payType = numberOf(fields.payType);
  if (!Number.isSafeInteger(productId) || productId <= 0 || !Number.isSafeInteger(toUid) || toUid <= 0) return null;
  if (fields.payType === undefined || !Number.isSafeInteger(payType)) return null;
  const request: OrderRequest = { ProductID: productId, ToUID: toUid, Promotions: textOf(fields.Promotions), payType };
  if (typeof fields.SysName === 'string' && fields.SysName !== '') request.SysName = fields.SysName;
  if (typeof fields.Refer === 'string' && fields.Refer !== '') request.Refer = fields.Refer;
  return request;
}

export type PaymentResult<T> = { ok: true; value: T } | { ok: false; ret: number; message: string };

const failed = (error: unknown): { ok: false; ret: number; message: string } => {
  if (error instanceof ApiError) return { ok: false, ret: error.ret, message: error.msg };
  return { ok: false, ret: -1, message: '订单数据异常' };
};

function orderResult(data: unknown): PaymentResult<PaymentOrder> {
  const order = readOrder(data);
  return order ? { ok: true, value: order } : { ok: false, ret: -1, message: '订单数据异常' };
}

/** What CreateAliPay / CreateTcgOrder answer: the order and the amount to show. */
export interface CreatedPayment {
  order: PaymentOrder;
  /** The amount as the server computed it (¥ for alipay-style, € for tcg). */
  amount: string;
  title: string;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/u;

function requestFields(request: OrderRequest, key: string): Record<string, string> {
  const fields: Record<string, string> = {
    ProductID: String(request.ProductID),
    ToUID: String(request.ToUID),
    Promotions: request.Promotions,
    payType: String(request.payType),
    IdempotencyKey: key,
  };
  if (request.SysName !== undefined) fields.SysName = request.SysName;
  if (request.Refer !== undefined) fields.Refer = request.Refer;
  return fields;
}

/**
 * The payment pages' use cases: create the alipay-style or tcg order (with a key the page keeps, so a
 * retry finds the same order), read, cancel and pay through the sandbox provider; after a payment the
 * user is refreshed so the VIP tag and expiry follow.
 */
export class PaymentService {
  constructor(
    private readonly api: ApiClient,
    private readonly random: Random,
    private readonly sessions: Pick<SessionService, 'refreshUserInfo'>,
  ) {}

  /** A fresh idempotency key: one per purchase attempt (the page keeps it for its life). */
  newAttemptKey(): string {
    const key = this.random.uuid().replace(/-/gu, '');
    if (!IDEMPOTENCY_KEY.test(key)) throw new Error('the Random port gave no usable key');
    return key;
  }

  createAliPay(request: OrderRequest, key: string): Promise<PaymentResult<CreatedPayment>> {
    return this.create(PaymentApiPaths.createAliPay, request, key, 'disrmb');
  }

  createTcg(request: OrderRequest, key: string): Promise<PaymentResult<CreatedPayment>> {
    return this.create(PaymentApiPaths.createTcg, request, key, 'disprice');
  }

  async getOrder(orderId: string): Promise<PaymentResult<PaymentOrder>> {
    try {
      return orderResult(await this.api.get(PaymentApiPaths.getOrder, { orderId }, { suppressTips: true }));
    } catch (error) {
      return failed(error);
    }
  }

  async cancelOrder(orderId: string): Promise<PaymentResult<PaymentOrder>> {
    try {
      return orderResult(await this.api.post(PaymentApiPaths.cancelOrder, { orderId }, { suppressTips: true }));
    } catch (error) {
      return failed(error);
    }
  }

  /** The sandbox provider approves (pays) or declines (cancels); a paid order refreshes the user. */
  async sandboxPay(orderId: string, action: 'approve' | 'decline'): Promise<PaymentResult<PaymentOrder>> {
    let result: PaymentResult<PaymentOrder>;
    try {
      result = orderResult(await this.api.post(PaymentApiPaths.sandboxPay, { orderId, action }, { suppressTips: true }));
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
  async customerService(region?: string): Promise<PaymentResult<unknown>> {
    try {
      const params: Record<string, string> = { templateType: String(CUSTOMER_SERVICE_TEMPLATE_TYPE) };
      if (region) params.region = region;
      return { ok: true, value: await this.api.get(PaymentApiPaths.customerService, params, { suppressTips: true }) };
    } catch (error) {
      return failed(error);
    }
  }

  private async create(path: string, request: OrderRequest, key: string, amountField: string): Promise<PaymentResult<CreatedPayment>> {
    let data: unknown;
    try {
      data = await this.api.get(path, requestFields(request, key), { suppressTips: true });
    } catch (error) {
      return failed(error);
    }
    const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const order = readOrder(raw.order);
    if (!order) return { ok: false, ret: -1, message: '订单数据异常' };
    return { ok: true, value: { order, amount: textOf(raw[amountField]) || order.priceText, title: textOf(raw.title) || order.title } };
  }
}
