import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { RunningApp } from './support/app-server.ts';
import { withoutStartAds } from './support/no-start-ads.ts';
import { ANDROID_CHROME, IPHONE_SAFARI, NATIVE_WEBVIEW, WECHAT_ANDROID, asNativeWebview, openPhone, type Phone } from './support/phone.ts';
import { describeCovered, findCoveredTapTargets, findUnderOpenAppOffer, scrollPageTo, type ScrollStop, type TapTargetReport } from './support/tap-targets.ts';

/**
 * Issue 18: nothing a person taps may lie under something else. Every screen of the list is looked at on an iPhone
 * in Safari, at the top, in the middle and at the end of its scroll, and every tappable element in view must be
 * the element a tap at its centre reaches (test/e2e/support/tap-targets.ts says what counts).
 */

let phone: Phone | undefined;
let app: RunningApp;
let page: Page;
const contexts: BrowserContext[] = [];

const TAB_PAGES = ['/', '/discovery', '/vip', '/rank', '/user'] as const;
const STOPS: readonly ScrollStop[] = ['top', 'middle', 'bottom'];
/** A seeded video (server/catalogue/seed.ts). */
const MEDIA_KEY = 'movie-01';
/** How long a look is repeated while something is still covered (a toast fading, images still loading). */
const SETTLE_MS = 6_000;
/**
 * Between two taps at one place (发送 again): the shell's double-tap guard (touch-guard.ts) swallows a second touch
 * end within 300 ms and 30 px of the first, as it would a person's double tap.
 */
const BETWEEN_TAPS_MS = 350;

beforeAll(async () => {
  phone = await openPhone({ contextOptions: IPHONE_SAFARI });
  ({ app, page } = phone);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await phone?.close();
});

/** Waits until the screen has loaded what it asks for and its entry transition has ended. */
async function settle(on: Page): Promise<void> {
  await on.waitForLoadState('networkidle').catch(() => undefined);
  await on.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}

/** Looks at the page until nothing is covered or SETTLE_MS have passed; answers the last look. */
async function lookAt(on: Page): Promise<TapTargetReport> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const report = await findCoveredTapTargets(on);
    if (report.covered.length === 0 || Date.now() > deadline) return report;
    await on.waitForTimeout(300);
  }
}

/** Opens `path` and checks its tap targets at the top, in the middle and at the end of its scroll. */
async function expectNothingCovered(path: string, who: string, ready?: () => Promise<unknown>): Promise<void> {
  await page.goto(`${app.url}${path}`);
  await settle(page);
  if (ready) await ready();
  for (const stop of STOPS) {
    await scrollPageTo(page, stop);
    await settle(page);
    // A list that loads more at its end has grown meanwhile: put the scroll where it was meant to be again.
    await scrollPageTo(page, stop);
    const report = await lookAt(page);
    const where = `${path} (${who}), scrolled to the ${stop}`;
    expect(report.checked, `${where}: no tappable element in view`).toBeGreaterThan(0);
    expect(report.covered, describeCovered(where, report)).toEqual([]);
    const under = await findUnderOpenAppOffer(page);
    expect(under, `${where}: the open-app offer lies over ${under.join(', ')}`).toEqual([]);
  }
}

const offer = (on: Page) => on.locator('.open-app-strip').getByRole('button', { name: 'APP内打开' });
const popup = (on: Page) => on.getByRole('dialog', { name: '打开APP' });

async function agentPage(options: BrowserContextOptions, nativeApp = false): Promise<Page> {
  if (!phone) throw new Error('no phone');
  const context = await phone.browser.newContext(options);
  contexts.push(context);
  await withoutStartAds(context);
  if (nativeApp) await asNativeWebview(context);
  return context.newPage();
}

/** Whether the open-app offer shows on each tab page, once the page (its tab bar and content) is there. */
async function offerOnTabPages(on: Page): Promise<Record<string, boolean>> {
  const seen: Record<string, boolean> = {};
  for (const path of TAB_PAGES) {
    await on.goto(`${app.url}${path}`);
    await on.locator('nav.tab-bar').waitFor();
    await settle(on);
    seen[path] = (await offer(on).count()) === 1;
    for (const stop of STOPS) {
      await scrollPageTo(on, stop);
      const under = await findUnderOpenAppOffer(on);
      expect(under, `${path} scrolled to the ${stop}: the open-app offer lies over ${under.join(', ')}`).toEqual([]);
    }
  }
  return seen;
}

const everywhere = (shown: boolean) => Object.fromEntries(TAB_PAGES.map((path) => [path, shown]));

describe('the open-app offer shows in a plain phone browser only', () => {
  it('shows on every tab page in iPhone Safari, and a tap on it opens the popup', async () => {
    expect(await offerOnTabPages(page)).toEqual(everywhere(true));
    await offer(page).tap();
    await expect.poll(() => popup(page).count()).toBe(1);
    // 关闭 lies within 30 px of where APP内打开 was tapped: a person's pace, not a double tap.
    await page.waitForTimeout(BETWEEN_TAPS_MS);
    await popup(page).getByRole('button', { name: '关闭' }).tap();
    await expect.poll(() => popup(page).count()).toBe(0);
  });

  it('shows on every tab page in Android Chrome', async () => {
    expect(await offerOnTabPages(await agentPage(ANDROID_CHROME))).toEqual(everywhere(true));
  });

  it('does not show in the WeChat in-app browser, where the deep link is blocked', async () => {
    expect(await offerOnTabPages(await agentPage(WECHAT_ANDROID))).toEqual(everywhere(false));
  });

  it("does not show inside the native app's web view", async () => {
    const inApp = await agentPage(NATIVE_WEBVIEW, true);
    expect(await offerOnTabPages(inApp)).toEqual(everywhere(false));
    expect(await inApp.evaluate(() => window.sessionStorage.getItem('isWebview'))).toBe('1');
  });

  it('is not offered on a page without the tab bar', async () => {
    await page.goto(`${app.url}/play/${MEDIA_KEY}`);
    await settle(page);
    expect(await offer(page).count()).toBe(0);
  });
});

describe('nothing a person taps lies under something else (iPhone Safari)', () => {
  it('the look finds a floating button over the content (as the old APP内打开 bubble lay over 立即支付), and a real tap fails there', async () => {
    await page.goto(`${app.url}/vip`);
    await settle(page);
    const pay = page.getByRole('button', { name: '立即支付' });
    await pay.waitFor();
    await page.evaluate(() => {
      const bubble = document.createElement('div');
      bubble.id = 'e2e-bubble';
      bubble.textContent = 'APP内打开';
      const pay = [...document.querySelectorAll('button')].find((button) => button.textContent === '立即支付');
      const rect = pay?.getBoundingClientRect();
      if (!rect) throw new Error('no 立即支付');
      Object.assign(bubble.style, { position: 'fixed', zIndex: '900', left: `${rect.left - 10}px`, top: `${rect.top - 10}px`, width: `${rect.width + 20}px`, height: `${rect.height + 20}px`, background: '#ff4a5a' });
      document.body.append(bubble);
    });
    const report = await findCoveredTapTargets(page);
    expect(report.covered.map((c) => `${c.target} under ${c.coveredBy}`)).toContainEqual(expect.stringMatching(/^<button.*"立即支付" under <div> "APP内打开"$/));
    await expect(pay.tap({ timeout: 1_500 })).rejects.toThrow();
    expect(new URL(page.url()).pathname).toBe('/vip');
    await page.evaluate(() => document.getElementById('e2e-bubble')?.remove());
  });

  for (const path of TAB_PAGES) {
    it(`${path} as a visitor`, async () => {
      await expectNothingCovered(path, 'visitor', () => page.locator('nav.tab-bar').waitFor());
    });
  }

  it('/play as a visitor', async () => {
    await expectNothingCovered(`/play/${MEDIA_KEY}`, 'visitor', () => page.getByTestId('play-video').waitFor());
  });

  it('logs in as demo (real taps)', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByRole('button', { name: '登录', exact: true }).tap();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user') !== null)).toBe(true);
  });

  for (const path of TAB_PAGES) {
    it(`${path} logged in`, async () => {
      await expectNothingCovered(path, 'demo', () => page.locator('nav.tab-bar').waitFor());
    });
  }

  it('/play logged in', async () => {
    await expectNothingCovered(`/play/${MEDIA_KEY}`, 'demo', () => page.getByTestId('play-video').waitFor());
  });

  it('/chat with a partner, with messages to scroll', async () => {
    const partner = await page.evaluate(async () => {
      const response = await fetch('/api/Login/Register', { method: 'POST', body: new URLSearchParams({ userName: `tap${Date.now() % 1_000_000}`, password: 'secret123' }) });
      return ((await response.json()) as { data: { id: number } }).data.id;
    });
    await page.goto(`${app.url}/chat?toUid=${partner}`);
    const input = page.getByPlaceholder('发个消息吧~');
    // Ten messages, the most the per-user send limit takes in 10 s (SEND_LIMITS), each long enough to wrap so they scroll.
    for (let i = 1; i <= 10; i++) {
      await input.fill(`第${i}条消息：周末一起去看那部新上映的电影吧，听说评分很高，记得提前订票哦`);
      await page.waitForTimeout(BETWEEN_TAPS_MS);
      await page.getByRole('button', { name: '发送', exact: true }).tap();
      await expect.poll(() => page.locator('[data-testid="chat-message"].chat-message--mine').count()).toBe(i);
    }
    await expectNothingCovered(`/chat?toUid=${partner}`, 'demo', () => page.getByPlaceholder('发个消息吧~').waitFor());
  });
});
