/** Codes of the VIP purchase area (spec vip-payments-activities.md section 9), named once. */

import { PayType, type KnownPayType } from './vip-protocol.ts';

export { BargainType, CUSTOMER_SERVICE_TEMPLATE_TYPE, PayType, RechargeActivityType, StyleType, type KnownPayType } from './vip-protocol.ts';

const KNOWN_PAY_TYPES: readonly number[] = Object.values(PayType);

/** True for a code the app knows how to pay with. */
export function isKnownPayType(code: number): code is KnownPayType {
  return KNOWN_PAY_TYPES.includes(code);
}


/** VIP tag images exist for levels 0 to 4; 4 and higher share the last one. */
export const MAX_VIP_TAG_LEVEL = 4;

/** The help article holding the VIP terms (/helpDetail?id=63). */
export const VIP_TERMS_ARTICLE_ID = 63;

/** The order's SysName (card orders carry it, gateway orders do not): the web client, as System=h5. */
export const ORDER_SYS_NAME = 'h5';

/** Pages of the VIP purchase flow (spec section 2). */
export const VipPaths = {
  vip: '/vip',
  openVip: '/openVip',
  giveVip: '/giveVip',
  notice: '/notice',
  zfbPay: '/zfbPay',
  tcgPay: '/tcgPay',
  /** The region or method refuses an alipay-style purchase. */
  zfbPayNotSupport: '/zfbPayNotSupport',
  chat: '/chat',
  login: '/login',
  user: '/user',
  helpDetail: '/helpDetail',
  activityRules: '/activityRules',
} as const;

/** Toast length of the pay-type answer's message (spec section 8: bottom toast for 1 s). */
export const PAY_TYPE_TOAST_MS = 1_000;
