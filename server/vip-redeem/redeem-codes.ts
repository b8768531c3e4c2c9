import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { formatDate } from '../clock.ts';
import { creditVip } from '../vip/vip-orders.ts';
import { isRedeemCodeShape, redeemCodeFromBytes, RedeemCodeRules } from '../../src/core/vip-redeem/redeem-code.ts';
import { type RedeemDone, type RedeemPackage } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { VipRedeemTexts } from '../../src/core/vip-redeem/vip-redeem-texts.ts';
import { existingPackageIds, findCodeByDigest, insertCode, packagesOfCode, takeCode, type CodeRow, type PackageCreditRow } from './redeem-code-repository.ts';

/** The characters of a code kept in clear (the owner's records show them). */
const HINT_LENGTH = 4;
/** The most codes one command makes. */
export const MAX_CODES_PER_BATCH = 10_000;

/** The stored key of a normalised code: only its digest is kept. */
function digestOf(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

const toRedeemPackage = (row: PackageCreditRow): RedeemPackage => ({
  packageId: row.id,
  categoryName: row.category_name,
  name: row.name,
  days: row.days,
});

export interface NewCodes {
  /** The packages a code grants: one, or several to choose from. */
  packageIds: readonly number[];
  count: number;
  /** After this instant the code is refused; null: never. */
  expiresAt: Date | null;
}

/**
 * Mints `count` codes for the packages (every id must name a package; else an Error naming the missing ones) and
 * answers them normalised, in the order made. One transaction: all are stored, or none.
 */
export async function createRedeemCodes(db: Database, batch: NewCodes, nowMs: number): Promise<string[]> {
  const ids = [...new Set(batch.packageIds)];
  if (ids.length === 0) throw new Error('至少需要一个套餐');
  if (!Number.isInteger(batch.count) || batch.count < 1 || batch.count > MAX_CODES_PER_BATCH) {
    throw new Error(`数量应为1-${MAX_CODES_PER_BATCH}`);
  }
  const found = await existingPackageIds(db, ids);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length > 0) throw new Error(`套餐不存在：${missing.join(', ')}`);
  return db.transaction(async (tx) => {
    const codes: string[] = [];
    while (codes.length < batch.count) {
      const code = redeemCodeFromBytes(randomBytes(RedeemCodeRules.length));
      const stored = await insertCode(tx, { digest: digestOf(code), hint: code.slice(-HINT_LENGTH), expiresAt: batch.expiresAt, createdAt: new Date(nowMs), packageIds: ids });
      if (!stored) continue; // 80 random bits met an existing code: draw again
      codes.push(code);
    }
    return codes;
  });
}

async function findCode(db: Queryable, normalized: string): Promise<CodeRow | undefined> {
  if (!isRedeemCodeShape(normalized)) return undefined;
  return findCodeByDigest(db, digestOf(normalized));
}

/** Why a code cannot be redeemed now, or null when it can. */
function refusalOf(row: CodeRow | undefined, nowMs: number): ApiError | null {
  if (row === undefined) return new ApiError(Ret.RedeemCodeNotFound, VipRedeemTexts.notFound);
  if (row.redeemed_by !== null) return new ApiError(Ret.RedeemCodeUsed, VipRedeemTexts.used);
  if (row.expires_at !== null && row.expires_at.getTime() <= nowMs) return new ApiError(Ret.RedeemCodeExpired, VipRedeemTexts.expired);
  return null;
}

/** What a redeem attempt came to: a wrong code (counts as a try) or a right one (the code was real). */
export type RedeemAttempt =
  | { kind: 'redeemed'; done: RedeemDone }
  /** The code is real and waits for a package to be chosen. */
  | { kind: 'choose'; packages: RedeemPackage[] };

/**
 * Redeems the normalised code for the user: the code is marked used by them (a conditional UPDATE: of parallel
 * attempts exactly one wins) and the package's days are credited (creditVip: the VIP time rules and the ledger), in
 * one transaction. A choice code without `packageId` answers its packages; `packageId` must be one the code allows.
 * Refusals throw ApiError (7040 unknown, 7041 used, 7042 expired, 7045 package not allowed).
 */
export async function redeemCode(db: Database, userId: number, normalized: string, packageId: number | undefined, nowMs: number): Promise<RedeemAttempt> {
  const row = await findCode(db, normalized);
  const refusal = refusalOf(row, nowMs);
  if (refusal !== null || row === undefined) throw refusal ?? new ApiError(Ret.RedeemCodeNotFound, VipRedeemTexts.notFound);
  const allowed = await packagesOfCode(db, row.id);
  if (packageId === undefined && allowed.length > 1) return { kind: 'choose', packages: allowed.map(toRedeemPackage) };
  const chosen = packageId === undefined ? allowed[0] : allowed.find((item) => item.id === packageId);
  if (chosen === undefined) throw new ApiError(Ret.RedeemPackageNotAllowed, VipRedeemTexts.packageNotAllowed);

  const outcome = await db.transaction(async (tx) => {
    if (!(await takeCode(tx, row.id, userId, chosen.id, new Date(nowMs)))) return null;
    return creditVip(tx, { toUid: userId, categoryId: chosen.category_id, days: chosen.days, cause: { reason: 'redeem', ref: row.id } }, nowMs);
  });
  if (outcome === null) {
    // Another attempt took it (or its time ran out) between the read and the update.
    throw refusalOf(await findCode(db, normalized), nowMs) ?? new ApiError(Ret.RedeemCodeUsed, VipRedeemTexts.used);
  }
  return {
    kind: 'redeemed',
    done: {
      package: toRedeemPackage(chosen),
      vipExpireDate: outcome.expire === null ? '' : formatDate(outcome.expire),
      vipLevel: outcome.level,
      vipCategoryId: outcome.categoryId,
      vipTypeName: outcome.typeName,
    },
  };
}
