import { randomBytes } from 'node:crypto';
import type { AppServices } from '../app-services.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { BargainType, RechargeActivityType, VipCalls, VipProtocolLimits, type BargainStatusView } from '../../src/core/vip/vip-protocol.ts';
import { chargeOf, toAmount } from './vip-catalogue.ts';
import { findPackage, type PackageRow } from './vip-catalogue-repository.ts';
import { creditVip } from './vip-orders.ts';
import {
  activeBargainOf,
  bargainHelperCount,
  BargainStatus,
  closeBargain,
  expireDueBargains,
  findBargain,
  insertBargain,
  insertBargainHelp,
  insertShareGrant,
  lockBargain,
  lockBargainWithDays,
  packageCredit,
  runningRecharge,
  setBargainPrice,
  shareGrantOf,
  unusedShareGrant,
  type BargainRow,
} from './vip-activity-repository.ts';

/**
 * The bargain and share activities: their rules, their use cases (each query in vip-activity-repository.ts) and
 * their routes, which parse (from the declarations in src/core/vip/vip-protocol.ts), call and answer.
 */

const MS_PER_SECOND = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The bargain's cut amounts (the spec's tips, exact amounts decided here):
 * - a helper cuts 10 % of the package's starting price (a higher price gives a bigger cut);
 * - a new helper (account younger than 7 days) cuts 3 times that;
 * - a package of 180 days or more (validity + gift) gets an extra 5 % of the starting price per cut;
 * - amounts in whole cents (rounded), at least 1 cent, and never below a price of 0.
 */
export const BargainRules = {
  durationMs: DAY_MS,
  baseRate: 0.1,
  newUserFactor: 3,
  newUserMs: 7 * DAY_MS,
  longPackageDays: 180,
  longPackageRate: 0.05,
} as const;

export interface CutInput {
  startPriceCents: number;
  currentPriceCents: number;
  newUser: boolean;
  packageDays: number;
}

/** The cut in cents for one helper: never more than the current price (the price never goes below 0). */
export function bargainCut(input: CutInput): number {
  const base = Math.round(input.startPriceCents * BargainRules.baseRate) * (input.newUser ? BargainRules.newUserFactor : 1);
  const extra = input.packageDays >= BargainRules.longPackageDays ? Math.round(input.startPriceCents * BargainRules.longPackageRate) : 0;
  return Math.max(0, Math.min(input.currentPriceCents, Math.max(1, base + extra)));
}

/** The help page a friend opens (the client route that calls /api/Bargain/Help with the key). */
const BARGAIN_HELP_PATH = '/bargainHelp';

const helpUrl = (key: string): string => `${BARGAIN_HELP_PATH}?key=${key}`;
const seconds = (ms: number): number => Math.floor(ms / MS_PER_SECOND);

/** A bargain key as sent: 7016 when it cannot be one. */
function bargainKeyOf(key: string): string {
  if (!VipProtocolLimits.bargainKey.test(key)) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
  return key;
}

/** The caller's bargain with that key, locked; 7016 when missing or someone else's, 7018 when no longer running. */
async function ownActiveBargain(tx: Queryable, key: string, uid: number, nowMs: number): Promise<BargainRow> {
  const row = await lockBargain(tx, key);
  if (row === undefined || row.owner_id !== uid) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
  if (row.status !== BargainStatus.Active || row.end_at.getTime() <= nowMs) throw new ApiError(Ret.BargainClosed, RetMessage.BargainClosed);
  return row;
}

export interface ActivityCharge {
  cents: number;
  fen: number;
  bargainKey: string | null;
  shareActivityId: number | null;
}

/** rmb follows the euro price in proportion (at least 1 fen). */
function proportionalFen(product: PackageRow, cents: number): number {
  const full = chargeOf(product);
  return Math.max(1, Math.round((full.fen * cents) / full.cents));
}

/**
 * The price an order charges when it names a bargain (BargainKey: the caller's running bargain on that package,
 * price above 0) or asks for the share discount (ShareDiscount=1: the caller's unused grant). The server computes
 * it; the client's price params are then checked against it. undefined: the normal price.
 */
export async function activityCharge(
  db: Queryable,
  activity: { bargainKey: string | undefined; shareDiscount: number | undefined },
  payerId: number,
  product: PackageRow,
  nowMs: number,
): Promise<ActivityCharge | undefined> {
  const { bargainKey } = activity;
  const wantsShare = activity.shareDiscount === 1;
  if (bargainKey !== undefined && wantsShare) throw badParam('ShareDiscount');
  if (bargainKey !== undefined) {
    bargainKeyOf(bargainKey);
    await expireDueBargains(db, nowMs);
    const row = await findBargain(db, bargainKey);
    if (row === undefined || row.owner_id !== payerId || row.package_id !== product.id) {
      throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
    }
    if (row.status !== BargainStatus.Active) throw new ApiError(Ret.BargainClosed, RetMessage.BargainClosed);
    if (row.price_cents === 0) throw new ApiError(Ret.BargainPriceNotZero, RetMessage.BargainPriceZero);
    return { cents: row.price_cents, fen: proportionalFen(product, row.price_cents), bargainKey, shareActivityId: null };
  }
  if (!wantsShare) return undefined;
  const grant = await unusedShareGrant(db, payerId);
  if (grant === undefined) throw new ApiError(Ret.ShareDiscountUnavailable, RetMessage.ShareDiscountUnavailable);
  const cents = Math.max(1, chargeOf(product).cents - grant.discount_cents);
  return { cents, fen: proportionalFen(product, cents), bargainKey: null, shareActivityId: grant.activity_id };
}

const NO_BARGAIN: BargainStatusView = { type: BargainType.None, price: 0, packageId: 0, key: '', url: '', endTime: 0 };

/** The caller's bargain info: type 0 none, 1 started (no cut yet), 2 bargained (price, countdown). */
async function bargainStatus(db: Queryable, uid: number | null, nowMs: number): Promise<BargainStatusView> {
  if (uid === null) return NO_BARGAIN;
  const row = await activeBargainOf(db, uid, nowMs);
  if (row === undefined) return NO_BARGAIN;
  const helpers = await bargainHelperCount(db, row.key);
  return {
    type: helpers > 0 ? BargainType.Finished : BargainType.Started,
    price: toAmount(row.price_cents),
    startPrice: toAmount(row.start_price_cents),
    packageId: row.package_id,
    key: row.key,
    url: helpUrl(row.key),
    endTime: seconds(row.end_at.getTime()),
    helpers,
  };
}

/** Starts a bargain on a bargain package (one running per user); answers the help link. */
async function joinBargain(db: Queryable, uid: number, productId: number, nowMs: number): Promise<{ url: string; key: string; endTime: number }> {
  const product = await findPackage(db, productId);
  if (product === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
  if (!product.bargain) throw new ApiError(Ret.NotBargainPackage, RetMessage.NotBargainPackage);
  if ((await activeBargainOf(db, uid, nowMs)) !== undefined) throw new ApiError(Ret.BargainAlreadyJoined, RetMessage.BargainAlreadyJoined);
  const key = `BK${randomBytes(16).toString('hex')}`;
  const endMs = nowMs + BargainRules.durationMs;
  const started = await insertBargain(db, { key, ownerId: uid, packageId: product.id, priceCents: chargeOf(product).cents, nowMs, endMs });
  if (!started) throw new ApiError(Ret.BargainAlreadyJoined, RetMessage.BargainAlreadyJoined);
  return { url: helpUrl(key), key, endTime: seconds(endMs) };
}

/** A friend cuts the price once (not the owner; not a closed bargain or one already at 0). */
async function helpBargain(db: Database, key: string, helper: { id: number; createdAt: Date }, nowMs: number): Promise<{ cut: number; price: number }> {
  await expireDueBargains(db, nowMs);
  return db.transaction(async (tx) => {
    const row = await lockBargainWithDays(tx, key);
    if (row === undefined) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
    if (row.owner_id === helper.id) throw new ApiError(Ret.BargainHelpRefused, RetMessage.BargainSelfHelp);
    if (row.status !== BargainStatus.Active || row.end_at.getTime() <= nowMs || row.price_cents === 0) {
      throw new ApiError(Ret.BargainClosed, RetMessage.BargainClosed);
    }
    const cut = bargainCut({
      startPriceCents: row.start_price_cents,
      currentPriceCents: row.price_cents,
      newUser: nowMs - helper.createdAt.getTime() < BargainRules.newUserMs,
      packageDays: row.validity_days + row.gift_days,
    });
    if (!(await insertBargainHelp(tx, key, helper.id, cut, nowMs))) throw new ApiError(Ret.BargainHelpRefused, RetMessage.BargainAlreadyHelped);
    const price = row.price_cents - cut;
    await setBargainPrice(tx, key, price);
    return { cut: toAmount(cut), price: toAmount(price) };
  });
}

/** The owner abandons a running bargain. */
async function giveUpBargain(db: Database, key: string, uid: number, nowMs: number): Promise<null> {
  await expireDueBargains(db, nowMs);
  return db.transaction(async (tx) => {
    await ownActiveBargain(tx, key, uid, nowMs);
    await closeBargain(tx, key, BargainStatus.Abandoned, nowMs);
    return null;
  });
}

/** The owner claims the package free at price 0: the VIP time is credited exactly once. */
async function claimBargain(db: Database, key: string, uid: number, nowMs: number): Promise<{ vipExpire: number }> {
  await expireDueBargains(db, nowMs);
  return db.transaction(async (tx) => {
    const row = await ownActiveBargain(tx, key, uid, nowMs);
    if (row.price_cents > 0) throw new ApiError(Ret.BargainPriceNotZero, RetMessage.BargainPriceNotZero);
    const pkg = await packageCredit(tx, row.package_id);
    if (pkg === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
    await closeBargain(tx, key, BargainStatus.Claimed, nowMs);
    const next = await creditVip(
      tx,
      { toUid: uid, categoryId: pkg.category_id, days: pkg.validity_days + pkg.gift_days, cause: { reason: 'bargain', ref: key } },
      nowMs,
    );
    return { vipExpire: next.expire === null ? 0 : seconds(next.expire.getTime()) };
  });
}

/** The share was confirmed: grants the running share activity's discount once per user and activity. */
async function confirmShare(db: Queryable, uid: number, nowMs: number): Promise<{ discount: number; used: boolean; duplicate: boolean }> {
  const activity = await runningRecharge(db, nowMs);
  if (activity === undefined || activity.type !== RechargeActivityType.Share) {
    throw new ApiError(Ret.ShareDiscountUnavailable, RetMessage.ShareActivityMissing);
  }
  const granted = await insertShareGrant(db, uid, activity, nowMs);
  const grant = await shareGrantOf(db, uid, activity.id);
  return {
    discount: toAmount(grant?.discount_cents ?? 0),
    used: grant?.used_order_id !== null && grant?.used_order_id !== undefined,
    duplicate: !granted,
  };
}

export function registerVipActivityRoutes(api: ApiRouter, services: AppServices): void {
  const { clock } = services;
  const db: Database = services.db;

  serve(api, VipCalls.bargainStatus, 'optional', async ({ auth }) => bargainStatus(db, auth?.user.id ?? null, clock.now()));

  serve(api, VipCalls.joinBargain, 'required', async ({ auth, input }) => joinBargain(db, auth.user.id, input.ProductID, clock.now()));

  serve(api, VipCalls.helpBargain, 'required', async ({ auth, input }) => helpBargain(db, bargainKeyOf(input.key), auth.user, clock.now()));

  serve(api, VipCalls.giveUpBargain, 'required', async ({ auth, input }) => giveUpBargain(db, bargainKeyOf(input.key), auth.user.id, clock.now()));

  serve(api, VipCalls.claimBargain, 'required', async ({ auth, input }) => claimBargain(db, bargainKeyOf(input.key), auth.user.id, clock.now()));

  /** The running recharge activity (spec section 3), or null. */
  serve(api, VipCalls.rechargeActivity, 'optional', async () => {
    const row = await runningRecharge(db, clock.now());
    if (row === undefined) return null;
    return {
      type: row.type,
      status: row.status,
      qrCodeTitle: row.qr_code_title,
      qrCodeRemark: row.qr_code_remark,
      shareText: row.share_text,
      activityRule: row.activity_rule,
      discount: toAmount(row.share_discount_cents),
    };
  });

  serve(api, VipCalls.confirmShare, 'required', async ({ auth }) => confirmShare(db, auth.user.id, clock.now()));
}
