import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { resolveSessionSecret } from '../auth/session-secret.ts';
import { unixSeconds } from '../clock.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { ReceivedOf } from '../../src/core/request/protocol.ts';
import { OrderStatus, PayType, VipCalls, type CallbackAccepted, type CategoryView, type OrderCall, type PayInfoView } from '../../src/core/vip/vip-protocol.ts';
import { regionCodeFor, requireRegion } from '../region/routes.ts';
import { normalizeRegionCode } from '../region/regions.ts';
import { findUserById } from '../user/user-repository.ts';
import { CALLBACK_TOLERANCE_SECONDS, deriveGatewayKey, isValidSignature, signFields } from './payment-signature.ts';
import { registerSandboxGateway } from './sandbox-gateway.ts';
import { registerVipActivityRoutes } from './vip-activities.ts';
import { placeVipOrder, readPlaceOrder, type OrderInput } from './place-order.ts';
import { amountText, toAmount, toPackageView } from './vip-catalogue.ts';
import { findCustomerService, listCategories, listPackages, listPayTypes, listPromotions, saleClosedMessage } from './vip-catalogue-repository.ts';
import { cancelOrder, findOwnOrder, findOrder, ORDER_ID_FORMAT, payOrder, toOrderView } from './vip-orders.ts';
import type { OrderRow } from './vip-order-repository.ts';

/** The rule shown with the packages (spec: all time is upgraded to the highest type bought). */
const VIP_REMARK = '同时持有多种VIP时，剩余时长将按1:1全部升级为已购买的最高等级VIP。';

/** The tables GetVipPayType's shared part is read from. */
const VIP_CATALOGUE_TABLES = ['vip_categories', 'vip_packages', 'vip_promotions', 'vip_pay_types'] as const;

/** Where the sandbox gateway page lives on this server. */
const SANDBOX_GATEWAY_PATH = '/sandbox/gateway';

const HTTP_OK = 200;
const HTTP_BAD_REQUEST = 400;
const HTTP_UNAUTHORIZED = 401;
const HTTP_NOT_FOUND = 404;
const HTTP_CONFLICT = 409;
const HTTP_INTERNAL_ERROR = 500;

/**
 * The HTTP status of a refused payment callback by its ret (a throw may also carry its own): malformed 400,
 * unknown order 404, and 409 for what the order's state refuses (closed, already paid when declined, the
 * recipient gone), 400 for anything else. PaymentCallbackRejected carries 401 (signature, stale ts) or 409 (amount) where thrown.
 */
const CALLBACK_STATUS: Partial<Record<number, number>> = {
  [Ret.MissingParam]: HTTP_BAD_REQUEST,
  [Ret.BadParam]: HTTP_BAD_REQUEST,
  [Ret.OrderNotFound]: HTTP_NOT_FOUND,
  [Ret.OrderClosed]: HTTP_CONFLICT,
  [Ret.OrderAlreadyPaid]: HTTP_CONFLICT,
  [Ret.RecipientNotFound]: HTTP_CONFLICT,
};

export function registerVipRoutes(api: ApiRouter, services: AppServices): void {
  const { db, config, clock } = services;
  let gatewayKey: Promise<Buffer> | undefined;
  const keyOf = (): Promise<Buffer> => {
    gatewayKey ??= resolveSessionSecret(db, config.sessionSecret).then(deriveGatewayKey);
    return gatewayKey;
  };
  /** Pays an order; once paid, the buyer's and the recipient's sockets hear userStateChange 0. */
  const payAndNotify = async (orderId: string, providerRef: string): ReturnType<typeof payOrder> => {
    const result = await payOrder(db, orderId, clock.now(), providerRef);
    if (result.changed) services.realtime.userChanged(result.order.payer_id, result.order.to_uid);
    return result;
  };

  /** The regions a sale is checked against: the `region` param (when given; empty is none) and the resolved one. */
  const regionsOf = (given: string | undefined, request: FastifyRequest, auth: AuthSession | null): { region: string; checked: string[] } => {
    const resolved = regionCodeFor(request, auth, config.defaultRegion);
    const requested = given === undefined ? undefined : requireRegion(normalizeRegionCode(given)).code;
    return { region: requested ?? resolved, checked: [...new Set([requested ?? resolved, resolved])] };
  };

  const requireRecipient = async (uid: number): Promise<void> => {
    if ((await findUserById(db, uid)) === undefined) throw new ApiError(Ret.RecipientNotFound, RetMessage.RecipientNotFound);
  };

  /**
   * The VIP catalogue as GetVipPayType shows it in a region (categories with their packages, promotions and pay
   * types), from the shared-read cache, with the answers for each selected category made once per cached value.
   */
  const payInfoOf = (region: string) =>
    services.sharedReads.get(`vip:payInfo:${region}`, VIP_CATALOGUE_TABLES, async () => {
      const [categories, packages, promotions, payTypes] = await Promise.all([
        listCategories(db), listPackages(db), listPromotions(db), listPayTypes(db, region),
      ]);
      const categoryList: CategoryView[] = categories.map((category) => ({
        id: category.id,
        name: category.name,
        styleType: category.style_type,
        data: packages
          .filter((row) => row.category_id === category.id)
          .map((row) => toPackageView(row, promotions.get(row.id) ?? [])),
        payTypes: payTypes.get(category.id) ?? [],
      }));
      const answers = new Map<number | undefined, PayInfoView>();
      return {
        categories,
        packages,
        /** The answer with `selected`'s pay types (undefined: none). */
        answerFor: (selected: number | undefined) => {
          let answer = answers.get(selected);
          if (answer === undefined) {
            answer = { remark: VIP_REMARK, region, categoryList, payTypes: selected === undefined ? [] : payTypes.get(selected) ?? [] };
            answers.set(selected, answer);
          }
          return answer;
        },
      };
    });

  /** The closed-sale message of the first closed region among `regions` (null: open), from the shared-read cache. */
  const closedSaleOf = (regions: readonly string[]) =>
    services.sharedReads.get(`vip:saleClosed:${regions.join(',')}`, ['vip_sale_closed_regions'], async () => (await saleClosedMessage(db, regions)) ?? null);

  /**
   * The pay info. The app sends vipCategoryId, ProductID, ToUID and categoryId on every call, each an empty string
   * when unset (spec §7): empty is none. categoryId is the category chosen (the tab); vipCategoryId is the VIP
   * category the user holds (User.vipCategoryId; 0 or empty for none), used only to pick the answer's payTypes when
   * nothing else is chosen, and ignored when it names no category (one no longer sold). What everyone in a region
   * sees alike comes from the shared-read cache, loaded together with the closed-sale check.
   */
  serve(
    api,
    VipCalls.payInfo,
    'optional',
    async ({ input, request, auth }) => {
      const { region, checked } = regionsOf(input.region, request, auth);
      const [closed, info] = await Promise.all([closedSaleOf(checked), payInfoOf(region)]);
      if (closed !== null) throw new ApiError(Ret.PurchaseBlocked, closed);
      const { categoryId, ProductID: productId, ToUID: toUid } = input;
      const heldCategoryId = input.vipCategoryId === 0 ? undefined : input.vipCategoryId;
      if (toUid !== undefined) await requireRecipient(toUid);
      const product = productId === undefined ? undefined : info.packages.find((row) => row.id === productId);
      if (productId !== undefined && product === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
      if (categoryId !== undefined && !info.categories.some((category) => category.id === categoryId)) {
        throw badParam('categoryId', 'VIP分类不存在');
      }
      if (product !== undefined && categoryId !== undefined && product.category_id !== categoryId) {
        throw new ApiError(Ret.VipProductNotInCategory, RetMessage.VipProductNotInCategory);
      }
      const held = info.categories.some((category) => category.id === heldCategoryId) ? heldCategoryId : undefined;
      return info.answerFor(categoryId ?? product?.category_id ?? held ?? info.categories[0]?.id);
    },
    { etag: true },
  );

  /** Places the order an order call asks for (place-order.ts), in the caller's region. */
  const placeOrder = (input: OrderInput, request: FastifyRequest, auth: AuthSession, call: OrderCall): Promise<OrderRow> => {
    const order = readPlaceOrder(input, call);
    const { region, checked } = regionsOf(input.region, request, auth);
    return placeVipOrder(db, order, { payerId: auth.user.id, region, checkedRegions: checked, nowMs: clock.now() });
  };

  /** The payment string handed to an alipay-style or tcg page: the order fields, signed. */
  const paymentParams = async (order: OrderRow, amount: string, currency: string): Promise<string> => {
    const fields = { orderId: order.id, payType: String(order.pay_type), amount, currency, ts: String(order.created_at.getTime()) };
    const sign = signFields(await keyOf(), fields);
    return new URLSearchParams({ ...fields, sign }).toString();
  };

  const messageParams = (order: OrderRow, amount: string): string =>
    JSON.stringify({ orderId: order.id, title: toOrderView(order).title, amount, payType: order.pay_type });

  /** Card (payType -1): the order for /notice. */
  serve(api, VipCalls.cardOrder, 'required', async ({ input, request, auth }) => toOrderView(await placeOrder(input, request, auth, 'card')));

  /** Alipay-style (payType 0 or 1): what /zfbPay takes (params, disrmb, title, msgParams). */
  serve(api, VipCalls.aliPayOrder, 'required', async ({ input, request, auth }) => {
    const order = await placeOrder(input, request, auth, 'aliPay');
    const amount = amountText(order.amount_rmb_fen);
    return {
      orderId: order.id,
      params: await paymentParams(order, amount, 'CNY'),
      disrmb: toAmount(order.amount_rmb_fen),
      title: toOrderView(order).title,
      msgParams: messageParams(order, amount),
      order: toOrderView(order),
    };
  });

  /** TCG (payType 2): what /tcgPay takes (params, disprice, title, msgParams). */
  serve(api, VipCalls.tcgOrder, 'required', async ({ input, request, auth }) => {
    const order = await placeOrder(input, request, auth, 'tcg');
    const amount = amountText(order.amount_cents);
    return {
      orderId: order.id,
      params: await paymentParams(order, amount, 'EUR'),
      disprice: toAmount(order.amount_cents),
      title: toOrderView(order).title,
      msgParams: messageParams(order, amount),
      order: toOrderView(order),
    };
  });

  /** Gateway (payType 5, no SysName): the client opens `gateway?<params>`, here the sandbox page. */
  serve(api, VipCalls.gatewayOrder, 'required', async ({ input, request, auth }) => {
    const order = await placeOrder(input, request, auth, 'gateway');
    return {
      orderId: order.id,
      gateway: SANDBOX_GATEWAY_PATH,
      params: { orderId: order.id, amount: amountText(order.amount_cents), currency: 'EUR' },
      order: toOrderView(order),
    };
  });

  /** Manual payment (payType 3): the customer-service user to chat with. */
  serve(api, VipCalls.customerService, 'optional', async ({ input, request, auth }) => {
    const { region } = regionsOf(input.region, request, auth);
    const user = await findCustomerService(db, region);
    if (user === undefined) throw new ApiError(Ret.CustomerServiceUnavailable, RetMessage.CustomerServiceUnavailable);
    return { ...user, kefu: true };
  });

  /** An order id as sent: 7007 when it cannot be one. */
  const orderIdOf = (orderId: string): string => {
    if (!ORDER_ID_FORMAT.test(orderId)) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
    return orderId;
  };

  /** The true state of one of the caller's orders (expired lazily). */
  serve(api, VipCalls.order, 'required', async ({ input, auth }) =>
    toOrderView(await findOwnOrder(db, orderIdOf(input.orderId), auth.user.id, clock.now())));

  serve(api, VipCalls.cancelOrder, 'required', async ({ input, auth }) => {
    const orderId = orderIdOf(input.orderId);
    await findOwnOrder(db, orderId, auth.user.id, clock.now());
    return toOrderView((await cancelOrder(db, orderId, clock.now())).order);
  });

  /**
   * Stands in for the provider of the non-gateway methods (card, alipay-style, tcg): the payer
   * approves (pays) or declines (cancels) their own order. Approving a paid order changes nothing.
   */
  serve(api, VipCalls.sandboxPay, 'required', async ({ input, auth }) => {
    const orderId = orderIdOf(input.orderId);
    const { action } = input;
    const own = await findOwnOrder(db, orderId, auth.user.id, clock.now());
    if (own.pay_type === PayType.Gateway) throw new ApiError(Ret.PayTypeUnavailable, '请在支付页面完成支付');
    const result = action === 'approve'
      ? await payAndNotify(orderId, `sandbox-${randomBytes(8).toString('hex')}`)
      : await cancelOrder(db, orderId, clock.now());
    return { ...toOrderView(result.order), duplicate: !result.changed };
  });

  /**
   * The gateway's server-to-server notification: fields orderId, status (paid | declined),
   * amount (cents), providerRef, ts (unix seconds) and sign (hex HMAC-SHA256 of the other fields
   * sorted by name, `a=1&b=2`). A replay answers ok with `duplicate: true` and adds no time.
   *
   * The provider goes by the HTTP status: only an accepted notification is HTTP 200 (body
   * `{ ret: 200, msg: '成功', data: { orderId, status, duplicate } }`, the acknowledgement); a rejected or
   * forged one is an HTTP error with the usual envelope (CALLBACK_STATUS: 400 malformed, 401 bad signature or
   * stale ts, 404 unknown order, 409 wrong amount or an order that can no longer take it), which the provider
   * should not retry; a failure of ours (the database) is HTTP 500, which it retries.
   */
  serve(api, VipCalls.gatewayCallback, 'none', async ({ input, request }) => {
    try {
      return await acceptGatewayCallback(input);
    } catch (error) {
      if (error instanceof ApiError) {
        request.log.warn({ ret: error.ret, msg: error.message }, 'payment callback rejected');
        const status = error.status !== HTTP_OK ? error.status : (CALLBACK_STATUS[error.ret] ?? HTTP_BAD_REQUEST);
        throw new ApiError(error.ret, error.message, error.data, status);
      }
      request.log.error({ err: error }, 'payment callback failed');
      throw new ApiError(Ret.Internal, RetMessage.Internal, null, HTTP_INTERNAL_ERROR);
    }
  }, { httpErrors: true });

  const acceptGatewayCallback = async (input: ReceivedOf<typeof VipCalls.gatewayCallback.params>): Promise<CallbackAccepted> => {
    const { sign, ...fields } = input;
    if (!isValidSignature(await keyOf(), fields, sign)) {
      throw new ApiError(Ret.PaymentCallbackRejected, RetMessage.BadSignature, null, HTTP_UNAUTHORIZED);
    }
    const ts = Number(fields.ts);
    if (!Number.isSafeInteger(ts) || Math.abs(unixSeconds(clock) - ts) > CALLBACK_TOLERANCE_SECONDS) {
      throw new ApiError(Ret.PaymentCallbackRejected, RetMessage.StaleCallback, null, HTTP_UNAUTHORIZED);
    }
    if (fields.status !== OrderStatus.Paid && fields.status !== 'declined') throw badParam('status');
    const order = await findOrder(db, fields.orderId, clock.now());
    if (order === undefined) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
    if (String(order.amount_cents) !== fields.amount) {
      throw new ApiError(Ret.PaymentCallbackRejected, RetMessage.CallbackAmountMismatch, null, HTTP_CONFLICT);
    }
    const result = fields.status === OrderStatus.Paid
      ? await payAndNotify(order.id, fields.providerRef)
      : await cancelOrder(db, order.id, clock.now());
    return { orderId: order.id, status: result.order.status, duplicate: !result.changed };
  };

  registerVipActivityRoutes(api, services);

  registerSandboxGateway(api.app, {
    db,
    clock,
    gatewayKey: keyOf,
    callbackPath: VipCalls.gatewayCallback.path,
  });
}
