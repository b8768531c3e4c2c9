import type { NativePlatform } from '../ports/native-bridge.ts';

/** A phone or tablet browser, by its user agent (Android, iOS, or any agent that calls itself Mobile). */
const PHONE_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/**
 * In-app browsers that block the app's deep link (qiyu://…): WeChat (and WeChat Work, whose agent also carries
 * MicroMessenger). There the offer would only fail, so it is not made.
 */
const DEEP_LINK_BLOCKED = /MicroMessenger/i;

/**
 * Whether the page offers to open the app ("APP内打开"): only in a plain phone browser. Not in the native app's
 * own web view (the bridge names a platform), not on a desktop, not in WeChat's in-app browser.
 */
export function offersOpenApp(userAgent: string, nativePlatform: NativePlatform): boolean {
  if (nativePlatform !== 'none') return false;
  if (DEEP_LINK_BLOCKED.test(userAgent)) return false;
  return PHONE_AGENT.test(userAgent);
}
