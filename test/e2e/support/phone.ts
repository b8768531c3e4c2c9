import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startApp, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { withoutStartAds } from './no-start-ads.ts';

/** A phone: iPhone-sized viewport with touch, in Chinese. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' };

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
