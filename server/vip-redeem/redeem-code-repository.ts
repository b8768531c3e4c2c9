import type { Queryable } from '../db/database.ts';

/**
 * The redeem codes (vip_redeem_codes, by the digest of the normalised code; the packages each grants in
 * vip_redeem_code_packages) and the packages they credit.
 */

/** A package a code grants, with the days it credits and its category. */
export interface PackageCreditRow {
  id: number;
  category_id: number;
  category_name: string;
  name: string;
  days: number;
}

export interface CodeRow {
  id: string;
  expires_at: Date | null;
  redeemed_by: number | null;
}

const PACKAGE_SELECT = `SELECT p.id, p.category_id, c.name AS category_name, p.name, p.validity_days + p.gift_days AS days
  FROM vip_packages p JOIN vip_categories c ON c.id = p.category_id`;

/** Those of `ids` that name a package. */
export async function existingPackageIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const found = await db.query<{ id: number }>('SELECT id FROM vip_packages WHERE id = ANY($1::int[])', [ids]);
  return found.map((row) => row.id);
}

/**
 * Stores a code by its digest with the packages it grants; false (nothing stored) when a code with that digest
 * exists. Call it inside a transaction, so the code and its packages are stored together.
 */
export async function insertCode(
  tx: Queryable,
  code: { digest: string; hint: string; expiresAt: Date | null; createdAt: Date; packageIds: readonly number[] },
): Promise<boolean> {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO vip_redeem_codes (digest, hint, expires_at, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (digest) DO NOTHING RETURNING id`,
    [code.digest, code.hint, code.expiresAt, code.createdAt],
  );
  const row = inserted[0];
  if (row === undefined) return false;
  await tx.query(
    'INSERT INTO vip_redeem_code_packages (code_id, package_id) SELECT $1, unnest($2::int[])',
    [row.id, code.packageIds],
  );
  return true;
}

export async function findCodeByDigest(db: Queryable, digest: string): Promise<CodeRow | undefined> {
  const rows = await db.query<CodeRow>('SELECT id, expires_at, redeemed_by FROM vip_redeem_codes WHERE digest = $1', [digest]);
  return rows[0];
}

/** The packages the code grants, in the shop's order. */
export async function packagesOfCode(db: Queryable, codeId: string): Promise<PackageCreditRow[]> {
  return db.query<PackageCreditRow>(
    `${PACKAGE_SELECT} JOIN vip_redeem_code_packages cp ON cp.package_id = p.id WHERE cp.code_id = $1 ORDER BY c.sort, p.sort, p.id`,
    [codeId],
  );
}

/**
 * Marks the code redeemed by the user for the package at `at`, in one conditional UPDATE (of parallel attempts exactly
 * one wins): false when it was redeemed already or has expired.
 */
export async function takeCode(tx: Queryable, codeId: string, userId: number, packageId: number, at: Date): Promise<boolean> {
  const taken = await tx.query<{ id: string }>(
    `UPDATE vip_redeem_codes SET redeemed_by = $2, redeemed_at = $3, package_id = $4
     WHERE id = $1 AND redeemed_by IS NULL AND (expires_at IS NULL OR expires_at > $3) RETURNING id`,
    [codeId, userId, at, packageId],
  );
  return taken.length > 0;
}
