import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { addressProblem, AddressCalls, type AddressFields, type AddressView } from './address-protocol.ts';

/** Session storage: the address the user picked on /choseAddress for the order being made. */
const CHOSEN_KEY = 'chosenAddressId';

export type AddressSave =
  | { kind: 'saved'; address: AddressView }
  /** The form's own check failed (nothing was sent): the message to show. */
  | { kind: 'invalid'; message: string }
  /** The server refused or could not be reached (the request layer showed why). */
  | { kind: 'failed' };

/**
 * The user's delivery addresses (/choseAddress, /addAddress) and the one a gift-shipping VIP order goes to: the
 * address picked for this session while it still exists, else the default, else the newest.
 */
export class AddressBook {
  constructor(
    private readonly api: ApiClient,
    private readonly session: KeyValueStore,
  ) {}

  list(): Promise<AddressView[]> {
    return this.api.request(AddressCalls.list, {});
  }

  /** Checks the form as the server will, then adds the address (or changes it, with its id). */
  async save(fields: AddressFields & { isDefault: boolean }, id?: number): Promise<AddressSave> {
    const problem = addressProblem(fields);
    if (problem !== null) return { kind: 'invalid', message: problem };
    const trimmed = { name: fields.name.trim(), phone: fields.phone.trim(), region: fields.region.trim(), detail: fields.detail.trim() };
    try {
      const address = await this.api.request(AddressCalls.save, { ...trimmed, isDefault: fields.isDefault ? 1 : 0, ...(id === undefined ? {} : { id }) });
      return { kind: 'saved', address };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'failed' };
      throw error;
    }
  }

  async remove(id: number): Promise<boolean> {
    return this.succeeds(() => this.api.request(AddressCalls.remove, { id }));
  }

  async setDefault(id: number): Promise<boolean> {
    return this.succeeds(() => this.api.request(AddressCalls.setDefault, { id }));
  }

  /** The order will ship to this address (kept for the session: the purchase screen reads it back). */
  choose(id: number): void {
    this.session.set(CHOSEN_KEY, String(id));
  }

  /** Where a gift goes: the chosen address while it exists, else the default, else the newest; null with none. */
  chosenOf(list: readonly AddressView[]): AddressView | null {
    const chosen = Number(this.session.get(CHOSEN_KEY) ?? '');
    return list.find((item) => item.id === chosen) ?? list.find((item) => item.isDefault) ?? list[0] ?? null;
  }

  /** The address a gift-shipping order goes to, read afresh (null with none, or when the list cannot be read). */
  async chosen(): Promise<AddressView | null> {
    try {
      return this.chosenOf(await this.list());
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }

  private async succeeds(send: () => Promise<unknown>): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      if (error instanceof ApiError) return false;
      throw error;
    }
  }
}
