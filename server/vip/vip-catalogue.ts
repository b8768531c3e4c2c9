import { OrderCallPayTypes, type PackageView, type PromotionView } from '../../src/core/vip/vip-protocol.ts';
import type { PackageRow } from './vip-catalogue-repository.ts';

/** The alipay-style pay types (both go to /zfbPay). */
export const ALIPAY_STYLE: readonly number[] = OrderCallPayTypes.aliPay;

export const PRICE_SYMBOL = '€';
/** Minor units per unit (cents per euro, fen per yuan). */
export const CENTS = 100;

/** Minor units (cents, fen) to the decimal amount the client shows. */
export function toAmount(minor: number): number {
  return minor / CENTS;
}

/** Minor units as a fixed two-decimal text ("9.99"). */
export function amountText(minor: number): string {
  return (minor / CENTS).toFixed(2);
}

/**
 * What the payer is charged, in minor units: the discounted pair when the package has both
 * disprice and disrmb (the client's rule), else the normal price and rmb.
 */
export function chargeOf(row: PackageRow): { cents: number; fen: number } {
  if (row.disprice_cents !== null && row.disrmb_fen !== null) return { cents: row.disprice_cents, fen: row.disrmb_fen };
  return { cents: row.price_cents, fen: row.rmb_fen };
}

export function toPackageView(row: PackageRow, promotions: PromotionView[]): PackageView {
  return {
    packageId: row.id,
    categoryId: row.category_id,
    name: row.name,
    validityDays: row.validity_days,
    giftDays: row.gift_days,
    price: toAmount(row.price_cents),
    priceSymbol: PRICE_SYMBOL,
    rmb: toAmount(row.rmb_fen),
    disprice: row.disprice_cents === null ? null : toAmount(row.disprice_cents),
    disrmb: row.disrmb_fen === null ? null : toAmount(row.disrmb_fen),
    type: row.type,
    bargain: row.bargain,
    menberCount: row.menber_count,
    tags: row.tags,
    promotions,
    giftItem: row.gift_item,
  };
}
