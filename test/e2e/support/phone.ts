import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startApp, type DatabaseEnv, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { PHONE } from './devices.ts';
import { withoutStartAds } from './no-start-ads.ts';

// The phones themselves live in devices.ts (no vitest there, so the benches can use them too).
export { ANDROID_CHROME, ANDROID_CHROME_UA, IPHONE_SAFARI, IPHONE_SAFARI_UA, NATIVE_WEBVIEW, NATIVE_WEBVIEW_UA, PHONE, WECHAT_ANDROID, WECHAT_ANDROID_UA } from './devices.ts';

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

/** Makes a context a phone on mobile data, as Chrome on Android tells it (`navigator.connection.type` cellular). */
export async function onMobileData(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { type: 'cellular', effectiveType: '4g', addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  });
}

/**
 * Makes a context a phone whose browser turns to landscape in fullscreen (Android Chrome: `screen.orientation.lock`
 * succeeds there; headless Chromium refuses it, as some web views do). The viewport stays as it is.
 */
export async function turnsToLandscape(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const orientation = window.screen.orientation as ScreenOrientation & { lock?: (type: string) => Promise<void> };
    Object.defineProperty(orientation, 'lock', { configurable: true, value: async () => undefined });
  });
}

/**
 * Journeys ask for reduced motion (a setting phones offer): pages then appear without their 0.28 s slide, so a tap
 * right after a page change lands where the page is, not where the sliding page was a frame before (CI lost such
 * taps on a busy machine). The slides themselves are the shell journey's to check, with motion.
 */
const JOURNEY_MOTION: BrowserContextOptions = { reducedMotion: 'reduce' };

export interface Phone {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /**
   * A second phone (its own context: cookies, storage, session) on the same app and browser, an iPhone in Safari
   * unless `options` says otherwise, without the start ad, `prepare` applied before its page opens; closed with the
   * rest by {@link close}.
   */
  otherPhone(options?: BrowserContextOptions, prepare?: (context: BrowserContext) => Promise<unknown>): Promise<Page>;
  /** Closes the journey's contexts (the worker keeps its browser) and stops the app. */
  close(): Promise<void>;
}

/**
 * The worker's browser: the journeys of one vitest worker run one after another (the e2e project does not isolate
 * its files), so they share one Chromium and each closes only its own contexts, sparing a browser start (about 1 s
 * of CPU) per journey. A browser that went away (or never started) is started again. One journey opens its phone
 * at a time in a worker, so no two starts race.
 */
let workerBrowser: Browser | null = null;

async function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser?.isConnected()) workerBrowser = await launchChromium();
  return workerBrowser;
}

/**
 * Starts the app (the whole `npm start` with `npmStart`, else the server on the app built once) and opens one page in Chromium on a phone. Journeys that are not about the
 * start advertisement get an empty ad list (startAds false, the default), so no fullscreen ad covers them. The
 * browser is the worker's (see {@link sharedBrowser}): `close` closes every context the journey opened in it
 * (one journey runs at a time in a worker) and stops the app.
 */
export async function openPhone(
  options: {
    startAds?: boolean;
    contextOptions?: BrowserContextOptions;
    /** Makes the context more of a phone before its page opens (asNativeWebview, onMobileData, turnsToLandscape). */
    prepare?: (context: BrowserContext) => Promise<unknown>;
    npmStart?: boolean;
    prepareData?: (database: DatabaseEnv) => Promise<void>;
  } = {},
): Promise<Phone> {
  const [started, launched] = await Promise.allSettled([startApp({ npmStart: options.npmStart, ...(options.prepareData ? { prepareData: options.prepareData } : {}) }), sharedBrowser()]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const app = started.value;
  const browser = launched.value;
  // What an earlier journey of this worker may have left open (a failed test's page) goes first.
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
  const context = await browser.newContext({ ...PHONE, ...JOURNEY_MOTION, ...options.contextOptions });
  if (!options.startAds) await withoutStartAds(context);
  await options.prepare?.(context);
  const page = await context.newPage();
  return {
    app,
    browser,
    context,
    page,
    otherPhone: async (other = PHONE, prepare) => {
      const second = await browser.newContext({ ...JOURNEY_MOTION, ...other });
      await withoutStartAds(second);
      await prepare?.(second);
      return second.newPage();
    },
    close: async () => {
      await Promise.all(browser.contexts().map((open) => open.close().catch(() => undefined)));
      await app.stop();
    },
  };
}
