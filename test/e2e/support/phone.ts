import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startApp, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { withoutStartAds } from './no-start-ads.ts';

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
/** The phone every journey runs on unless it says otherwise: an iPhone in Safari. */
export const PHONE: BrowserContextOptions = IPHONE_SAFARI;

/**
 * Makes a context the native app's web view, as WebviewNativeBridge recognises it: the Android wrapper injects its
 * JavaScript interface object (`window.android`) before the page's scripts run, and opens the session with
 * ?isWebview=1, which the app keeps in sessionStorage (here the flag is set directly, for every page of the session).
 * The interface's calls are recorded in `window.nativeCalls`.
 */
export async function asNativeWebview(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls: unknown[][] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        void calls.push([name, ...args]);
    Object.assign(window, { nativeCalls: calls, android: { closeWebView: record('closeWebView') } });
    try {
      if (window.location.protocol.startsWith('http')) window.sessionStorage.setItem('isWebview', '1');
    } catch {
      // about:blank has no storage
    }
  });
}

export interface Phone {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser and stops the app. */
  close(): Promise<void>;
}

/**
 * Starts the app (the whole `npm start` with `npmStart`, else the server on the app built once) and opens one page in Chromium on a phone. Journeys that are not about the
 * start advertisement get an empty ad list (startAds false, the default), so no fullscreen ad covers them.
 */
export async function openPhone(options: { startAds?: boolean; contextOptions?: BrowserContextOptions; npmStart?: boolean } = {}): Promise<Phone> {
  const [started, launched] = await Promise.allSettled([startApp({ npmStart: options.npmStart }), launchChromium()]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const app = started.value;
  const browser = launched.value;
  const context = await browser.newContext({ ...PHONE, ...options.contextOptions });
  if (!options.startAds) await withoutStartAds(context);
  const page = await context.newPage();
  return {
    app,
    browser,
    context,
    page,
    close: async () => {
      await browser.close();
      await app.stop();
    },
  };
}
