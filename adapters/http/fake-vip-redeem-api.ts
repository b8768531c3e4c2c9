import { isRedeemCodeShape, normalizeRedeemCode } from '../../src/core/vip-redeem/redeem-code.ts';
import {
  VipRecordKind,
  VipRecordState,
  VipRedeemCalls,
  VipRedeemRet,
  type RedeemDone,
  type RedeemPackage,
  type VipRecord,
} from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { VipRedeemTexts } from '../../src/core/vip-redeem/vip-redeem-texts.ts';
import { fail, fakeApi, ok, type FakeCaller } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer } from './fake-http.ts';

/** A package as the imitation knows it: what a code grants and the VIP type it gives. */
interface FakeRedeemPackage extends RedeemPackage {
  vipLevel: number;
  vipCategoryId: number;
  vipTypeName: string;
}

/** A code (normalised) and what it allows. */
interface FakeCode {
  packageIds: number[];
  /** Unix milliseconds from which it is refused; null: never. */
  expiresAt: number | null;
  usedBy: number | null;
}

interface FakeVip {
  level: number;
  categoryId: number;
  typeName: string;
  /** Unix milliseconds. */
  expire: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeVipRedeemState {
  readonly packages: Map<number, FakeRedeemPackage>;
  /** Codes by their normalised text. */
  readonly codes: Map<string, FakeCode>;
  /** Each user's VIP: level, type and expiry (unix ms). */
  readonly vip: Map<number, FakeVip>;
  /** Each user's records, oldest first (a test may add purchases and gifts). */
  readonly records: Map<number, VipRecord[]>;
  /** Tries counted per user within the running window. */
  readonly tries: Map<number, number>;
}

export interface FakeVipRedeemOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: FakeCaller;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
}

/** Tries per account (the server's REDEEM_TRIES_PER_USER; the fake has no addresses). */
const MAX_TRIES = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** YYYY-MM-DD in China time, as the server writes dates. */
const chinaDate = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An in-memory imitation of the reference server's redeem and records calls, answering what
 * vip-redeem-protocol.ts declares (test/contract/vip-redeem-protocol.test.ts runs one suite against it and the server).
 */
export function installFakeVipRedeemApi(http: FakeHttp, options: FakeVipRedeemOptions): FakeVipRedeemState {
  const state: FakeVipRedeemState = { packages: new Map(), codes: new Map(), vip: new Map(), records: new Map(), tries: new Map() };
  const now = options.now ?? (() => Date.now());
  const { serve } = fakeApi(http, { caller: options.caller });
  const publicPackage = ({ packageId, categoryName, name, days }: FakeRedeemPackage): RedeemPackage => ({ packageId, categoryName, name, days });

  /** Adds the package's days the server's way: from the expiry when still VIP, else from now; the higher type stays. */
  const credit = (uid: number, pkg: FakeRedeemPackage): FakeVip => {
    const held = state.vip.get(uid);
    const bought = { level: pkg.vipLevel, categoryId: pkg.vipCategoryId, typeName: pkg.vipTypeName };
    let next: FakeVip;
    if (held === undefined || held.expire <= now()) next = { ...bought, expire: now() + pkg.days * DAY_MS };
    else next = { ...(pkg.vipLevel > held.level ? bought : held), expire: held.expire + pkg.days * DAY_MS };
    state.vip.set(uid, next);
    return next;
  };

  serve(VipRedeemCalls.redeem, 'required', ({ code: raw, packageId }, uid) => {
    const tries = state.tries.get(uid) ?? 0;
    if (tries >= MAX_TRIES) return fail(VipRedeemRet.TooManyTries, VipRedeemTexts.tooManyTries);
    const normalized = normalizeRedeemCode(raw);
    const code = isRedeemCodeShape(normalized) ? state.codes.get(normalized) : undefined;
    const countTry = (answer: FakeHttpAnswer): FakeHttpAnswer => {
      state.tries.set(uid, tries + 1);
      return answer;
    };
    if (code === undefined) return countTry(fail(VipRedeemRet.NotFound, VipRedeemTexts.notFound));
    if (code.usedBy !== null) return countTry(fail(VipRedeemRet.Used, VipRedeemTexts.used));
    if (code.expiresAt !== null && code.expiresAt <= now()) return countTry(fail(VipRedeemRet.Expired, VipRedeemTexts.expired));
    const allowed = code.packageIds.flatMap((id) => state.packages.get(id) ?? []);
    if (packageId === undefined && allowed.length > 1) {
      return fail(VipRedeemRet.ChoosePackage, VipRedeemTexts.choosePackage, { packages: allowed.map(publicPackage) });
    }
    const chosen = packageId === undefined ? allowed[0] : allowed.find((item) => item.packageId === packageId);
    if (chosen === undefined) return countTry(fail(VipRedeemRet.PackageNotAllowed, VipRedeemTexts.packageNotAllowed));
    code.usedBy = uid;
    const next = credit(uid, chosen);
    const vipExpireDate = chinaDate(next.expire);
    const mine = state.records.get(uid) ?? [];
    mine.push({
      id: `redeem:${mine.length + 1}`,
      kind: VipRecordKind.Redeem,
      categoryName: chosen.categoryName,
      packageName: chosen.name,
      days: chosen.days,
      payType: null,
      amount: 0,
      currencySymbol: '€',
      state: VipRecordState.Success,
      vipExpireDate,
      counterpart: null,
      codeHint: normalized.slice(-4),
      time: now(),
    });
    state.records.set(uid, mine);
    const done: RedeemDone = { package: publicPackage(chosen), vipExpireDate, vipLevel: next.level, vipCategoryId: next.categoryId, vipTypeName: next.typeName };
    return ok(done, VipRedeemTexts.redeemed(vipExpireDate));
  });

  serve(VipRedeemCalls.records, 'required', ({ page, pageSize }, uid) => {
    const mine = [...(state.records.get(uid) ?? [])].reverse();
    return ok({ list: mine.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: mine.length });
  });

  return state;
}
