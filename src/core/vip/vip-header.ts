import type { User } from '../shared-kernel/user.ts';
import { MAX_VIP_TAG_LEVEL } from './vip-codes.ts';
import { VipTexts } from './vip-texts.ts';

/** The VIP tag image for a level: 0 to 4, 4 and higher share the last; unreadable or below 0 reads 0. */
export function vipTagIndex(vipLevel: unknown): number {
  const n = Math.floor(Number(vipLevel));
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, MAX_VIP_TAG_LEVEL);
}

/** True for a VIP user (vipLevel above 0). */
function isVip(user: Pick<User, 'vipLevel'> | null): boolean {
  return user !== null && user.vipLevel > 0;
}

/** The header's line under the nickname: the expiry, the open-VIP prompt, or the not-logged-in prompt. */
export type VipHeaderLine =
  | { kind: 'visitor'; text: string }
  | { kind: 'prompt'; text: string }
  | { kind: 'expiry'; eDate: string; text: string };

export function vipHeaderLine(user: Pick<User, 'vipLevel' | 'eDate'> | null): VipHeaderLine {
  if (!user) return { kind: 'visitor', text: VipTexts.notLoggedIn };
  if (!isVip(user)) return { kind: 'prompt', text: VipTexts.openVipPrompt };
  const eDate = user.eDate.trim();
  return { kind: 'expiry', eDate, text: eDate === '' ? VipTexts.vipActive : `${eDate}${VipTexts.expirySuffix}` };
}

/** The VIP details dialog opens only for VIP users. */
export function canShowVipDetails(user: Pick<User, 'vipLevel'> | null): boolean {
  return isVip(user);
}
