import type { AddressFields } from '../../src/core/vip/address-protocol.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The accounts' delivery addresses (addresses). A change runs in a transaction that first locks the account's row
 * (lockAccount), so parallel saves cannot pass the limit or leave two defaults (the partial unique index on the
 * default is the last guard).
 */

export interface AddressRow {
  id: number;
  name: string;
  phone: string;
  region: string;
  detail: string;
  is_default: boolean;
}

const COLUMNS = 'id, name, phone, region, detail, is_default';

/** The account's addresses, the default first, then the newest first. */
export async function listAddresses(db: Queryable, userId: number): Promise<AddressRow[]> {
  return db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id DESC`, [userId]);
}

/** Locks the account's row until the transaction ends. */
export async function lockAccount(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function countAddresses(tx: Queryable, userId: number): Promise<number> {
  return Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM addresses WHERE user_id = $1', [userId]))[0]?.n ?? 0);
}

/** The account's default address is one no more (another is about to take it). */
export async function clearDefault(tx: Queryable, userId: number): Promise<void> {
  await tx.query('UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default', [userId]);
}

export async function insertAddress(tx: Queryable, userId: number, address: AddressFields & { isDefault: boolean; at: Date }): Promise<AddressRow | undefined> {
  const rows = await tx.query<AddressRow>(
    `INSERT INTO addresses (user_id, name, phone, region, detail, is_default, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
    [userId, address.name, address.phone, address.region, address.detail, address.isDefault, address.at],
  );
  return rows[0];
}

/** Changes the account's address `id` (made the default when `makeDefault`); undefined when it has none of that id. */
export async function updateAddress(
  tx: Queryable,
  userId: number,
  id: number,
  address: AddressFields & { makeDefault: boolean; at: Date },
): Promise<AddressRow | undefined> {
  const rows = await tx.query<AddressRow>(
    `UPDATE addresses SET name = $3, phone = $4, region = $5, detail = $6, is_default = is_default OR $7, updated_at = $8
     WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, address.name, address.phone, address.region, address.detail, address.makeDefault, address.at],
  );
  return rows[0];
}

/** Deletes the account's address `id`; false when it has none of that id. */
export async function deleteAddress(tx: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await tx.query('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

export async function hasAddress(tx: Queryable, userId: number, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM addresses WHERE id = $1 AND user_id = $2', [id, userId])).length > 0;
}

/** Makes the account's address `id` its only default. */
export async function setOnlyDefault(tx: Queryable, userId: number, id: number): Promise<void> {
  await tx.query('UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2', [userId, id]);
  await tx.query('UPDATE addresses SET is_default = true WHERE id = $1', [id]);
}

/** An account with addresses has a default: the newest, when the default was deleted. */
export async function keepADefault(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `UPDATE addresses SET is_default = true
     WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = $1 AND is_default)`,
    [userId],
  );
}

export async function findAddress(db: Queryable, userId: number, id: number): Promise<AddressRow | undefined> {
  return (await db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, userId]))[0];
}
