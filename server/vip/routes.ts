import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { resolveSessionSecret } from '../auth/session-secret.ts';
import { unixSeconds } from '../clock.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { regionCodeFor, requireRegion } from '../region/routes.ts';
import { normalizeRegionCode } from '../region/regions.ts';
import { findUserById } from '../user/user-repository.ts';
import { CALLBACK_TOLERANCE_SECONDS, deriveGatewayKey, isValidSignature, signFields } from './payment-signature.ts';
import { registerSandboxGateway } from './sandbox-gateway.ts';
import { registerVipActivityRoutes } from './vip-activities.ts';
import { placeVipOrder, readPlaceOrder, type OrderCall } from './place-order.ts';
import {
  amountText,
  listCategories,
  listPackages,
  listPayTypes,
  listPromotions,
  PayType,
  saleClosedMessage,
  toAmount,
  toPackageView,
  type PayTypeView,
} from './vip-catalogue.ts';
import { cancelOrder, findOwnOrder, findOrder, ORDER_ID_FORMAT, OrderStatus, payOrder, toOrderView, type OrderRow } from './vip-orders.ts';

/** The rule shown with the packages (spec: all time is upgraded to the highest type bought). */
const VIP_REMARK = '同时持有多种VIP时，剩余时长将按1:1全部升级为已购买的最高等级VIP。';

/** The tables GetVipPayType's shared part is read from. */
const VIP_CATALOGUE_TABLES = ['vip_categories', 'vip_packages', 'vip_promotions', 'vip_pay_types'] as const;

/** Where the sandbox gateway page lives on this server. */
const SANDBOX_GATEWAY_PATH = '/sandbox/gateway';

/** GetCusService: the only template type the client asks for (the payment customer service). */
const PAYMENT_TEMPLATE_TYPE = 2;

/** An optional id where an empty (or blank) value means none, as GetVipPayType's ids arrive when unset. */
function optionalIdOrEmpty(params: Params, name: string): number | undefined {
  return params.optionalString(name)?.trim() === '' ? undefined : params.optionalId(name);
}

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

  /** The regions a sale is checked against: the `region` param (when given) and the resolved one. */
  const regionsOf = (params: Params, request: FastifyRequest, auth: AuthSession | null): { region: string; checked: string[] } => {
    const resolved = regionCodeFor(request, auth, config.defaultRegion);
    const given = params.optionalString('region');
    // An empty region is none (the region is optional).
    const requested = given === undefined || given.trim() === '' ? undefined : requireRegion(normalizeRegionCode(given)).code;
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
      const categoryList = categories.map((category) => ({
        id: category.id,
        name: category.name,
        styleType: category.style_type,
        data: packages
          .filter((row) => row.category_id === category.id)
          .map((row) => toPackageView(row, promotions.get(row.id) ?? [])),
        payTypes: payTypes.get(category.id) ?? [],
      }));
      const answers = new Map<number | undefined, { remark: string; region: string; categoryList: typeof categoryList; payTypes: PayTypeView[] }>();
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
  api.get(
    '/api/User/GetVipPayType',
    'optional',
    async ({ params, request, auth }) => {
      const { region, checked } = regionsOf(params, request, auth);
      const [closed, info] = await Promise.all([closedSaleOf(checked), payInfoOf(region)]);
      if (closed !== null) throw new ApiError(Ret.PurchaseBlocked, closed);
      const categoryId = optionalIdOrEmpty(params, 'categoryId');
      const heldCategoryId = params.optionalString('vipCategoryId')?.trim() === '0' ? undefined : optionalIdOrEmpty(params, 'vipCategoryId');
      const productId = optionalIdOrEmpty(params, 'ProductID');
      const toUid = optionalIdOrEmpty(params, 'ToUID');
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
  const placeOrder = (params: Params, request: FastifyRequest, auth: AuthSession, call: OrderCall): Promise<OrderRow> => {
    const order = readPlaceOrder(params, call);
    const { region, checked } = regionsOf(params, request, auth);
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
  api.get('/api/payment/CreateOrder', 'required', async ({ params, request, auth }) => toOrderView(await placeOrder(params, request, auth, 'card')));

  /** Alipay-style (payType 0 or 1): what /zfbPay takes (params, disrmb, title, msgParams). */
  api.get('/api/payment/CreateAliPay', 'required', async ({ params, request, auth }) => {
    const order = await placeOrder(params, request, auth, 'aliPay');
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
  api.get('/api/payment/CreateTcgOrder', 'required', async ({ params, request, auth }) => {
    const order = await placeOrder(params, request, auth, 'tcg');
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
  api.get('/api/payment/CreateGatewayOrder', 'required', async ({ params, request, auth }) => {
    const order = await placeOrder(params, request, auth, 'gateway');
    return {
      orderId: order.id,
      gateway: SANDBOX_GATEWAY_PATH,
      params: { orderId: order.id, amount: amountText(order.amount_cents), currency: 'EUR' },
      order: toOrderView(order),
    };
  });

  /** Manual payment (payType 3): the customer-service user to chat with. */
  api.get('/api/payment/GetCusService', 'optional', async ({ params, request, auth }) => {
    const templateType = params.int('templateType');
    if (templateType !== PAYMENT_TEMPLATE_TYPE) throw badParam('templateType');
    const { region } = regionsOf(params, request, auth);
    const rows = await db.query<{ id: number; nick_name: string; avatar: string }>(
      `SELECT u.id, u.nick_name, u.avatar FROM vip_customer_service s JOIN users u ON u.id = s.user_id
       WHERE s.region IS NULL OR s.region = $1 ORDER BY (s.region IS NULL), s.user_id LIMIT 1`,
      [region],
    );
    const row = rows[0];
    if (row === undefined) throw new ApiError(Ret.CustomerServiceUnavailable, RetMessage.CustomerServiceUnavailable);
    return { id: row.id, nickName: row.nick_name, avatar: row.avatar, kefu: true };
  });

  const orderIdOf = (params: Params): string => {
    const orderId = params.string('orderId');
    if (!ORDER_ID_FORMAT.test(orderId)) throw new ApiError(Ret.OrderNotFound, RetMessage.OrderNotFound);
    return orderId;
  };

  /** The true state of one of the caller's orders (expired lazily). */
  api.get('/api/payment/GetOrder', 'required', async ({ params, auth }) =>
    toOrderView(await findOwnOrder(db, orderIdOf(params), auth.user.id, clock.now())));

  api.post('/api/payment/CancelOrder', 'required', async ({ params, auth }) => {
    const orderId = orderIdOf(params);
    await findOwnOrder(db, orderId, auth.user.id, clock.now());
    return toOrderView((await cancelOrder(db, orderId, clock.now())).order);
  });

  /**
   * Stands in for the provider of the non-gateway methods (card, alipay-style, tcg): the payer
   * approves (pays) or declines (cancels) their own order. Approving a paid order changes nothing.
   */
  api.post('/api/payment/SandboxPay', 'required', async ({ params, auth }) => {
    const orderId = orderIdOf(params);
    const action = params.string('action');
    if (action !== 'approve' && action !== 'decline') throw badParam('action');
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
  api.post('/api/payment/GatewayCallback', 'none', async ({ params, request }) => {
    try {
      return await acceptGatewayCallback(params);
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

  const acceptGatewayCallback = async (params: Params): Promise<{ orderId: string; status: string; duplicate: boolean }> => {
    const fields = {
      orderId: params.string('orderId'),
      status: params.string('status'),
      amount: params.string('amount'),
      providerRef: params.string('providerRef'),
      ts: params.string('ts'),
    };
    const sign = params.string('sign');
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
    callbackPath: '/api/payment/GatewayCallback',
  });
}
