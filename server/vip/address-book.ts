import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { addressProblem, type AddressView, type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { AddressRules, AddressTexts } from '../../src/core/vip/vip-texts.ts';

interface AddressRow {
  id: number;
  name: string;
  phone: string;
  region: string;
  detail: string;
  is_default: boolean;
}

const COLUMNS = 'id, name, phone, region, detail, is_default';

function toView(row: AddressRow): AddressView {
  return { id: row.id, name: row.name, phone: row.phone, region: row.region, detail: row.detail, isDefault: row.is_default };
}

/** What SaveAddress takes, as its declaration checked it (lengths and the phone's shape). */
export interface AddressInput {
  id?: number | undefined;
  name: string;
  phone: string;
  region: string;
  detail: string;
  isDefault: number;
}

const notFound = (): ApiError => new ApiError(Ret.AddressNotFound, AddressTexts.NotFound);

/**
 * The account's delivery addresses. Every change runs in a transaction that first locks the account's row, so
 * parallel saves cannot pass the limit of 20 or leave two defaults (the partial unique index is the last guard).
 */
export class AddressBook {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async list(userId: number): Promise<AddressView[]> {
    const rows = await this.db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id DESC`, [userId]);
    return rows.map(toView);
  }

  async save(userId: number, input: AddressInput): Promise<AddressView> {
    const problem = addressProblem(input);
    if (problem !== null) throw new ApiError(Ret.BadParam, problem);
    return this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const at = new Date(this.now());
      const count = Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM addresses WHERE user_id = $1', [userId]))[0]?.n ?? 0);
      // The first address is the default whatever the form said; a default asked for takes it from the others.
      const makeDefault = input.isDefault === 1 || count === 0 || (count === 1 && input.id !== undefined);
      if (makeDefault) await tx.query('UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default', [userId]);
      if (input.id === undefined) {
        if (count >= AddressRules.maxAddresses) throw new ApiError(Ret.AddressLimitReached, AddressTexts.LimitReached);
        const rows = await tx.query<AddressRow>(
          `INSERT INTO addresses (user_id, name, phone, region, detail, is_default, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
          [userId, input.name, input.phone, input.region, input.detail, makeDefault, at],
        );
        return toView(rows[0]!);
      }
      const rows = await tx.query<AddressRow>(
        `UPDATE addresses SET name = $3, phone = $4, region = $5, detail = $6, is_default = is_default OR $7, updated_at = $8
         WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [input.id, userId, input.name, input.phone, input.region, input.detail, makeDefault, at],
      );
      if (rows[0] === undefined) throw notFound();
      await keepADefault(tx, userId);
      return toView(rows[0]);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const rows = await tx.query('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
      if (rows.length === 0) throw notFound();
      await keepADefault(tx, userId);
    });
  }

  async setDefault(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      if ((await tx.query('SELECT 1 FROM addresses WHERE id = $1 AND user_id = $2', [id, userId])).length === 0) throw notFound();
      await tx.query('UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2', [userId, id]);
      await tx.query('UPDATE addresses SET is_default = true WHERE id = $1', [id]);
    });
  }
}

async function lockAccount(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** An account with addresses has a default: the newest, when the default was deleted. */
async function keepADefault(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `UPDATE addresses SET is_default = true
     WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = $1 AND is_default)`,
    [userId],
  );
}

/** The caller's address an order ships its gift to, as it is now (kept on the order: vip_orders.shipping_address). */
export async function shippingAddressOf(db: Queryable, userId: number, id: number): Promise<ShippingAddress> {
  const row = (await db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, userId]))[0];
  if (row === undefined) throw notFound();
  return { name: row.name, phone: row.phone, region: row.region, detail: row.detail };
}
