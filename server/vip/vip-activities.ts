import { randomBytes } from 'node:crypto';
import type { AppServices } from '../app-services.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { ACTIVITY_RUNNING, RechargeActivityType } from '../shell/activities.ts';
import { chargeOf, findPackage, toAmount, type PackageRow } from './vip-catalogue.ts';
import { creditVip } from './vip-orders.ts';

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

const BargainStatus = {
  Active: 'active',
  Abandoned: 'abandoned',
  Claimed: 'claimed',
  Bought: 'bought',
  Expired: 'expired',
} as const;

/** The help page a friend opens (the client route that calls /api/Bargain/Help with the key). */
const BARGAIN_HELP_PATH = '/bargainHelp';

interface BargainRow {
  key: string;
  owner_id: number;
  package_id: number;
  start_price_cents: number;
  price_cents: number;
  status: string;
  created_at: Date;
  end_at: Date;
}

const helpUrl = (key: string): string => `${BARGAIN_HELP_PATH}?key=${key}`;
const BARGAIN_KEY = /^BK[0-9a-f]{32}$/;

/** Marks running bargains whose endTime passed as expired (lazily, on every read). */
async function expireDue(db: Queryable, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE vip_bargains SET status = 'expired', closed_at = end_at WHERE status = 'active' AND end_at <= $1`,
    [new Date(nowMs)],
  );
}

async function activeBargainOf(db: Queryable, uid: number, nowMs: number): Promise<BargainRow | undefined> {
  await expireDue(db, nowMs);
  const rows = await db.query<BargainRow>(`SELECT * FROM vip_bargains WHERE owner_id = $1 AND status = 'active'`, [uid]);
  return rows[0];
}

function keyOf(params: Params): string {
  const key = params.string('key');
  if (!BARGAIN_KEY.test(key)) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
  return key;
}

/** The caller's bargain with that key, locked; 7016 when missing or someone else's, 7018 when no longer running. */
async function ownActiveBargain(tx: Queryable, key: string, uid: number, nowMs: number): Promise<BargainRow> {
  const rows = await tx.query<BargainRow>('SELECT * FROM vip_bargains WHERE key = $1 FOR UPDATE', [key]);
  const row = rows[0];
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
export async function activityCharge(db: Queryable, params: Params, payerId: number, product: PackageRow, nowMs: number): Promise<ActivityCharge | undefined> {
  const bargainKey = params.optionalString('BargainKey');
  const share = params.optionalString('ShareDiscount');
  if (share !== undefined && share !== '0' && share !== '1') throw badParam('ShareDiscount');
  const wantsShare = share === '1';
  if (bargainKey !== undefined && wantsShare) throw badParam('ShareDiscount');
  if (bargainKey !== undefined) {
    if (!BARGAIN_KEY.test(bargainKey)) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
    await expireDue(db, nowMs);
    const rows = await db.query<BargainRow>('SELECT * FROM vip_bargains WHERE key = $1', [bargainKey]);
    const row = rows[0];
    if (row === undefined || row.owner_id !== payerId || row.package_id !== product.id) {
      throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
    }
    if (row.status !== BargainStatus.Active) throw new ApiError(Ret.BargainClosed, RetMessage.BargainClosed);
    if (row.price_cents === 0) throw new ApiError(Ret.BargainPriceNotZero, RetMessage.BargainPriceZero);
    return { cents: row.price_cents, fen: proportionalFen(product, row.price_cents), bargainKey, shareActivityId: null };
  }
  if (!wantsShare) return undefined;
  const grants = await db.query<{ activity_id: number; discount_cents: number }>(
    `SELECT activity_id, discount_cents FROM vip_share_grants WHERE user_id = $1 AND used_order_id IS NULL
     ORDER BY granted_at DESC LIMIT 1`,
    [payerId],
  );
  const grant = grants[0];
  if (grant === undefined) throw new ApiError(Ret.ShareDiscountUnavailable, RetMessage.ShareDiscountUnavailable);
  const cents = Math.max(1, chargeOf(product).cents - grant.discount_cents);
  return { cents, fen: proportionalFen(product, cents), bargainKey: null, shareActivityId: grant.activity_id };
}

interface RunningShareRow {
  id: number;
  type: number;
  status: number;
  qr_code_title: string;
  qr_code_remark: string;
  share_text: string;
  activity_rule: string;
  share_discount_cents: number;
}

async function runningRecharge(db: Queryable, nowMs: number): Promise<RunningShareRow | undefined> {
  const rows = await db.query<RunningShareRow>(
    `SELECT id, type, status, qr_code_title, qr_code_remark, share_text, activity_rule, share_discount_cents
     FROM recharge_activities
     WHERE status = $1 AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)
     ORDER BY id DESC LIMIT 1`,
    [ACTIVITY_RUNNING, new Date(nowMs)],
  );
  return rows[0];
}

export function registerVipActivityRoutes(api: ApiRouter, services: AppServices): void {
  const { clock } = services;
  const db: Database = services.db;

  /** The caller's bargain info: type 0 none, 1 started (no cut yet), 2 bargained (price, countdown). */
  api.get('/api/user/GetUserBargainStatus', 'optional', async ({ auth }) => {
    const none = { type: 0, price: 0, packageId: 0, key: '', url: '', endTime: 0 };
    if (auth === null) return none;
    const row = await activeBargainOf(db, auth.user.id, clock.now());
    if (row === undefined) return none;
    const helps = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM vip_bargain_helps WHERE bargain_key = $1', [row.key]);
    const helpers = Number(helps[0]?.count ?? 0);
    return {
      type: helpers > 0 ? 2 : 1,
      price: toAmount(row.price_cents),
      startPrice: toAmount(row.start_price_cents),
      packageId: row.package_id,
      key: row.key,
      url: helpUrl(row.key),
      endTime: Math.floor(row.end_at.getTime() / MS_PER_SECOND),
      helpers,
    };
  });

  /** Starts a bargain on a bargain package; answers the help link. */
  api.get('/api/Bargain/JoinActivity', 'required', async ({ params, auth }) => {
    const productId = params.int('ProductID');
    if (productId <= 0) throw badParam('ProductID');
    const product = await findPackage(db, productId);
    if (product === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
    if (!product.bargain) throw new ApiError(Ret.NotBargainPackage, RetMessage.NotBargainPackage);
    const now = clock.now();
    if ((await activeBargainOf(db, auth.user.id, now)) !== undefined) {
      throw new ApiError(Ret.BargainAlreadyJoined, RetMessage.BargainAlreadyJoined);
    }
    const key = `BK${randomBytes(16).toString('hex')}`;
    const price = chargeOf(product).cents;
    const inserted = await db.query(
      `INSERT INTO vip_bargains (key, owner_id, package_id, start_price_cents, price_cents, status, created_at, end_at)
       VALUES ($1, $2, $3, $4, $4, 'active', $5, $6) ON CONFLICT (owner_id) WHERE status = 'active' DO NOTHING RETURNING key`,
      [key, auth.user.id, product.id, price, new Date(now), new Date(now + BargainRules.durationMs)],
    );
    if (inserted.length === 0) throw new ApiError(Ret.BargainAlreadyJoined, RetMessage.BargainAlreadyJoined);
    return { url: helpUrl(key), key, endTime: Math.floor((now + BargainRules.durationMs) / MS_PER_SECOND) };
  });

  /** A logged-in friend cuts the price once. */
  api.get('/api/Bargain/Help', 'required', async ({ params, auth }) => {
    const key = keyOf(params);
    const now = clock.now();
    await expireDue(db, now);
    return db.transaction(async (tx) => {
      const rows = await tx.query<BargainRow & { validity_days: number; gift_days: number }>(
        `SELECT b.*, p.validity_days, p.gift_days FROM vip_bargains b JOIN vip_packages p ON p.id = b.package_id
         WHERE b.key = $1 FOR UPDATE OF b`,
        [key],
      );
      const row = rows[0];
      if (row === undefined) throw new ApiError(Ret.BargainNotFound, RetMessage.BargainNotFound);
      if (row.owner_id === auth.user.id) throw new ApiError(Ret.BargainHelpRefused, RetMessage.BargainSelfHelp);
      if (row.status !== BargainStatus.Active || row.end_at.getTime() <= now || row.price_cents === 0) {
        throw new ApiError(Ret.BargainClosed, RetMessage.BargainClosed);
      }
      const cut = bargainCut({
        startPriceCents: row.start_price_cents,
        currentPriceCents: row.price_cents,
        newUser: now - auth.user.createdAt.getTime() < BargainRules.newUserMs,
        packageDays: row.validity_days + row.gift_days,
      });
      const helped = await tx.query(
        `INSERT INTO vip_bargain_helps (bargain_key, helper_id, cut_cents, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING helper_id`,
        [key, auth.user.id, cut, new Date(now)],
      );
      if (helped.length === 0) throw new ApiError(Ret.BargainHelpRefused, RetMessage.BargainAlreadyHelped);
      const price = row.price_cents - cut;
      await tx.query('UPDATE vip_bargains SET price_cents = $2 WHERE key = $1', [key, price]);
      return { cut: toAmount(cut), price: toAmount(price) };
    });
  });

  /** The owner abandons a running bargain. */
  api.get('/api/Bargain/GiveUp', 'required', async ({ params, auth }) => {
    const key = keyOf(params);
    const now = clock.now();
    await expireDue(db, now);
    return db.transaction(async (tx) => {
      await ownActiveBargain(tx, key, auth.user.id, now);
      await tx.query(`UPDATE vip_bargains SET status = 'abandoned', closed_at = $2 WHERE key = $1`, [key, new Date(now)]);
      return null;
    });
  });

  /** The owner claims the package free at price 0: the VIP time is credited exactly once. */
  api.get('/api/Bargain/ReceiveForFree', 'required', async ({ params, auth }) => {
    const key = keyOf(params);
    const now = clock.now();
    await expireDue(db, now);
    return db.transaction(async (tx) => {
      const row = await ownActiveBargain(tx, key, auth.user.id, now);
      if (row.price_cents > 0) throw new ApiError(Ret.BargainPriceNotZero, RetMessage.BargainPriceNotZero);
      const packages = await tx.query<{ category_id: number; validity_days: number; gift_days: number }>(
        'SELECT category_id, validity_days, gift_days FROM vip_packages WHERE id = $1',
        [row.package_id],
      );
      const pkg = packages[0];
      if (pkg === undefined) throw new ApiError(Ret.VipProductNotFound, RetMessage.VipProductNotFound);
      await tx.query(`UPDATE vip_bargains SET status = 'claimed', closed_at = $2 WHERE key = $1`, [key, new Date(now)]);
      const next = await creditVip(tx, { toUid: auth.user.id, categoryId: pkg.category_id, days: pkg.validity_days + pkg.gift_days }, now);
      return { vipExpire: next.expire === null ? 0 : Math.floor(next.expire.getTime() / MS_PER_SECOND) };
    });
  });

  /** The running recharge activity (spec section 3), or null. */
  api.get('/api/user/GetRechargeActivity', 'optional', async () => {
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

  /** The share was confirmed: grants the running share activity's discount once per user and activity. */
  api.post('/api/Activity/ConfirmShare', 'required', async ({ auth }) => {
    const now = clock.now();
    const activity = await runningRecharge(db, now);
    if (activity === undefined || activity.type !== RechargeActivityType.Share) {
      throw new ApiError(Ret.ShareDiscountUnavailable, RetMessage.ShareActivityMissing);
    }
    const inserted = await db.query(
      `INSERT INTO vip_share_grants (user_id, activity_id, discount_cents, granted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [auth.user.id, activity.id, activity.share_discount_cents, new Date(now)],
    );
    const rows = await db.query<{ discount_cents: number; used_order_id: string | null }>(
      'SELECT discount_cents, used_order_id FROM vip_share_grants WHERE user_id = $1 AND activity_id = $2',
      [auth.user.id, activity.id],
    );
    const grant = rows[0];
    return {
      discount: toAmount(grant?.discount_cents ?? 0),
      used: grant?.used_order_id !== null && grant?.used_order_id !== undefined,
      duplicate: inserted.length === 0,
    };
  });
}
