/**
 * The phones the journeys and the benches open pages on: user agents as those browsers send them, and the
 * viewport, pixel ratio, touch and language of each. A plain module (no vitest), so bench/ imports it too.
 */
import type { BrowserContextOptions } from 'playwright-core';

/** Safari on an iPhone (iOS 17.5), as its user agent reads. */
export const IPHONE_SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Chrome on an Android phone (the reduced agent Chrome sends). */
export const ANDROID_CHROME_UA = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
/** WeChat's in-app browser on Android (an Android web view with WeChat's MicroMessenger token). */
export const WECHAT_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; V2307A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
/** The native Android app's web view (Android System WebView: the `wv` token, no app token of its own). */
export const NATIVE_WEBVIEW_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36';

const IPHONE_SCREEN: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const ANDROID_SCREEN: BrowserContextOptions = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'zh-CN' };

/** An iPhone in Safari: iPhone-sized viewport with touch, in Chinese, with Safari's user agent. */
export const IPHONE_SAFARI: BrowserContextOptions = { ...IPHONE_SCREEN, userAgent: IPHONE_SAFARI_UA };
/** An Android phone in Chrome. */
export const ANDROID_CHROME: BrowserContextOptions = { ...ANDROID_SCREEN, userAgent: ANDROID_CHROME_UA };
/** An Android phone in WeChat's in-app browser (deep links into other apps are blocked there). */
export const WECHAT_ANDROID: BrowserContextOptions = { ...ANDROID_SCREEN, userAgent: WECHAT_ANDROID_UA };
/**
 * An Android phone inside the native app's web view. The app knows its web view by what the wrapper does, not
 * by the agent: see {@link asNativeWebview}, which a context with these options needs too.
 */
export const NATIVE_WEBVIEW: BrowserContextOptions = { ...ANDROID_SCREEN, userAgent: NATIVE_WEBVIEW_UA };
/**
 * The phone every journey runs on unless it says otherwise: an iPhone in Safari.
 * @alias of IPHONE_SAFARI, named for its role.
 */
export const PHONE: BrowserContextOptions = IPHONE_SAFARI;

/** A desktop's Chrome at 1440×900, in Chinese: the operator console's browser (no touch, a mouse). */
export const DESKTOP_CHROME: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  locale: 'zh-CN',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
