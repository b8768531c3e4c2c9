import type { KeyValueStore } from '../ports/key-value-store.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { RegionKeys } from '../shared-kernel/region-keys.ts';
import { decodePayInfo, type PayInfo } from './pay-info.ts';
import { afterCustomerService, afterPlacedOrder, decidePayFlow, type AfterOrder, type PayFlowInput } from './pay-flow.ts';
import { orderCallOf, type PlaceVipOrder } from './place-order.ts';
import { REFUSED_PURCHASE_CODES } from './payment-service.ts';
import { VipPaths } from './vip-codes.ts';
import { payTypeAnswer, type PayTypeAnswer } from './pay-type-answer.ts';
import { VipCalls } from './vip-protocol.ts';

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

/**
 * The VIP purchase use case: loads the catalogue and pay methods, and carries out the pay-flow decision: an
 * order (PlaceVipOrder, one call for every pay type that makes one), then where it leads; or customer service.
 */
export class PurchaseService {
  constructor(
    private readonly api: ApiClient,
    private readonly orders: Pick<PlaceVipOrder, 'place'>,
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
      const data = await this.api.request(VipCalls.payInfo, input, { suppressTips: true });
      return { kind: 'ok', info: decodePayInfo(data) };
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
          const placed = await this.orders.place(flow.order, region);
          if (!placed.ok) {
            // An alipay-style sale the region or method refuses has its page; anything else the request layer toasted.
            return REFUSED_PURCHASE_CODES.includes(placed.ret) && orderCallOf(flow.order.payType) === 'aliPay'
              ? { kind: 'navigate', path: VipPaths.zfbPayNotSupport, query: { message: placed.message } }
              : { kind: 'failed' };
          }
          const { order, ...facts } = placed.value;
          const gateway = typeof facts.gateway === 'string' ? this.resolveGateway(facts.gateway) : facts.gateway;
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
}
