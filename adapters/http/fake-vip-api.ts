import {
  BargainType,
  CUSTOMER_SERVICE_TEMPLATE_TYPE,
  OrderStatus,
  PayType,
  VipCalls,
  VipProtocolLimits,
  OrderCallPayTypes,
  type AliPayOrder,
  type OrderCall,
  type BargainStatusView,
  type CategoryView,
  type CustomerServiceUser,
  type GatewayOrder,
  type OrderView,
  type PackageView,
  type PayInfoView,
  type RechargeActivityInfo,
  type RechargeActivitySummary,
  type TcgOrder,
} from '../../src/core/vip/vip-protocol.ts';
import type { ReceivedOf } from '../../src/core/request/protocol.ts';
import { AddressRet, type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { AddressTexts } from '../../src/core/vip/vip-texts.ts';
import { fail, fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The catalogue the imitation starts with: two categories, the first with a discounted package and a promotion. */
export function fakeVipCatalogue(): Omit<PayInfoView, 'region' | 'payTypes'> {
  const pkg = (fields: Partial<PackageView> & Pick<PackageView, 'packageId' | 'categoryId' | 'name' | 'price' | 'rmb'>): PackageView => ({
    validityDays: 30,
    giftDays: 0,
    priceSymbol: '€',
    disprice: null,
    disrmb: null,
    type: 0,
    bargain: false,
    menberCount: 0,
    tags: [],
    promotions: [],
    giftItem: '',
    ...fields,
  });
  return {
    remark: '说明',
    categoryList: [
      {
        id: 1,
        name: '黄金VIP',
        styleType: 0,
        data: [
          pkg({ packageId: 11, categoryId: 1, name: '月卡', validityDays: 30, giftDays: 3, price: 30, rmb: 200, disprice: 25, disrmb: 180, promotions: [{ promotionCode: 'P1', title: '限时' }], tags: ['热卖'] }),
          pkg({ packageId: 12, categoryId: 1, name: '季卡', validityDays: 90, price: 80, rmb: 500 }),
        ],
        payTypes: [
          { payType: PayType.Card, title: '银行卡支付', img: '/assets/pay/card.svg' },
          { payType: PayType.Gateway, title: '在线支付', img: '' },
          { payType: PayType.Manual, title: '人工客服充值', img: '' },
          { payType: PayType.AlipayStyle, title: '支付宝', img: '' },
          { payType: PayType.AlipayStyleAlt, title: '微信支付', img: '' },
          { payType: PayType.Tcg, title: 'TCG支付', img: '' },
        ],
      },
      {
        id: 2,
        name: '钻石VIP',
        styleType: 0,
        data: [pkg({ packageId: 21, categoryId: 2, name: '钻石月卡', price: 50, rmb: 350 })],
        payTypes: [{ payType: PayType.Card, title: '银行卡支付', img: '' }],
      },
    ],
  };
}

interface FakeVipOrder {
  view: OrderView;
  key: string;
}

interface FakeBargain {
  key: string;
  ownerId: number;
  packageId: number;
  startCents: number;
  priceCents: number;
  status: 'active' | 'abandoned' | 'claimed';
  endMs: number;
  helpers: Set<number>;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeVipApi {
  /** Every call it answered. */
  calls: FakeHttpCall[];
  /** The catalogue (tests may change packages and pay types). */
  catalogue: Omit<PayInfoView, 'region' | 'payTypes'>;
  /** Regions where the sale is closed, with the closed-sale message (7003). */
  closedRegions: Map<string, string>;
  /** Answer GetVipPayType with this refusal instead (null: the catalogue). */
  refuse: { ret: number; msg: string } | null;
  /** Answer the order calls with this refusal instead. */
  refuseOrders: { ret: number; msg: string } | null;
  orders: Array<{ orderId: string; status: OrderView['status']; payType: number; payerUid: number }>;
  /** SandboxPay approve leaves the order open (as if the provider never confirmed). */
  approveLeavesOpen: boolean;
  /** Where gateway orders are paid (the reference server answers its sandbox page). */
  gateway: string;
  /** The recipient's VIP expiry shown by a paid order. */
  vipExpireDate: string;
  /** The customer-service user of manual payment (null: none, 7013). */
  customerService: Omit<CustomerServiceUser, 'kefu'> | null;
  /** The running recharge activity (null: none). */
  rechargeActivity: RechargeActivityInfo | null;
}

export interface FakeVipApiOptions {
  /** Who is calling: a user id, or null for a visitor; by default the login_uid the fake login API's token carries. */
  caller?: (call: FakeHttpCall) => number | null;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
  /** The caller's delivery address by id (the fake address API's book), for packages that ship a gift. */
  addressOf?: (uid: number, id: number) => ShippingAddress | undefined;
}

const CENTS = 100;
const MS_PER_SECOND = 1000;
const ORDER_TTL_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BARGAIN_MS = DAY_MS;
const money = (value: number): number => Math.round(value * CENTS);
const amountText = (value: number): string => (money(value) / CENTS).toFixed(2);

/**
 * An in-memory imitation of the reference server's VIP calls (purchase, payment, bargain and share activities),
 * answering what vip-protocol.ts declares and checking their parameters as declared (test/contract/vip-protocol.test.ts
 * runs the same suite against it and against the real server). The provider's GatewayCallback is not imitated: the app
 * never sends it.
 */
export function installFakeVipApi(http: FakeHttp, options: FakeVipApiOptions = {}): FakeVipApi {
  const now = options.now ?? (() => Date.now());
  const api: FakeVipApi = {
    calls: [],
    catalogue: fakeVipCatalogue(),
    closedRegions: new Map(),
    refuse: null,
    refuseOrders: null,
    orders: [],
    approveLeavesOpen: false,
    gateway: '/sandbox/gateway',
    vipExpireDate: '',
    customerService: { id: 9, nickName: '客服', avatar: '' },
    rechargeActivity: null,
  };
  const orders = new Map<string, FakeVipOrder>();
  const bargains = new Map<string, FakeBargain>();
  const shareGrants = new Map<string, number>();
  let serial = 0;

  const { serve } = fakeApi(http, { caller: options.caller, before: (call) => void api.calls.push(call) });

  const packageOf = (id: number): { pkg: PackageView; category: CategoryView } | undefined => {
    for (const category of api.catalogue.categoryList) {
      const pkg = category.data.find((item) => item.packageId === id);
      if (pkg) return { pkg, category };
    }
    return undefined;
  };
  const requireOpen = (region: string | undefined): void => {
    const closed = region === undefined ? undefined : api.closedRegions.get(region.toUpperCase());
    if (closed !== undefined) throw refuse(7003, closed);
  };

  serve(VipCalls.payInfo, 'optional', (input) => {
    if (api.refuse) return fail(api.refuse.ret, api.refuse.msg);
    requireOpen(input.region);
    const { categoryList } = api.catalogue;
    const product = input.ProductID === undefined ? undefined : packageOf(input.ProductID);
    if (input.ProductID !== undefined && product === undefined) return fail(7001, '套餐不存在或已下架');
    if (input.categoryId !== undefined && !categoryList.some((category) => category.id === input.categoryId)) return fail(1002, 'VIP分类不存在');
    if (product && input.categoryId !== undefined && product.category.id !== input.categoryId) return fail(7002, '该套餐不属于所选分类');
    const held = categoryList.some((category) => category.id === input.vipCategoryId) ? input.vipCategoryId : undefined;
    const selected = input.categoryId ?? product?.category.id ?? held ?? categoryList[0]?.id;
    const payTypes = categoryList.find((category) => category.id === selected)?.payTypes ?? [];
    return ok({ ...api.catalogue, region: input.region?.toUpperCase() ?? 'CN', payTypes } satisfies PayInfoView);
  });

  const viewOf = (order: FakeVipOrder): OrderView => {
    if (order.view.status === OrderStatus.Created && order.view.expireTime * MS_PER_SECOND <= now()) order.view.status = OrderStatus.Expired;
    return { ...order.view };
  };
  const record = (order: FakeVipOrder): void => {
    const listed = api.orders.find((item) => item.orderId === order.view.orderId);
    if (listed) listed.status = order.view.status;
    else api.orders.push({ orderId: order.view.orderId, status: order.view.status, payType: order.view.payType, payerUid: order.view.payerUid });
  };

  /** Places an order as the server does: pay type of the call, package (in the category), promotions, price echoes. */
  const place = (input: ReceivedOf<typeof VipCalls.tcgOrder.params>, uid: number, orderCall: OrderCall): FakeVipOrder => {
    if (api.refuseOrders) throw refuse(api.refuseOrders.ret, api.refuseOrders.msg);
    const accepted: readonly number[] = OrderCallPayTypes[orderCall];
    const payType = input.payType ?? accepted[0] ?? PayType.Card;
    if (!accepted.includes(payType)) throw refuse(7004, '不支持该支付方式', { payType, payTypes: [...accepted] });
    requireOpen(input.region);
    const found = packageOf(input.ProductID);
    if (!found) throw refuse(7001, '套餐不存在或已下架');
    const { pkg, category } = found;
    const expected = input.categoryId ?? input.vipCategoryId;
    if (expected !== undefined && expected !== category.id) throw refuse(7002, '该套餐不属于所选分类');
    const discounted = pkg.disprice !== null && pkg.disrmb !== null;
    const price = discounted ? (pkg.disprice ?? pkg.price) : pkg.price;
    const rmb = discounted ? (pkg.disrmb ?? pkg.rmb) : pkg.rmb;
    for (const name of ['Price', 'price', 'Amount', 'amount', 'disprice'] as const) {
      if (input[name] !== undefined && money(Number(input[name])) !== money(price)) throw refuse(7005, '价格已变动，请刷新后重试');
    }
    for (const name of ['rmb', 'disrmb'] as const) {
      if (input[name] !== undefined && money(Number(input[name])) !== money(rmb)) throw refuse(7005, '价格已变动，请刷新后重试');
    }
    const codes = [...new Set((input.Promotions ?? '').split('|').map((code) => code.trim()).filter((code) => code !== ''))];
    if (codes.length > VipProtocolLimits.maxPromotions) throw refuse(1002, '参数格式错误：Promotions');
    const promotions = codes.map((code) => {
      const promotion = pkg.promotions.find((item) => item.promotionCode === code);
      if (!promotion) throw refuse(7011, '优惠不适用于该套餐');
      return promotion;
    });
    if (!category.payTypes.some((item) => item.payType === payType)) {
      throw refuse(7004, '不支持该支付方式', { payType, payTypes: category.payTypes.map((item) => item.payType) });
    }
    let shippingAddress: ShippingAddress | null = null;
    if (pkg.giftItem !== '') {
      if (input.AddressID === undefined) throw refuse(AddressRet.Required, AddressTexts.Required);
      shippingAddress = options.addressOf?.(uid, input.AddressID) ?? null;
      if (shippingAddress === null) throw refuse(AddressRet.NotFound, AddressTexts.NotFound);
    }
    const existing = [...orders.values()].find((order) => order.key === input.IdempotencyKey && order.view.payerUid === uid);
    if (existing) return existing;
    serial += 1;
    const created = now();
    const order: FakeVipOrder = {
      key: input.IdempotencyKey,
      view: {
        orderId: `VO${String(serial).padStart(24, '0')}`,
        status: OrderStatus.Created,
        payType,
        sysName: orderCall === 'card' ? (input.SysName ?? '') : '',
        productId: pkg.packageId,
        packageName: pkg.name,
        categoryId: category.id,
        categoryName: category.name,
        title: `${category.name}·${pkg.name}`,
        validityDays: pkg.validityDays,
        giftDays: pkg.giftDays,
        days: pkg.validityDays + pkg.giftDays,
        price,
        priceText: amountText(price),
        priceSymbol: pkg.priceSymbol,
        rmb,
        rmbText: amountText(rmb),
        payerUid: uid,
        toUid: input.ToUID,
        toNickName: '',
        isGift: input.ToUID !== uid,
        promotions,
        createTime: Math.floor(created / MS_PER_SECOND),
        expireTime: Math.floor((created + ORDER_TTL_MS) / MS_PER_SECOND),
        payTime: null,
        vipExpireDate: '',
        giftItem: pkg.giftItem,
        shippingAddress,
      },
    };
    orders.set(order.view.orderId, order);
    record(order);
    return order;
  };
  const paymentString = (view: OrderView, amount: string, currency: string): string =>
    new URLSearchParams({ orderId: view.orderId, payType: String(view.payType), amount, currency, ts: String(view.createTime * MS_PER_SECOND), sign: 'fake' }).toString();
  const messageParams = (view: OrderView, amount: string): string => JSON.stringify({ orderId: view.orderId, title: view.title, amount, payType: view.payType });

  serve(VipCalls.cardOrder, 'required', (input, uid) => ok(viewOf(place(input, uid, 'card'))));
  serve(VipCalls.aliPayOrder, 'required', (input, uid) => {
    const view = viewOf(place(input, uid, 'aliPay'));
    return ok({ orderId: view.orderId, params: paymentString(view, view.rmbText, 'CNY'), disrmb: view.rmb, title: view.title, msgParams: messageParams(view, view.rmbText), order: view } satisfies AliPayOrder);
  });
  serve(VipCalls.tcgOrder, 'required', (input, uid) => {
    const view = viewOf(place(input, uid, 'tcg'));
    return ok({ orderId: view.orderId, params: paymentString(view, view.priceText, 'EUR'), disprice: view.price, title: view.title, msgParams: messageParams(view, view.priceText), order: view } satisfies TcgOrder);
  });
  serve(VipCalls.gatewayOrder, 'required', (input, uid) => {
    const view = viewOf(place(input, uid, 'gateway'));
    return ok({ orderId: view.orderId, gateway: api.gateway, params: { orderId: view.orderId, amount: view.priceText, currency: 'EUR' }, order: view } satisfies GatewayOrder);
  });

  serve(VipCalls.customerService, 'optional', (input) => {
    if (input.templateType !== CUSTOMER_SERVICE_TEMPLATE_TYPE) return fail(1002, '参数格式错误：templateType');
    return api.customerService ? ok({ ...api.customerService, kefu: true } satisfies CustomerServiceUser) : fail(7013, '暂无可用客服');
  });

  /** One of the caller's orders: 7007 when the id cannot be one, is unknown or someone else's. */
  const ownOrder = (orderId: string, uid: number | null): FakeVipOrder => {
    const order = VipProtocolLimits.orderId.test(orderId) ? orders.get(orderId) : undefined;
    if (!order || order.view.payerUid !== uid) throw refuse(7007, '订单不存在');
    viewOf(order);
    return order;
  };
  const settle = (order: FakeVipOrder, status: OrderView['status']): void => {
    order.view.status = status;
    if (status === OrderStatus.Paid) {
      order.view.payTime = Math.floor(now() / MS_PER_SECOND);
      order.view.vipExpireDate = api.vipExpireDate || new Date(now() + order.view.days * DAY_MS).toISOString().slice(0, 10);
    }
    record(order);
  };

  serve(VipCalls.order, 'required', (input, uid) => ok(viewOf(ownOrder(input.orderId, uid))));
  serve(VipCalls.cancelOrder, 'required', (input, uid) => {
    const order = ownOrder(input.orderId, uid);
    if (order.view.status === OrderStatus.Paid) return fail(7009, '订单已支付');
    if (order.view.status === OrderStatus.Created) settle(order, OrderStatus.Cancelled);
    return ok(viewOf(order));
  });
  serve(VipCalls.sandboxPay, 'required', (input, uid) => {
    const order = ownOrder(input.orderId, uid);
    if (order.view.payType === PayType.Gateway) return fail(7004, '请在支付页面完成支付');
    const before = order.view.status;
    if (input.action === 'approve') {
      if (before === OrderStatus.Cancelled) return fail(7008, '订单已取消');
      if (before === OrderStatus.Expired) return fail(7008, '订单已过期');
      if (before === OrderStatus.Created && !api.approveLeavesOpen) settle(order, OrderStatus.Paid);
    } else {
      if (before === OrderStatus.Paid) return fail(7009, '订单已支付');
      if (before === OrderStatus.Created) settle(order, OrderStatus.Cancelled);
    }
    return ok({ ...viewOf(order), duplicate: order.view.status === before });
  });

  const runningBargain = (uid: number): FakeBargain | undefined =>
    [...bargains.values()].find((bargain) => bargain.ownerId === uid && bargain.status === 'active' && bargain.endMs > now());
  const bargainOf = (key: string): FakeBargain => {
    const bargain = VipProtocolLimits.bargainKey.test(key) ? bargains.get(key) : undefined;
    if (!bargain) throw refuse(7016, '砍价不存在或不属于你');
    return bargain;
  };
  const ownRunning = (key: string, uid: number | null): FakeBargain => {
    const bargain = bargainOf(key);
    if (bargain.ownerId !== uid) throw refuse(7016, '砍价不存在或不属于你');
    if (bargain.status !== 'active' || bargain.endMs <= now()) throw refuse(7018, '砍价已结束');
    return bargain;
  };

  serve(VipCalls.bargainStatus, 'optional', (_input, uid) => {
    const none: BargainStatusView = { type: BargainType.None, price: 0, packageId: 0, key: '', url: '', endTime: 0 };
    const bargain = uid === null ? undefined : runningBargain(uid);
    if (!bargain) return ok(none);
    return ok({
      type: bargain.helpers.size > 0 ? BargainType.Finished : BargainType.Started,
      price: bargain.priceCents / CENTS,
      startPrice: bargain.startCents / CENTS,
      packageId: bargain.packageId,
      key: bargain.key,
      url: `/bargainHelp?key=${bargain.key}`,
      endTime: Math.floor(bargain.endMs / MS_PER_SECOND),
      helpers: bargain.helpers.size,
    } satisfies BargainStatusView);
  });
  serve(VipCalls.joinBargain, 'required', (input, uid) => {
    const found = packageOf(input.ProductID);
    if (!found) return fail(7001, '套餐不存在或已下架');
    if (!found.pkg.bargain) return fail(7014, '该套餐不参加砍价活动');
    if (runningBargain(uid)) return fail(7015, '你已参加砍价活动，请勿重复参加');
    serial += 1;
    const key = `BK${serial.toString(16).padStart(32, '0')}`;
    const cents = money(found.pkg.disprice !== null && found.pkg.disrmb !== null ? found.pkg.disprice : found.pkg.price);
    const bargain: FakeBargain = { key, ownerId: uid, packageId: found.pkg.packageId, startCents: cents, priceCents: cents, status: 'active', endMs: now() + BARGAIN_MS, helpers: new Set() };
    bargains.set(key, bargain);
    return ok({ url: `/bargainHelp?key=${key}`, key, endTime: Math.floor(bargain.endMs / MS_PER_SECOND) });
  });
  serve(VipCalls.helpBargain, 'required', (input, uid) => {
    const bargain = bargainOf(input.key);
    if (bargain.ownerId === uid) return fail(7017, '不能给自己砍价');
    if (bargain.status !== 'active' || bargain.endMs <= now() || bargain.priceCents === 0) return fail(7018, '砍价已结束');
    if (bargain.helpers.has(uid)) return fail(7017, '你已经帮TA砍过价了');
    // A tenth of the starting price per friend (the server also weighs new users and long packages).
    const cut = Math.max(0, Math.min(bargain.priceCents, Math.max(1, Math.round(bargain.startCents / 10))));
    bargain.helpers.add(uid);
    bargain.priceCents -= cut;
    return ok({ cut: cut / CENTS, price: bargain.priceCents / CENTS });
  });
  serve(VipCalls.giveUpBargain, 'required', (input, uid) => {
    ownRunning(input.key, uid).status = 'abandoned';
    return ok(null);
  });
  serve(VipCalls.claimBargain, 'required', (input, uid) => {
    const bargain = ownRunning(input.key, uid);
    if (bargain.priceCents > 0) return fail(7019, '价格未砍到0元，无法免费领取');
    bargain.status = 'claimed';
    const days = packageOf(bargain.packageId)?.pkg.validityDays ?? 0;
    return ok({ vipExpire: Math.floor((now() + days * DAY_MS) / MS_PER_SECOND) });
  });

  serve(VipCalls.rechargeActivity, 'optional', () => ok(api.rechargeActivity));
  /** GetActivity's summary of the same activity (the imitation titles it with its qrCodeTitle). */
  serve(VipCalls.activity, 'optional', () => {
    const running = api.rechargeActivity;
    return ok(running ? ({ title: running.qrCodeTitle, status: running.status, type: running.type, activityRule: running.activityRule } satisfies RechargeActivitySummary) : null);
  });
  serve(VipCalls.confirmShare, 'required', (_input, uid) => {
    const activity = api.rechargeActivity;
    if (!activity || activity.type !== 0) return fail(7020, '当前没有分享活动');
    const key = `${uid}:${activity.activityRule}`;
    const duplicate = shareGrants.has(key);
    if (!duplicate) shareGrants.set(key, activity.discount);
    return ok({ discount: shareGrants.get(key) ?? 0, used: false, duplicate });
  });

  return api;
}
