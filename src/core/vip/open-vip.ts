import type { NativePlatform } from '../ports/native-bridge.ts';
import type { Query } from '../ports/navigator.ts';
import type { User } from '../shared-kernel/user.ts';
import { idOf } from '../request/answer-values.ts';
import type { ConfirmDialog } from './pay-flow.ts';
import { VipPaths } from './vip-codes.ts';
import { VipTexts } from './vip-texts.ts';

/** /openVip?type=1 renews. */
const RENEW_QUERY_TYPE = '1';

/** The /openVip title: 续费VIP会员 when query type is 1, else 开通VIP会员. */
export function openVipTitle(query: Query): string {
  return `${query.type?.trim() === RENEW_QUERY_TYPE ? VipTexts.renew : VipTexts.open}${VipTexts.vipMember}`;
}

/**
 * What /openVip's query preselects. uid: the gift target; id: a package id; categoryId: a category id;
 * selectId: a payment method code (payType); activeIndex: the category tab's index. Unreadable values are null.
 */
export interface OpenVipPreselection {
  giftUid: number | null;
  packageId: number | null;
  categoryId: number | null;
  payType: number | null;
  tabIndex: number | null;
}

function integerOrNull(value: string | undefined): number | null {
  if (value === undefined || !/^-?\d{1,15}$/u.test(value.trim())) return null;
  return Number(value.trim());
}

export function openVipPreselection(query: Query): OpenVipPreselection {
  const tab = integerOrNull(query.activeIndex);
  return {
    giftUid: idOf(query.uid),
    packageId: idOf(query.id),
    categoryId: idOf(query.categoryId),
    payType: integerOrNull(query.selectId),
    tabIndex: tab !== null && tab >= 0 ? tab : null,
  };
}

/** The scanned-code dialog and where its confirm leads. */
export interface ScannedGift {
  dialog: { message: string; confirmText: string; cancelText: string };
  confirm: { path: string; query: Query };
}

/**
 * A logged-in user on /openVip whose uid differs from the query uid (a friend's scanned code) is asked whether to
 * buy for the friend; confirming goes to /giveVip with userId, packId and categoryId (those given). null otherwise.
 */
export function scannedGift(user: Pick<User, 'token'> | null, query: Query): ScannedGift | null {
  const friend = idOf(query.uid);
  if (!user || friend === null || friend === user.token.uid) return null;
  const target: Query = { userId: String(friend) };
  const packId = idOf(query.id);
  const categoryId = idOf(query.categoryId);
  if (packId !== null) target.packId = String(packId);
  if (categoryId !== null) target.categoryId = String(categoryId);
  return {
    dialog: { message: VipTexts.scannedGiftMessage, confirmText: VipTexts.scannedGiftConfirm, cancelText: VipTexts.cancel },
    confirm: { path: VipPaths.giveVip, query: target },
  };
}

/** Leaving /openVip: a confirm-leave popup (confirm continues, cancel stays), or just leave. */
export type LeaveDecision = { kind: 'confirm'; dialog: ConfirmDialog } | { kind: 'leave' };

function samePath(a: string, b: string): boolean {
  const trim = (path: string): string => (path.length > 1 ? path.replace(/\/+$/u, '') : path);
  return trim(a.split(/[?#]/u)[0] ?? '').toLowerCase() === trim(b).toLowerCase();
}

/** Towards /vip or /user the popup shows, unless the 7003 state is set. */
export function leaveDecision(input: { to: string; purchaseBlocked: boolean }): LeaveDecision {
  const guarded = samePath(input.to, VipPaths.vip) || samePath(input.to, VipPaths.user);
  if (!guarded || input.purchaseBlocked) return { kind: 'leave' };
  return { kind: 'confirm', dialog: { message: VipTexts.leaveMessage, confirmText: VipTexts.leaveConfirm, cancelText: VipTexts.cancelLeave } };
}

/** The native function that closes the web view: Android calls closeWebView on its injected bridge object, iOS posts to the closeWebView handler. */
const NATIVE_CLOSE_CALL = 'closeWebView';

/** Back on /openVip: inside a native web view close it through the bridge; in a browser the app's back rule applies. */
export type OpenVipBack = { kind: 'bridge'; name: string } | { kind: 'router' };

export function openVipBack(platform: NativePlatform): OpenVipBack {
  return platform === 'none' ? { kind: 'router' } : { kind: 'bridge', name: NATIVE_CLOSE_CALL };
}
