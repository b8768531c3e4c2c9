import { StyleType } from './vip-codes.ts';
import type { PayTypeView, PromotionView } from './vip-protocol.ts';
import { flagOf, listOf, optionalNumberOf, recordOf, textOf } from '../request/answer-values.ts';

/** A promotion on a package; its code travels in the order's Promotions. */
export type Promotion = PromotionView;

/** A VIP package (spec section 3). Prices are numbers; a missing discount or rmb is null. */
export interface Package {
  packageId: number;
  categoryId: number | null;
  name: string;
  validityDays: number;
  giftDays: number;
  price: number;
  priceSymbol: string;
  rmb: number | null;
  disprice: number | null;
  disrmb: number | null;
  type: number | null;
  bargain: boolean;
  menberCount: number;
  promotions: Promotion[];
  tags: string[];
  /** The gift the package ships ('' none): the order then needs a delivery address. */
  giftItem: string;
}

/** A payment method. The code may be one the app does not know; the pay-flow decision refuses those. */
export type PayTypeItem = PayTypeView;

/** A package category: one tab of the purchase screen. styleType 4 is the bargain category. */
export interface Category {
  id: number;
  name: string;
  styleType: number;
  data: Package[];
  payTypes: PayTypeItem[];
}

/** GetVipPayType's data. */
export interface PayInfo {
  remark: string;
  categoryList: Category[];
  payTypes: PayTypeItem[];
}

/** A price: a finite number of 0 or more, else null. */
function price(value: unknown): number | null {
  const n = optionalNumberOf(value);
  return n !== null && n >= 0 ? n : null;
}

/** An id: a positive safe integer, else null. */
export function readId(value: unknown): number | null {
  const n = optionalNumberOf(value);
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function integer(value: unknown): number | null {
  const n = optionalNumberOf(value);
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

function days(value: unknown): number {
  const n = integer(value);
  return n !== null && n > 0 ? n : 0;
}

/** Reads a promotion; null without a promotion code (it could not be sent). */
export function decodePromotion(value: unknown): Promotion | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const promotionCode = textOf(raw.promotionCode).trim();
  return promotionCode === '' ? null : { promotionCode, title: textOf(raw.title) };
}

function tags(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : listOf(value).map(textOf);
  return items.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/** Reads a package; null without a usable packageId or price. */
export function decodePackage(value: unknown): Package | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const packageId = readId(raw.packageId);
  const normal = price(raw.price);
  if (packageId === null || normal === null) return null;
  return {
    packageId,
    categoryId: readId(raw.categoryId),
    name: textOf(raw.name),
    validityDays: days(raw.validityDays),
    giftDays: days(raw.giftDays),
    price: normal,
    priceSymbol: textOf(raw.priceSymbol),
    rmb: price(raw.rmb),
    disprice: price(raw.disprice),
    disrmb: price(raw.disrmb),
    type: integer(raw.type),
    bargain: flagOf(raw.bargain),
    menberCount: days(raw.menberCount),
    promotions: decodeList(raw.promotions, decodePromotion),
    tags: tags(raw.tags),
    giftItem: textOf(raw.giftItem).trim(),
  };
}

/** Reads a payment method; null without an integer payType. */
export function decodePayType(value: unknown): PayTypeItem | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const payType = integer(raw.payType);
  return payType === null ? null : { payType, title: textOf(raw.title), img: textOf(raw.img) };
}

/** Reads a category; null without a usable id. Its packages and methods are read item by item. */
export function decodeCategory(value: unknown): Category | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const id = readId(raw.id);
  if (id === null) return null;
  return {
    id,
    name: textOf(raw.name),
    styleType: integer(raw.styleType) ?? StyleType.Normal,
    data: decodeList(raw.data, decodePackage),
    payTypes: decodeList(raw.payTypes, decodePayType),
  };
}

/** Reads GetVipPayType's data; never throws, drops malformed items, and gives empty lists for anything unreadable. */
export function decodePayInfo(value: unknown): PayInfo {
  try {
    const raw = recordOf(value) ?? {};
    return {
      remark: textOf(raw.remark),
      categoryList: decodeList(raw.categoryList, decodeCategory),
      payTypes: decodeList(raw.payTypes, decodePayType),
    };
  } catch {
    // A hostile value (a getter that throws) reads as no data.
    return { remark: '', categoryList: [], payTypes: [] };
  }
}

/** Decodes each item of a list, dropping those that do not read (and any non-list). */
function decodeList<T>(value: unknown, decode: (item: unknown) => T | null): T[] {
  const out: T[] = [];
  for (const item of listOf(value)) {
    let decoded: T | null = null;
    try {
      decoded = decode(item);
    } catch {
      // A hostile item (a getter that throws) is dropped like any malformed one.
    }
    if (decoded !== null) out.push(decoded);
  }
  return out;
}

/** A category's methods when it names its own, else the pay info's. */
export function payTypesFor(info: PayInfo, category: Category | null): PayTypeItem[] {
  return category && category.payTypes.length > 0 ? category.payTypes : info.payTypes;
}
