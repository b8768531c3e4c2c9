import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ANDROID_CHROME, IPHONE_SAFARI, NATIVE_WEBVIEW, WECHAT_ANDROID, asNativeWebview } from './support/phone.ts';
import { BETWEEN_TAPS_MS, MEDIA_KEY, TAB_PAGES, STOPS, expectNothingCovered, findCoveredTapTargets, findUnderOpenAppOffer, scrollPageTo, settle } from './support/tap-targets.ts';
import { useJourney } from './support/journey.ts';

/**
 * Issue 18: nothing a person taps may lie under something else. Every screen of the list is looked at on an iPhone
 * in Safari, at the top, in the middle and at the end of its scroll, and every tappable element in view must be
 * the element a tap at its centre reaches (test/e2e/support/tap-targets.ts says what counts). Signed in:
 * tap-targets-signed-in-journey.test.ts (a journey of its own, so the two run side by side).
 */

const { page, app, otherPhone } = useJourney({ device: IPHONE_SAFARI });

const offer = (on: Page) => on.locator('.open-app-strip').getByRole('button', { name: 'APP内打开' });
const popup = (on: Page) => on.getByRole('dialog', { name: '打开APP' });

const agentPage = (options: BrowserContextOptions, nativeApp = false): Promise<Page> => otherPhone(options, nativeApp ? asNativeWebview : undefined);

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
      await expectNothingCovered(page, `${app.url}${path}`, 'visitor', () => page.locator('nav.tab-bar').waitFor());
    });
  }

  it('/play as a visitor', async () => {
    await expectNothingCovered(page, `${app.url}/play/${MEDIA_KEY}`, 'visitor', () => page.getByTestId('play-video').waitFor());
  });
});
