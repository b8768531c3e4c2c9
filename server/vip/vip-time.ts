/** VIP time arithmetic (pure): what a paid order does to the recipient's VIP columns. */

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface VipHolding {
  /** users.vip_level: the rank of the VIP type held (0 none). */
  level: number;
  categoryId: number;
  typeName: string;
  expire: Date | null;
}

export interface VipPurchase {
  level: number;
  categoryId: number;
  typeName: string;
  /** validityDays + giftDays of the package. */
  days: number;
}

function isVipActive(holding: VipHolding, nowMs: number): boolean {
  return holding.level > 0 && holding.expire !== null && holding.expire.getTime() > nowMs;
}

/**
 * The VIP after a purchase. One rule covers every case:
 * - no active VIP (none, or expired): the bought type from now for `days` days;
 * - an active VIP: new expiry = current expiry + `days` days, and the type is the higher of the two
 *   ranks. For the same type this extends from the expiry; for an upgrade the remaining time of the
 *   lower type is carried over day for day into the higher type and the bought days are added; a
 *   lower type bought while holding a higher one adds its days to the higher type
 *   (all time is upgraded to the highest type bought). On equal ranks the held category stays.
 */
export function applyPurchase(holding: VipHolding, purchase: VipPurchase, nowMs: number): VipHolding {
  const addMs = purchase.days * DAY_MS;
  if (!isVipActive(holding, nowMs) || holding.expire === null) {
    return { level: purchase.level, categoryId: purchase.categoryId, typeName: purchase.typeName, expire: new Date(nowMs + addMs) };
  }
  const expire = new Date(holding.expire.getTime() + addMs);
  if (purchase.level > holding.level) {
    return { level: purchase.level, categoryId: purchase.categoryId, typeName: purchase.typeName, expire };
  }
  return { ...holding, expire };
}
