import { GoldTexts } from './gold-texts.ts';

/** The page size of /myGold's history (the calls themselves: gold-protocol.ts). */
export const GoldLimits = {
  recordsPageSize: 20,
} as const;

/** Where the gold pages lead. */
export const GoldRoutes = {
  myGold: '/myGold',
  /** 去赚金币: the daily sign-in earns gold. */
  earn: '/signIn',
  login: '/login',
} as const;

/** Why a balance changed, as the history names it. */
const GoldReason = { SignIn: 'sign_in', Unlock: 'unlock', Grant: 'grant' } as const;

/** 30金币 */
export const goldAmount = (gold: number): string => `${gold}金币`;

/** 该视频需要30金币解锁 */
export const gateText = (price: number): string => `该视频需要${goldAmount(price)}解锁`;

/** 当前余额70金币 */
export const balanceText = (balance: number): string => `当前余额${goldAmount(balance)}`;

/** A history amount: +5, -30. */
export const signedAmount = (amount: number): string => (amount > 0 ? `+${amount}` : String(amount));

/** What a history entry says: 每日签到, 解锁《片名》, the grant's note (系统赠送 without one). */
export function reasonLabel(entry: { reason: string; videoTitle: string | null; note: string }): string {
  switch (entry.reason) {
    case GoldReason.SignIn:
      return GoldTexts.signIn;
    case GoldReason.Unlock:
      return entry.videoTitle ? `解锁《${entry.videoTitle}》` : GoldTexts.unlockVideo;
    case GoldReason.Grant:
      return entry.note || GoldTexts.grant;
    default:
      return entry.note || GoldTexts.other;
  }
}
