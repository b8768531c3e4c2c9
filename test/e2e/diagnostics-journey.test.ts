import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withoutStartAds } from './support/no-start-ads.ts';
import { NATIVE_WEBVIEW, asNativeWebview } from './support/phone.ts';
import { useJourney } from './support/journey.ts';

/**
 * /test and /mobileTest: the diagnostics a webview host or support reads: the built app's version, what the app
 * recognised of the device, the native bridge (absent in Safari; present, and pinged, in the native app's web
 * view), network, storage, the API with a timed call, the socket. Nothing secret.
 */
const { page, app, browser, poll } = useJourney({ poll: { timeout: 45_000, interval: 250 } });
const row = (on: Page, id: string) => on.getByTestId(`diag-${id}`).locator('dd');

describe('/test on an iPhone in Safari', () => {
  it('shows the built version, iOS 17, no web view and no bridge, a writable storage and a timed API call', { timeout: 120_000 }, async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    await page.goto(`${app.url}/test`);
    await poll(() => row(page, 'version').textContent()).toBe(version);
    expect(await row(page, 'platform').textContent()).toBe('iOS 17');
    expect(await row(page, 'webview').textContent()).toBe('否');
    expect(await row(page, 'native').textContent()).toBe('未检测到（普通浏览器）');
    expect(await row(page, 'wechat').textContent()).toBe('否');
    expect(await row(page, 'tv').textContent()).toBe('否');
    expect(await row(page, 'ios-low').textContent()).toBe('否');
    await poll(() => row(page, 'api').textContent()).toMatch(/^\d+ ms$/);
    await poll(() => row(page, 'local-storage').textContent()).toBe('可写入');
    await poll(() => row(page, 'storage').textContent()).toMatch(/^已用 .+ \/ 可用 .+$/);
    expect(await row(page, 'api-base').textContent()).toContain(new URL(app.url).host);
    expect(await row(page, 'socket').textContent()).toMatch(/^(已连接|未连接)/);
    expect(await page.getByTestId('diag-ua').textContent()).toContain('iPhone OS 17_5');
    await page.getByTestId('diag-ping').click();
    await poll(() => page.getByTestId('diag-ping-result').textContent()).toBe('无原生桥，未发送');
    await page.getByTestId('diag-retest').click();
    await poll(() => row(page, 'api').textContent()).toMatch(/^\d+ ms$/);
    // Nothing of the session: no token, no cookie.
    expect(await page.locator('.diagnostics-page').textContent()).not.toMatch(/token|cookie|sign=/i);
    expect(await page.title()).toContain('测试');
  });

  it('/mobileTest: the same checks, compact, with a touch check', { timeout: 120_000 }, async () => {
    await page.goto(`${app.url}/mobileTest`);
    await poll(() => row(page, 'api').textContent()).toMatch(/^\d+ ms$/);
    expect(await page.locator('.diagnostics-page--compact').count()).toBe(1);
    expect(await page.getByTestId('diag-touch-text').textContent()).toBe('点击下方区域测试触摸');
    await page.getByTestId('diag-touch-area').tap();
    await poll(() => page.getByTestId('diag-touch-text').textContent()).toBe('触摸正常，已点击 1 次');
    // A second tap at once would be the shell's double-tap guard's to swallow: a moment later it counts.
    await page.waitForTimeout(600);
    await page.getByTestId('diag-touch-area').tap();
    await poll(() => page.getByTestId('diag-touch-text').textContent()).toBe('触摸正常，已点击 2 次');
  });
});

describe('/test in the native app\'s web view', () => {
  it('shows the bridge present (Android), the web view recognised, and a ping reaches the native side', { timeout: 120_000 }, async () => {
    const context = await browser.newContext(NATIVE_WEBVIEW);
    try {
      await withoutStartAds(context);
      await asNativeWebview(context);
      // The host's developer wires a ping to see the bridge work: recorded beside the wrapper's other calls.
      await context.addInitScript(() => {
        const win = window as unknown as { android?: Record<string, unknown>; nativeCalls?: unknown[][] };
        if (win.android) win.android['ping'] = (...args: unknown[]) => void win.nativeCalls?.push(['ping', ...args]);
      });
      const webview = await context.newPage();
      await webview.goto(`${app.url}/test`);
      await poll(() => row(webview, 'native').textContent()).toBe('Android（已检测到）');
      expect(await row(webview, 'webview').textContent()).toBe('是');
      expect(await row(webview, 'platform').textContent()).toBe('Android');
      await poll(() => row(webview, 'api').textContent()).toMatch(/^\d+ ms$/);
      await webview.getByTestId('diag-ping').click();
      await poll(() => webview.getByTestId('diag-ping-result').textContent()).toBe('已送达原生端');
      const calls = await webview.evaluate(() => (window as unknown as { nativeCalls: unknown[][] }).nativeCalls);
      expect(calls.some((call) => call[0] === 'ping' && /^\d+$/.test(String(call[1])))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
