import { addressProblem, AddressCalls, AddressRet, AddressRules, AddressTexts, type AddressView, type ShippingAddress } from '../../src/core/vip/address-protocol.ts';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

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

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const refusal = (ret: number, msg: string): FakeRefusal => new FakeRefusal({ body: { ret, msg, data: null } });

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
    if (!found) throw refusal(AddressRet.NotFound, AddressTexts.NotFound);
    return found;
  };
  const makeDefault = (uid: number, id: number): void => {
    for (const item of mine(uid)) item.isDefault = item.id === id;
  };

  const serve = <S extends Fields>(declared: Call<S, unknown>, handler: (input: ReceivedOf<S>, uid: number) => FakeHttpAnswer): void => {
    http.route(declared.method, declared.path, (call) => {
      const uid = options.caller(call);
      if (uid === null) return { body: { ret: 201, msg: '请先登录', data: null } };
      try {
        return handler(readDeclaredParams(declared, call), uid);
      } catch (error) {
        if (error instanceof FakeRefusal) return error.answer;
        throw error;
      }
    });
  };

  serve(AddressCalls.list, (_input, uid) => ok(listed(mine(uid))));
  serve(AddressCalls.save, (input, uid) => {
    const problem = addressProblem(input);
    if (problem !== null) throw refusal(1002, problem);
    const list = mine(uid);
    const fields = { name: input.name, phone: input.phone, region: input.region, detail: input.detail };
    let saved: AddressView;
    if (input.id === undefined) {
      if (list.length >= AddressRules.maxAddresses) throw refusal(AddressRet.LimitReached, AddressTexts.LimitReached);
      serial += 1;
      saved = { id: serial, ...fields, isDefault: false };
      addresses.set(uid, [...list, saved]);
    } else {
      saved = Object.assign(find(uid, input.id), fields);
    }
    if (input.isDefault === 1 || mine(uid).length === 1) makeDefault(uid, saved.id);
    return ok({ ...saved });
  });
  serve(AddressCalls.remove, (input, uid) => {
    const removed = find(uid, input.id);
    const left = mine(uid).filter((item) => item.id !== removed.id);
    addresses.set(uid, left);
    const newest = left.at(-1);
    if (removed.isDefault && newest) newest.isDefault = true;
    return ok(null);
  });
  serve(AddressCalls.setDefault, (input, uid) => {
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
