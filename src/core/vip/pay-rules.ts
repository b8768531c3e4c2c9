import type { RouteLocation } from '../ports/navigator.ts';
import { returnAddress } from '../shared-kernel/login-redirect.ts';
import type { User } from '../shared-kernel/user.ts';
import type { Package } from './vip-protocol.ts';
import { idOf } from '../request/answer-values.ts';
import { VipPaths } from './vip-codes.ts';
import { VipTexts } from './vip-texts.ts';

/** What is charged: the discounted pair when the package has both disprice and disrmb, else price and rmb. */
export interface ChargedPrice {
  price: number;
  rmb: number | null;
  discounted: boolean;
}

/** Spec section 5: without both disprice and disrmb the normal price and rmb are used (never half a pair). */
export function chargedPrice(pkg: Pick<Package, 'price' | 'rmb' | 'disprice' | 'disrmb'>): ChargedPrice {
  if (pkg.disprice !== null && pkg.disrmb !== null) return { price: pkg.disprice, rmb: pkg.disrmb, discounted: true };
  return { price: pkg.price, rmb: pkg.rmb, discounted: false };
}

/** Whom a purchase is for: the gift target (a friend's uid or id), or nobody. */
export interface GiftTarget {
  uid?: unknown;
  id?: unknown;
}

/** Spec section 5: ToUID is the gift target's uid or id, else the user's own uid; null when there is none of them. */
export function recipientUid(input: { giftTarget?: GiftTarget | null; user: Pick<User, 'token'> | null }): number | null {
  const target = input.giftTarget;
  return idOf(target?.uid) ?? idOf(target?.id) ?? input.user?.token.uid ?? null;
}

/** The order's Promotions: the package's promotion codes joined by |. */
export function promotionsParam(pkg: Pick<Package, 'promotions'>): string {
  return pkg.promotions
    .map((promotion) => promotion.promotionCode)
    .filter((code) => code !== '')
    .join('|');
}

export type PayCheck<P> =
  | { ok: true; user: User; pkg: Package; payType: P }
  | { ok: false; kind: 'login'; path: string; query: { redirect: string } }
  | { ok: false; kind: 'message'; message: string };

/**
 * Spec section 5: paying needs a logged-in user (else /login with a redirect back to here), then a package,
 * then a payment method (else a message naming what is missing).
 */
export function checkPay<P>(input: { user: User | null; pkg: Package | null; payType: P | null; here: RouteLocation }): PayCheck<P> {
  if (!input.user) return { ok: false, kind: 'login', path: VipPaths.login, query: { redirect: returnAddress(input.here) } };
  if (!input.pkg) return { ok: false, kind: 'message', message: VipTexts.choosePackage };
  if (input.payType === null) return { ok: false, kind: 'message', message: VipTexts.choosePayType };
  return { ok: true, user: input.user, pkg: input.pkg, payType: input.payType };
}

/** The price with the share activity's discount (euro, granted after the confirmed share): never below 0.01. */
export function sharePrice(pkg: Package, granted: number): number {
  return Math.max(0.01, Math.round((chargedPrice(pkg).price - granted) * 100) / 100);
}
