import { addressProblem, AddressCalls, AddressRet, type AddressView, type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import { AddressRules, AddressTexts } from '../../src/core/vip/vip-texts.ts';
import { fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The imitation's state: each user's addresses, newest last. */
export interface FakeAddressBook {
  readonly addresses: Map<number, AddressView[]>;
  /** One of the user's addresses as an order keeps it (the fake VIP API's `addressOf`). */
  addressOf(uid: number, id: number): ShippingAddress | undefined;
}

export interface FakeAddressApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
}

/** Newest first, the default before the others (as the server lists them). */
const listed = (list: AddressView[]): AddressView[] => [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.id - a.id);

/**
 * An in-memory imitation of the reference server's address calls, answering what address-protocol.ts declares
 * (test/contract/address-protocol.test.ts runs the same suite against it and against the real server).
 */
export function installFakeAddressApi(http: FakeHttp, options: FakeAddressApiOptions): FakeAddressBook {
  const addresses = new Map<number, AddressView[]>();
  let serial = 0;
  const mine = (uid: number): AddressView[] => addresses.get(uid) ?? [];
  const find = (uid: number, id: number): AddressView => {
    const found = mine(uid).find((item) => item.id === id);
    if (!found) throw refuse(AddressRet.NotFound, AddressTexts.NotFound);
    return found;
  };
  const makeDefault = (uid: number, id: number): void => {
    for (const item of mine(uid)) item.isDefault = item.id === id;
  };

  const { serve } = fakeApi(http, { caller: options.caller });

  serve(AddressCalls.list, 'required', (_input, uid) => ok(listed(mine(uid))));
  serve(AddressCalls.save, 'required', (input, uid) => {
    const problem = addressProblem(input);
    if (problem !== null) throw refuse(1002, problem);
    const list = mine(uid);
    const fields = { name: input.name, phone: input.phone, region: input.region, detail: input.detail };
    let saved: AddressView;
    if (input.id === undefined) {
      if (list.length >= AddressRules.maxAddresses) throw refuse(AddressRet.LimitReached, AddressTexts.LimitReached);
      serial += 1;
      saved = { id: serial, ...fields, isDefault: false };
      addresses.set(uid, [...list, saved]);
    } else {
      saved = Object.assign(find(uid, input.id), fields);
    }
    if (input.isDefault === 1 || mine(uid).length === 1) makeDefault(uid, saved.id);
    return ok({ ...saved });
  });
  serve(AddressCalls.remove, 'required', (input, uid) => {
    const removed = find(uid, input.id);
    const left = mine(uid).filter((item) => item.id !== removed.id);
    addresses.set(uid, left);
    const newest = left.at(-1);
    if (removed.isDefault && newest) newest.isDefault = true;
    return ok(null);
  });
  serve(AddressCalls.setDefault, 'required', (input, uid) => {
    makeDefault(uid, find(uid, input.id).id);
    return ok(null);
  });

  return {
    addresses,
    addressOf: (uid, id) => {
      const found = mine(uid).find((item) => item.id === id);
      return found && { name: found.name, phone: found.phone, region: found.region, detail: found.detail };
    },
  };
}
