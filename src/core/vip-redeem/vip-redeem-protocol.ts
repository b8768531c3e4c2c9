/**
 * Redeem codes and the VIP records (兑换VIP, 选择套餐, 开通记录), declared once (src/core/request/protocol.ts): the
 * app's VipRedeemService sends them, the reference server (server/vip-redeem/routes.ts) serves them, the fake
 * (adapters/http/fake-vip-redeem-api.ts) answers them.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageOf } from '../shared-kernel/video.ts';
import { RedeemCodeRules } from './redeem-code.ts';
import { VipRedeemTexts } from './vip-redeem-texts.ts';

export const VipRedeemLimits = {
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
} as const;

/** The answer codes of the redeem call that the app handles itself. */
export const VipRedeemRet = {
  /** No such code (or a text that cannot be one): counts as a try. */
  NotFound: 7040,
  /** The code was redeemed already (by anyone). */
  Used: 7041,
  /** The code's last day has passed. */
  Expired: 7042,
  /** Too many tries from this account or this address within the hour. */
  TooManyTries: 7043,
  /** A choice code without packageId: pick one of data's packages ({@link RedeemChoice}) and send it again. */
  ChoosePackage: 7044,
  /** packageId is not one the code allows. */
  PackageNotAllowed: 7045,
} as const;

/** A package a code grants: days is validityDays + giftDays. Without an id it is unreadable. */
const redeemPackage = object({ packageId: wire.id, categoryName: wire.text, name: wire.text, days: wire.amount() });

export type RedeemPackage = InferOutput<typeof redeemPackage>;

/** The data of {@link VipRedeemRet.ChoosePackage}: the packages the code allows (one to pick). */
export interface RedeemChoice {
  packages: RedeemPackage[];
}

/** ExchangeVip's answer: what was granted and the VIP it led to (its expiry now: YYYY-MM-DD, China time). */
const redeemDone = object({ package: redeemPackage, vipExpireDate: wire.text, vipLevel: wire.amount(), vipCategoryId: wire.amount(), vipTypeName: wire.text });

export type RedeemDone = InferOutput<typeof redeemDone>;

/** What changed (or would have changed) the VIP time. */
export const VipRecordKind = {
  /** Bought for oneself. */
  Purchase: 'purchase',
  /** Bought for another user. */
  GiftGiven: 'giftGiven',
  /** Another user bought it for the caller. */
  GiftReceived: 'giftReceived',
  /** A redeem code. */
  Redeem: 'redeem',
  /** An activity's reward (a bargain claimed free). */
  Activity: 'activity',
} as const;
export type VipRecordKind = (typeof VipRecordKind)[keyof typeof VipRecordKind];

/** success 成功, pending 待支付 (an unpaid order), closed 已关闭 (cancelled or expired unpaid). */
export const VipRecordState = {
  Success: 'success',
  Pending: 'pending',
  Closed: 'closed',
} as const;
export type VipRecordState = (typeof VipRecordState)[keyof typeof VipRecordState];

/**
 * One entry of 开通记录: its id (`<kind source>:<id>`, unique in the list), what it was and did, the order's pay type
 * (vip-protocol PayType; null for what no payment made), what was paid in `currencySymbol` (0 for a gift received, a
 * code, an activity), the caller's VIP expiry right after it (YYYY-MM-DD; '' when it changed no time of the caller's
 * or is not known), the other user of a gift (to whom, from whom; else null), the last 4 characters of a redeemed
 * code (else '') and its time (Unix ms). Without an id, or of a kind or state the app does not know, it is left out.
 */
const vipRecord = object({
  id: wire.key,
  kind: picklist(Object.values(VipRecordKind)),
  categoryName: wire.text,
  packageName: wire.text,
  days: wire.amount(),
  payType: wire.lenientAnswer(wire.integerOf),
  amount: wire.amount(),
  currencySymbol: wire.text,
  state: picklist(Object.values(VipRecordState)),
  vipExpireDate: wire.text,
  counterpart: wire.orNull(object({ uid: wire.id, nickName: wire.text })),
  codeHint: wire.text,
  time: wire.amount(),
});

export type VipRecord = InferOutput<typeof vipRecord>;

/** GetOpenVipRecords: one page, newest first. */
const vipRecordPage = pageOf(vipRecord);

export type VipRecordPage = InferOutput<typeof vipRecordPage>;

export const VipRedeemCalls = {
  /**
   * Redeems a code (case, spaces and dashes do not matter) for the caller: the package's days are added to the VIP
   * time, once. A choice code needs packageId (7044 answers the packages). Signed in only; limited tries.
   */
  redeem: call({
    method: 'POST',
    path: '/api/vip/ExchangeVip',
    carrier: 'form',
    params: {
      code: { kind: 'text', max: RedeemCodeRules.maxInput, trim: true, badMessage: VipRedeemTexts.notFound },
      packageId: { kind: 'id', optional: true, emptyIsNone: true },
    },
    answer: redeemDone,
    refusals: [VipRedeemRet.NotFound, VipRedeemRet.Used, VipRedeemRet.Expired, VipRedeemRet.TooManyTries, VipRedeemRet.ChoosePackage, VipRedeemRet.PackageNotAllowed],
  }),
  /** The caller's VIP records (purchases, gifts, codes, activity rewards), newest first, paged. Signed in only. */
  records: call({
    method: 'GET',
    path: '/api/vip/GetOpenVipRecords',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: VipRedeemLimits.maxPage, fallback: 1 },
      pageSize: {
        kind: 'int',
        min: 1,
        max: VipRedeemLimits.maxPageSize,
        fallback: VipRedeemLimits.defaultPageSize,
        rangeMessage: `每页数量为1-${VipRedeemLimits.maxPageSize}`,
      },
    },
    answer: vipRecordPage,
  }),
} as const;
