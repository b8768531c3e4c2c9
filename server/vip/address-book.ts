import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { addressProblem, type AddressView, type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { AddressRules, AddressTexts } from '../../src/core/vip/vip-texts.ts';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddress,
  hasAddress,
  insertAddress,
  keepADefault,
  listAddresses,
  lockAccount,
  setOnlyDefault,
  updateAddress,
  type AddressRow,
} from './address-repository.ts';

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
    return (await listAddresses(this.db, userId)).map(toView);
  }

  async save(userId: number, input: AddressInput): Promise<AddressView> {
    const problem = addressProblem(input);
    if (problem !== null) throw new ApiError(Ret.BadParam, problem);
    return this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const at = new Date(this.now());
      const count = await countAddresses(tx, userId);
      // The first address is the default whatever the form said; a default asked for takes it from the others.
      const makeDefault = input.isDefault === 1 || count === 0 || (count === 1 && input.id !== undefined);
      if (makeDefault) await clearDefault(tx, userId);
      const fields = { name: input.name, phone: input.phone, region: input.region, detail: input.detail };
      if (input.id === undefined) {
        if (count >= AddressRules.maxAddresses) throw new ApiError(Ret.AddressLimitReached, AddressTexts.LimitReached);
        return toView((await insertAddress(tx, userId, { ...fields, isDefault: makeDefault, at }))!);
      }
      const row = await updateAddress(tx, userId, input.id, { ...fields, makeDefault, at });
      if (row === undefined) throw notFound();
      await keepADefault(tx, userId);
      return toView(row);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      if (!(await deleteAddress(tx, userId, id))) throw notFound();
      await keepADefault(tx, userId);
    });
  }

  async setDefault(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      if (!(await hasAddress(tx, userId, id))) throw notFound();
      await setOnlyDefault(tx, userId, id);
    });
  }
}

/** The caller's address an order ships its gift to, as it is now (kept on the order: vip_orders.shipping_address). */
export async function shippingAddressOf(db: Queryable, userId: number, id: number): Promise<ShippingAddress> {
  const row = await findAddress(db, userId, id);
  if (row === undefined) throw notFound();
  return { name: row.name, phone: row.phone, region: row.region, detail: row.detail };
}
