/**
 * Delivery addresses (/choseAddress, /addAddress), declared once: the app's AddressBook sends them, the reference
 * server (server/address/routes.ts) serves them. A VIP package that ships a gift (PackageView.giftItem) is ordered
 * with one of them (the order calls' AddressID).
 */
import { object, type InferOutput } from 'valibot';
import { characters } from '../display/mask.ts';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { AddressRules, AddressTexts } from './vip-texts.ts';

export const AddressRet = {
  /** No address with that id is the caller's (deleted, or another account's). */
  NotFound: 7060,
  /** The account keeps at most {@link AddressRules.maxAddresses}. */
  LimitReached: 7061,
  /** An order of a package that ships a gift needs a delivery address. */
  Required: 7062,
} as const;

/** Where a gift ships: the fields of an address as text ('' when the answer gives none). */
const addressEntries = {
  name: wire.text,
  phone: wire.text,
  /** Province, city and district as chosen or typed ("广东省 深圳市 南山区"). */
  region: wire.text,
  detail: wire.text,
};

/**
 * One of the caller's delivery addresses (the full phone goes to its owner only; screens show it masked): without an
 * id it is unreadable (left off a list).
 */
const addressView = object({ id: wire.id, ...addressEntries, isDefault: wire.flag });

export type AddressView = InferOutput<typeof addressView>;

/**
 * The address an order of a gift-shipping package was placed with, as it was then (OrderView.shippingAddress; an
 * order answer reads it with wire.orNull: null when it has none).
 */
export const shippingAddress = object(addressEntries);

export type ShippingAddress = InferOutput<typeof shippingAddress>;

/** The fields of an address as typed (trimmed by the reader). */
export type AddressFields = Pick<AddressView, 'name' | 'phone' | 'region' | 'detail'>;

/**
 * The first thing wrong with an address's fields, as the form, the server and the fake say it (null: nothing). Lengths
 * count characters as a person does (display/mask.ts), so a Chinese address is never cut short by UTF-16 units.
 */
export function addressProblem(fields: AddressFields): string | null {
  const length = (text: string): number => characters(text.trim()).length;
  if (length(fields.name) === 0) return AddressTexts.NameMissing;
  if (length(fields.name) > AddressRules.maxName) return AddressTexts.NameTooLong;
  if (!AddressRules.phone.test(fields.phone.trim())) return AddressTexts.PhoneBad;
  if (length(fields.region) === 0) return AddressTexts.RegionMissing;
  if (length(fields.region) > AddressRules.maxRegion) return AddressTexts.RegionTooLong;
  const detail = length(fields.detail);
  if (detail < AddressRules.minDetail || detail > AddressRules.maxDetail) return AddressTexts.DetailBad;
  return null;
}

const addressFields = {
  name: { kind: 'text', max: AddressRules.maxName, trim: true, badMessage: AddressTexts.NameTooLong },
  phone: { kind: 'text', max: 24, trim: true, pattern: AddressRules.phone, badMessage: AddressTexts.PhoneBad },
  region: { kind: 'text', max: AddressRules.maxRegion, trim: true, badMessage: AddressTexts.RegionTooLong },
  detail: { kind: 'text', max: AddressRules.maxDetail, trim: true, badMessage: AddressTexts.DetailBad },
  isDefault: { kind: 'int', min: 0, max: 1, fallback: 0 },
} as const;

export const AddressCalls = {
  /** The caller's addresses, the default first, then the newest. Signed in only. */
  list: call({ method: 'GET', path: '/api/user/GetAddressList', carrier: 'query', params: {}, answer: wire.items(addressView) }),
  /** Adds an address, or (with id) changes one of the caller's; the first address is the default. Signed in only. */
  save: call({
    method: 'POST',
    path: '/api/user/SaveAddress',
    carrier: 'form',
    params: { id: { kind: 'id', optional: true, emptyIsNone: true }, ...addressFields },
    answer: addressView,
  }),
  /** Deletes one of the caller's addresses (a deleted default passes to the newest left). Signed in only. */
  remove: call({ method: 'POST', path: '/api/user/DeleteAddress', carrier: 'form', params: { id: { kind: 'id' } }, answer: wire.none }),
  /** Makes one of the caller's addresses the default. Signed in only. */
  setDefault: call({ method: 'POST', path: '/api/user/SetDefaultAddress', carrier: 'form', params: { id: { kind: 'id' } }, answer: wire.none }),
} as const;
