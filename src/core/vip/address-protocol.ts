/**
 * Delivery addresses (/choseAddress, /addAddress), declared once: the app's AddressBook sends them, the reference
 * server (server/address/routes.ts) serves them. A VIP package that ships a gift (PackageView.giftItem) is ordered
 * with one of them (the order calls' AddressID).
 */
import { characters } from '../display/mask.ts';
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

/** One of the caller's delivery addresses (the full phone goes to its owner only; screens show it masked). */
export interface AddressView {
  id: number;
  name: string;
  phone: string;
  /** Province, city and district as chosen or typed ("广东省 深圳市 南山区"). */
  region: string;
  detail: string;
  isDefault: boolean;
}

/** The address an order of a gift-shipping package was placed with, as it was then (OrderView.shippingAddress). */
export interface ShippingAddress {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

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
  list: call<AddressView[]>()({ method: 'GET', path: '/api/user/GetAddressList', carrier: 'query', params: {} }),
  /** Adds an address, or (with id) changes one of the caller's; the first address is the default. Signed in only. */
  save: call<AddressView>()({
    method: 'POST',
    path: '/api/user/SaveAddress',
    carrier: 'form',
    params: { id: { kind: 'id', optional: true, emptyIsNone: true }, ...addressFields },
  }),
  /** Deletes one of the caller's addresses (a deleted default passes to the newest left). Signed in only. */
  remove: call<null>()({ method: 'POST', path: '/api/user/DeleteAddress', carrier: 'form', params: { id: { kind: 'id' } } }),
  /** Makes one of the caller's addresses the default. Signed in only. */
  setDefault: call<null>()({ method: 'POST', path: '/api/user/SetDefaultAddress', carrier: 'form', params: { id: { kind: 'id' } } }),
} as const;
