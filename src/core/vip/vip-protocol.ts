/**
 * VIP's calls (purchase, payment, bargain and share activities), declared once (src/core/request/protocol.ts): the
 * app's services send them, the reference server (server/vip/routes.ts, vip-activities.ts) serves them, the fake
 * (adapters/http/fake-vip-api.ts) answers them. Paths as the spec and the app write them (case-sensitive).
 */
import { shippingAddress as shippingAddressAnswer, type ShippingAddress } from './address-protocol.ts';
import { check, object, optional, picklist, pipe, record, regex, string, transform, union, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call, type IdField, type IntField, type TextField } from '../request/protocol.ts';

/** The largest value of an integer column (ids, pay types): as the server's Params reads whole numbers. */
const PG_INT_MAX = 2_147_483_647;

export const VipProtocolLimits = {
  /** An idempotency key: 8–64 of [A-Za-z0-9_-]. */
  idempotencyKey: /^[A-Za-z0-9_-]{8,64}$/,
  /** A card order's SysName. */
  sysName: /^[A-Za-z0-9_ -]{1,32}$/,
  /** Refer: printable ASCII. */
  refer: /^[\x21-\x7e]{1,64}$/,
  /** Promotion codes an order names (joined with `|`). */
  maxPromotions: 5,
  /** A decimal amount with at most two decimals, possibly negative (so it can be refused as a mismatch). */
  amount: /^-?\d{1,9}(\.\d{1,2})?$/,
  /** `VO` + 24 hex digits. */
  orderId: /^VO[0-9a-f]{24}$/u,
  /** `BK` + 32 hex digits. */
  bargainKey: /^BK[0-9a-f]{32}$/,
  /** The longest text a free-form key (order id, bargain key, region) is read up to; longer is 1002. */
  maxKeyLength: 64,
  /** The longest Promotions text (5 codes of at most 64, and the pipes). */
  maxPromotionsText: 400,
} as const;

/** Payment method codes: they decide the payment flow (spec section 7, "Flow by payment type"). */
export const PayType = {
  /** Card: CreateOrder, then the /notice page with the order data. */
  Card: -1,
  /** Alipay-style: the /zfbPay page. */
  AlipayStyle: 0,
  /** Alipay-style (second code): the /zfbPay page. */
  AlipayStyleAlt: 1,
  /** The /tcgPay page. */
  Tcg: 2,
  /** Manual payment through the customer-service chat. */
  Manual: 3,
  /** A payment gateway opened with its params. */
  Gateway: 5,
} as const;
export type KnownPayType = (typeof PayType)[keyof typeof PayType];

/** An order's state: created (unpaid), then paid, cancelled or expired (final). */
export const OrderStatus = {
  Created: 'created',
  Paid: 'paid',
  Cancelled: 'cancelled',
  Expired: 'expired',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Bargain info type (spec section 3): 0 none, 1 started, 2 finished with a price. */
export const BargainType = {
  None: 0,
  Started: 1,
  Finished: 2,
} as const;
export type BargainType = (typeof BargainType)[keyof typeof BargainType];

/** Recharge activity type (spec section 3): 0 share, 1 bargain. */
export const RechargeActivityType = {
  Share: 0,
  Bargain: 1,
} as const;

/** A category's styleType: 4 shows the bargain interface; anything else is a plain category. */
export const StyleType = {
  Normal: 0,
  Bargain: 4,
} as const;

/** The customer-service user used for manual payment is asked for with templateType 2 (the only one served). */
export const CUSTOMER_SERVICE_TEMPLATE_TYPE = 2;

/** The answer codes of VIP's calls that the app handles itself. */
export const VipRet = {
  /** The sale is closed in the region (GetVipPayType, the order calls): a dialog, then /user. */
  PurchaseBlocked: 7003,
  /** The pay type is not offered (data {payType, payTypes}). */
  PayTypeUnavailable: 7004,
} as const;

/** A promotion on a package; its code travels in the order's Promotions. */
export interface PromotionView {
  promotionCode: string;
  title: string;
}

/** A VIP package as GetVipPayType shows it (prices in euro and rmb; the discount pair null when none). */
export interface PackageView {
  packageId: number;
  categoryId: number;
  name: string;
  validityDays: number;
  giftDays: number;
  price: number;
  priceSymbol: string;
  rmb: number;
  disprice: number | null;
  disrmb: number | null;
  type: number;
  bargain: boolean;
  menberCount: number;
  tags: string[];
  promotions: PromotionView[];
  /** The gift the package ships ('' none): ordering it needs a delivery address (AddressID; address-protocol.ts). */
  giftItem: string;
}

/** A payment method. */
export interface PayTypeView {
  payType: number;
  title: string;
  img: string;
}

/** A package category: one tab of the purchase screen (styleType 4 is the bargain category). */
export interface CategoryView {
  id: number;
  name: string;
  styleType: number;
  data: PackageView[];
  payTypes: PayTypeView[];
}

/** GetVipPayType's data: the catalogue in the region, and the pay types of the selected category. */
export interface PayInfoView {
  remark: string;
  region: string;
  categoryList: CategoryView[];
  payTypes: PayTypeView[];
}

/** An order as the server shows it. */
export interface OrderView {
  orderId: string;
  status: OrderStatus;
  payType: number;
  sysName: string;
  productId: number;
  packageName: string;
  categoryId: number;
  categoryName: string;
  /** `<category>·<package>`, shown as the payment title. */
  title: string;
  validityDays: number;
  giftDays: number;
  /** validityDays + giftDays credited when paid. */
  days: number;
  /** What is charged (server-computed), euro. */
  price: number;
  priceText: string;
  priceSymbol: string;
  rmb: number;
  rmbText: string;
  payerUid: number;
  toUid: number;
  toNickName: string;
  isGift: boolean;
  promotions: PromotionView[];
  /** Unix seconds. */
  createTime: number;
  expireTime: number;
  payTime: number | null;
  /** The gift the package ships ('' none), and where (as the address was when ordered; null when no gift). */
  giftItem: string;
  shippingAddress: ShippingAddress | null;
  /** The recipient's VIP expiry right after this order was paid (YYYY-MM-DD, China time), '' before. */
  vipExpireDate: string;
}

/** CreateAliPay: what /zfbPay takes (the signed payment string, the rmb amount, title, msgParams) and the order. */
export interface AliPayOrder {
  orderId: string;
  params: string;
  disrmb: number;
  title: string;
  msgParams: string;
  order: OrderView;
}

/** CreateTcgOrder: what /tcgPay takes (the signed payment string, the euro amount, title, msgParams) and the order. */
export interface TcgOrder {
  orderId: string;
  params: string;
  disprice: number;
  title: string;
  msgParams: string;
  order: OrderView;
}

/**
 * The sandbox gateway's embedded mode (`embed=1` on its address), for a host that frames it on the gateway's own
 * origin (a native shell's cashier view; the web app opens the gateway itself, spec §7): the page ends by posting
 * `{type, orderId, status}` to its parent on its own origin only, instead of redirecting to /payResult.
 */
export const GatewayEmbed = {
  messageType: 'qiyu-pay-result',
  embedParam: 'embed',
} as const;

export type GatewayEmbedStatus = 'paid' | 'declined';

/** CreateGatewayOrder: the gateway address (here the sandbox page) and the query it is opened with. */
export interface GatewayOrder {
  orderId: string;
  gateway: string;
  params: { orderId: string; amount: string; currency: string };
  order: OrderView;
}


/** SandboxPay: the order after the sandbox provider's answer; `duplicate` when it changed nothing. */
export interface SandboxPaid extends OrderView {
  duplicate: boolean;
}

/** A number the answer may leave out (then absent). */
const optionalNumber = optional(pipe(unknown(), transform((value) => wire.numberOf(value))));
/** Text as it came; '' when absent or not text. */
const plainText = wire.lenientAnswer((value) => (typeof value === 'string' ? value : ''));

/** A whole number, else null. */
const integerOrNull = wire.lenientAnswer(wire.integerOf);
/** Whole days (or members) above 0, else 0. */
const days = wire.lenientAnswer((value) => Math.max(0, wire.integerOf(value) ?? 0));
/** Text as it came, trimmed ('' none). */
const trimmedText = wire.lenientAnswer((value) => wire.textOf(value).trim());
/** A price that must be there: a finite number of 0 or more (numbers may come as text). */
const price = pipe(
  wire.requiredNumber,
  check((value) => value >= 0, 'below 0'),
);
/** Tags: a list of texts, or one comma-separated text; trimmed, the empty ones left out. */
const tags = wire.lenientAnswer((value) =>
  (typeof value === 'string' ? value.split(',') : wire.listOf(value).map(wire.textOf)).map((tag) => tag.trim()).filter((tag) => tag !== ''),
);

/** A promotion the app can send (its code travels in the order's Promotions): without a code it is dropped. */
const promotion = object({
  promotionCode: pipe(
    unknown(),
    transform((value) => wire.textOf(value).trim()),
    check((value) => value !== '', 'no promotion code'),
  ),
  title: wire.text,
});

/** A payment method; without a whole payType it is dropped. The code may be one the app does not know (the pay-flow decision refuses those). */
const payTypeItem = object({
  payType: pipe(
    unknown(),
    transform(wire.integerOf),
    check((value): value is number => value !== null, 'not a pay type'),
    transform((value) => value as number),
  ),
  title: wire.text,
  img: wire.text,
});

/**
 * A VIP package as the app reads it (spec section 3): without an id or a price it is dropped; a missing discount,
 * rmb, category or type is null.
 */
const vipPackage = object({
  packageId: wire.id,
  categoryId: wire.lenientAnswer(wire.idOf),
  name: wire.text,
  validityDays: days,
  giftDays: days,
  price,
  priceSymbol: wire.text,
  rmb: wire.amountOrNull,
  disprice: wire.amountOrNull,
  disrmb: wire.amountOrNull,
  type: integerOrNull,
  bargain: wire.flag,
  menberCount: days,
  promotions: wire.items(promotion),
  tags,
  /** The gift the package ships ('' none): the order then needs a delivery address. */
  giftItem: trimmedText,
});

/** A package category (one tab of the purchase screen; styleType 4 the bargain one): without an id it is dropped. */
const category = object({
  id: wire.id,
  name: wire.text,
  styleType: wire.lenientAnswer((value) => wire.integerOf(value) ?? StyleType.Normal),
  data: wire.items(vipPackage),
  payTypes: wire.items(payTypeItem),
});

/**
 * GetVipPayType's data as the app reads it: an item that does not read (a package, category or method) is dropped,
 * a list that is not one is empty, and data that is no object reads as an empty catalogue.
 */
export const payInfoAnswer = pipe(
  unknown(),
  transform(wire.fieldsOf),
  object({
    remark: wire.text,
    categoryList: wire.items(category),
    payTypes: wire.items(payTypeItem),
  }),
);

export type Package = InferOutput<typeof vipPackage>;
export type Category = InferOutput<typeof category>;
export type PayInfo = InferOutput<typeof payInfoAnswer>;

/** The address a gift-shipping order keeps (its fields as text); null when it has none (or it is no object). */
const shippingAddress = wire.orNull(shippingAddressAnswer);

/**
 * An order as the app reads it (OrderView, the fields the payment pages use): without an order id (`VO` + 24 hex) or
 * a known status it is unreadable.
 */
const orderAnswer = object({
  orderId: pipe(string(), regex(VipProtocolLimits.orderId)),
  status: picklist(Object.values(OrderStatus)),
  payType: wire.number(),
  title: wire.text,
  packageName: wire.text,
  days: wire.number(),
  priceText: wire.text,
  priceSymbol: wire.text,
  rmbText: wire.text,
  toUid: wire.number(),
  toNickName: wire.text,
  isGift: wire.isTrue,
  expireTime: wire.number(),
  vipExpireDate: wire.text,
  giftItem: wire.text,
  shippingAddress,
});

export type PaymentOrder = InferOutput<typeof orderAnswer>;

/**
 * CreateAliPay's answer as the app reads it: the signed payment string, the rmb amount charged (null when absent or
 * odd: the page then shows the order's), the title, msgParams and the order.
 */
const aliPayOrderAnswer = object({
  params: wire.text,
  disrmb: wire.amountOrNull,
  title: wire.text,
  msgParams: wire.text,
  order: orderAnswer,
});

/** CreateTcgOrder's answer as the app reads it: as CreateAliPay's, with the euro amount charged (disprice). */
const tcgOrderAnswer = object({
  params: wire.text,
  disprice: wire.amountOrNull,
  title: wire.text,
  msgParams: wire.text,
  order: orderAnswer,
});

/** CreateGatewayOrder's answer as the app reads it: the gateway address, its params (passed on as they came) and the order. */
const gatewayOrderAnswer = object({
  gateway: wire.text,
  params: union([string(), record(string(), string())]),
  order: orderAnswer,
});

export type AliPayOrderAnswer = InferOutput<typeof aliPayOrderAnswer>;
export type TcgOrderAnswer = InferOutput<typeof tcgOrderAnswer>;
export type GatewayOrderAnswer = InferOutput<typeof gatewayOrderAnswer>;

/**
 * GetCusService: the customer-service user to chat with (manual payment); its id null when the answer gives no usable
 * one (the pay flow then says no customer service is there), data that is no object read as such.
 */
const customerServiceUser = wire.fields({ id: wire.lenientAnswer(wire.idOf), nickName: wire.text, avatar: wire.text, kefu: wire.isTrue });

export type CustomerServiceUser = InferOutput<typeof customerServiceUser>;

/** GatewayCallback's acknowledgement. */
const callbackAccepted = object({ orderId: wire.text, status: wire.text, duplicate: wire.flag });

export type CallbackAccepted = InferOutput<typeof callbackAccepted>;

/**
 * GetUserBargainStatus (spec section 3's bargain info; endTime in unix seconds; prices in euro): not joined (type 0,
 * also for an unknown type), started or bargained; a running bargain's starting price and its helpers so far
 * (absent with type 0).
 */
const bargainStatusView = object({
  type: wire.lenientAnswer((value): BargainType => {
    const type = wire.numberOf(value);
    return type === BargainType.Started || type === BargainType.Finished ? type : BargainType.None;
  }),
  price: wire.amount(),
  packageId: wire.number(),
  key: plainText,
  url: plainText,
  endTime: wire.number(),
  startPrice: optionalNumber,
  helpers: optionalNumber,
});

export type BargainStatusView = InferOutput<typeof bargainStatusView>;

/** JoinActivity: the help link a friend opens ('' when it is not text), the bargain key and its end (unix seconds). */
const bargainJoined = wire.fields({ url: plainText, key: plainText, endTime: wire.number() });

export type BargainJoined = InferOutput<typeof bargainJoined>;

/** Help: what a friend's cut did (euro; 0 when not a number). */
const bargainHelped = wire.fields({ cut: wire.number(), price: wire.number() });

export type BargainHelped = InferOutput<typeof bargainHelped>;

/** ReceiveForFree: the recipient's VIP expiry after the claim (unix seconds; 0 none). */
const bargainClaimed = wire.fields({ vipExpire: wire.number() });

/**
 * GetRechargeActivity: the running recharge activity (spec section 3; type 0 share, 1 bargain; the share discount in
 * euro), or none (null, as an activity without a type or status reads).
 */
const rechargeActivityInfo = object({
  type: wire.requiredNumber,
  status: wire.requiredNumber,
  qrCodeTitle: wire.text,
  qrCodeRemark: wire.text,
  shareText: wire.text,
  activityRule: wire.text,
  discount: wire.amount(),
});

export type RechargeActivityInfo = InferOutput<typeof rechargeActivityInfo>;

/** A number as Number() reads it (null and '' are 0), when finite; else the value is unreadable. */
const finiteNumber = pipe(unknown(), transform(Number), check(Number.isFinite, 'not a number'));

/**
 * GetActivity: the running recharge activity's summary, with its rule text (what /activityRules shows); none (null)
 * when there is none, or it is no object or has no status or type that reads as a number.
 */
const rechargeActivitySummary = object({ title: plainText, status: finiteNumber, type: finiteNumber, activityRule: plainText });

export type RechargeActivitySummary = InferOutput<typeof rechargeActivitySummary>;

/**
 * ConfirmShare: the discount granted (euro; as Number() reads it, 0 when not finite), whether it was used already, and
 * whether it had been granted before.
 */
const shareConfirmed = wire.fields({
  discount: wire.lenientAnswer((value) => {
    const discount = Number(value);
    return Number.isFinite(discount) ? discount : 0;
  }),
  used: wire.flag,
  duplicate: wire.flag,
});

export type ShareConfirmed = InferOutput<typeof shareConfirmed>;

/** An id the app sends on every GetVipPayType call, empty when unset. */
const emptyOrId = { kind: 'id', optional: true, emptyIsNone: true } as const satisfies IdField;
const region = { kind: 'text', max: VipProtocolLimits.maxKeyLength, trim: true, optional: true } as const satisfies TextField;
const orderId = { kind: 'text', max: VipProtocolLimits.maxKeyLength } as const satisfies TextField;
const bargainKey = { kind: 'text', max: VipProtocolLimits.maxKeyLength } as const satisfies TextField;
const payType = { kind: 'int', min: -PG_INT_MAX - 1, max: PG_INT_MAX } as const satisfies IntField;
const amountEcho = { kind: 'text', max: VipProtocolLimits.maxKeyLength, trim: true, optional: true, pattern: VipProtocolLimits.amount } as const satisfies TextField;

/**
 * What every order call takes: the package, the recipient, the category it is expected in (categoryId, or
 * vipCategoryId), SysName, an idempotency key, Refer, Promotions (codes joined by `|`), an activity (BargainKey, or
 * ShareDiscount=1) and price echoes (each must equal the server's charge: 7005), and the region.
 */
const orderParams = {
  ProductID: { kind: 'id' },
  ToUID: { kind: 'id' },
  /** The web client sends it with every order but the gateway's; only the card order requires it (and checks it). */
  SysName: { kind: 'text', max: VipProtocolLimits.maxKeyLength, optional: true },
  categoryId: { kind: 'id', optional: true },
  vipCategoryId: { kind: 'id', optional: true },
  IdempotencyKey: { kind: 'text', max: VipProtocolLimits.maxKeyLength, pattern: VipProtocolLimits.idempotencyKey },
  Refer: { kind: 'text', max: VipProtocolLimits.maxKeyLength, optional: true, pattern: VipProtocolLimits.refer },
  Promotions: { kind: 'text', max: VipProtocolLimits.maxPromotionsText, optional: true },
  BargainKey: { kind: 'text', max: VipProtocolLimits.maxKeyLength, optional: true },
  ShareDiscount: { kind: 'int', min: 0, max: 1, optional: true },
  Price: amountEcho,
  price: amountEcho,
  Amount: amountEcho,
  amount: amountEcho,
  disprice: amountEcho,
  rmb: amountEcho,
  disrmb: amountEcho,
  region,
  /** One of the payer's delivery addresses: required by a package that ships a gift (PackageView.giftItem), ignored otherwise. */
  AddressID: { kind: 'id', optional: true, emptyIsNone: true },
} as const;

/**
 * The pay type → order call table (spec §7, "Flow by payment type"), one for both sides: the app places a pay
 * type's order with its call (orderCallOf), the server takes on each call only its pay types (the first is
 * assumed when none is sent). 3 (manual) makes no order: it is a customer-service chat.
 */
export const OrderCallPayTypes = {
  card: [PayType.Card],
  aliPay: [PayType.AlipayStyle, PayType.AlipayStyleAlt],
  tcg: [PayType.Tcg],
  gateway: [PayType.Gateway],
} as const satisfies Record<string, readonly number[]>;

export type OrderCall = keyof typeof OrderCallPayTypes;

/** The order call of a pay type; null for one that makes no order (3, manual; anything unknown). */
export function orderCallOf(payType: number): OrderCall | null {
  const found = (Object.keys(OrderCallPayTypes) as OrderCall[]).find((call) => (OrderCallPayTypes[call] as readonly number[]).includes(payType));
  return found ?? null;
}

export const VipCalls = {
  /**
   * The catalogue in the region and the pay types of the selected category. The app sends vipCategoryId, ProductID,
   * ToUID and categoryId on every call, empty when unset (vipCategoryId 0 is none too). Visitors may ask.
   */
  payInfo: call({
    method: 'GET',
    path: '/api/User/GetVipPayType',
    carrier: 'query',
    params: {
      vipCategoryId: { kind: 'int', min: 0, max: PG_INT_MAX, optional: true, emptyIsNone: true },
      ProductID: emptyOrId,
      ToUID: emptyOrId,
      categoryId: emptyOrId,
      region,
    },
    answer: payInfoAnswer,
  }),
  /** Card order (payType -1, with SysName): the order, shown by /notice. Signed in only. */
  cardOrder: call({
    method: 'GET',
    path: '/api/payment/CreateOrder',
    carrier: 'query',
    params: {
      ...orderParams,
      payType: { ...payType, optional: true },
      SysName: { kind: 'text', max: VipProtocolLimits.maxKeyLength, trim: true, pattern: VipProtocolLimits.sysName },
    },
    answer: orderAnswer,
  }),
  /** Alipay-style order (payType 0 or 1, required): what /zfbPay takes. Signed in only. */
  aliPayOrder: call({
    method: 'GET',
    path: '/api/payment/CreateAliPay',
    carrier: 'query',
    params: { ...orderParams, payType },
    answer: aliPayOrderAnswer,
    // A sale the region or the method refuses has its own page (/zfbPayNotSupport), not a toast.
    refusals: [VipRet.PurchaseBlocked, VipRet.PayTypeUnavailable],
  }),
  /** TCG order (payType 2): what /tcgPay takes. Signed in only. */
  tcgOrder: call({
    method: 'GET',
    path: '/api/payment/CreateTcgOrder',
    carrier: 'query',
    params: { ...orderParams, payType: { ...payType, optional: true } },
    answer: tcgOrderAnswer,
  }),
  /** Gateway order (payType 5, no SysName): the gateway address and its params. Signed in only. */
  gatewayOrder: call({
    method: 'GET',
    path: '/api/payment/CreateGatewayOrder',
    carrier: 'query',
    params: { ...orderParams, payType: { ...payType, optional: true } },
    answer: gatewayOrderAnswer,
  }),
  /** Manual payment (payType 3): the customer-service user to chat with (templateType 2). Visitors may ask. */
  customerService: call({
    method: 'GET',
    path: '/api/payment/GetCusService',
    carrier: 'query',
    params: {
      templateType: { kind: 'int', min: CUSTOMER_SERVICE_TEMPLATE_TYPE, max: CUSTOMER_SERVICE_TEMPLATE_TYPE },
      region,
    },
    answer: customerServiceUser,
  }),
  /** One of the caller's orders, its true state (an unpaid one expires lazily). Signed in only. */
  order: call({
    method: 'GET',
    path: '/api/payment/GetOrder',
    carrier: 'query',
    params: { orderId },
    answer: orderAnswer,
  }),
  /** Cancels one of the caller's unpaid orders. Signed in only. */
  cancelOrder: call({
    method: 'POST',
    path: '/api/payment/CancelOrder',
    carrier: 'form',
    params: { orderId },
    answer: orderAnswer,
  }),
  /** The sandbox provider of the non-gateway methods: the payer approves (pays) or declines (cancels). Signed in only. */
  sandboxPay: call({
    method: 'POST',
    path: '/api/payment/SandboxPay',
    carrier: 'form',
    params: { orderId, action: { kind: 'text', max: 7, oneOf: ['approve', 'decline'] } },
    answer: orderAnswer,
  }),
  /**
   * The gateway's server-to-server notification (no session): status paid | declined, amount in cents, ts in unix
   * seconds, sign the hex HMAC-SHA256 of the other fields. Refusals are HTTP errors (400, 401, 404, 409).
   */
  gatewayCallback: call({
    method: 'POST',
    path: '/api/payment/GatewayCallback',
    carrier: 'form',
    params: {
      orderId: { kind: 'text', max: VipProtocolLimits.maxKeyLength },
      status: { kind: 'text', max: VipProtocolLimits.maxKeyLength },
      amount: { kind: 'text', max: VipProtocolLimits.maxKeyLength },
      providerRef: { kind: 'text', max: VipProtocolLimits.maxKeyLength },
      ts: { kind: 'text', max: VipProtocolLimits.maxKeyLength },
      sign: { kind: 'text', max: VipProtocolLimits.maxKeyLength * 2 },
    },
    answer: callbackAccepted,
  }),
  /** The caller's bargain (type 0 for a visitor or none). Visitors may ask. */
  bargainStatus: call({
    method: 'GET',
    path: '/api/user/GetUserBargainStatus',
    carrier: 'query',
    params: {},
    answer: bargainStatusView,
  }),
  /** Starts a bargain on a bargain package (one running per user). Signed in only. */
  joinBargain: call({
    method: 'GET',
    path: '/api/Bargain/JoinActivity',
    carrier: 'query',
    params: { ProductID: { kind: 'id' } },
    answer: bargainJoined,
  }),
  /** A friend cuts a bargain's price once (not the owner). Signed in only. */
  helpBargain: call({
    method: 'GET',
    path: '/api/Bargain/Help',
    carrier: 'query',
    params: { key: bargainKey },
    answer: bargainHelped,
  }),
  /** The owner abandons a running bargain. Signed in only. */
  giveUpBargain: call({
    method: 'GET',
    path: '/api/Bargain/GiveUp',
    carrier: 'query',
    params: { key: bargainKey },
    answer: wire.none,
  }),
  /** The owner claims the package free at price 0 (credited once). Signed in only. */
  claimBargain: call({
    method: 'GET',
    path: '/api/Bargain/ReceiveForFree',
    carrier: 'query',
    params: { key: bargainKey },
    answer: bargainClaimed,
  }),
  /** The running recharge activity's summary (the shell's VIP icon and /activityRules), or null. Anyone may ask. */
  activity: call({
    method: 'GET',
    path: '/api/home/GetActivity',
    carrier: 'query',
    params: {},
    answer: wire.orNull(rechargeActivitySummary),
  }),
  /** The running recharge activity, or null. Visitors may ask. */
  rechargeActivity: call({
    method: 'GET',
    path: '/api/user/GetRechargeActivity',
    carrier: 'query',
    params: {},
    answer: wire.orNull(rechargeActivityInfo),
  }),
  /** After a confirmed share: grants the running share activity's discount, once per user and activity. Signed in only. */
  confirmShare: call({
    method: 'POST',
    path: '/api/Activity/ConfirmShare',
    carrier: 'form',
    params: {},
    answer: shareConfirmed,
  }),
} as const;
