import { describe, expect, it } from 'vitest';
import { E2E_OLDER_SITE_URL } from './support/build-once.ts';
import { withoutStartAds } from './support/no-start-ads.ts';
import { IPHONE_SAFARI } from './support/phone.ts';
import { FIRST_SCREEN_MARKUP_ID } from '../../src/core/catalogue/first-screen.ts';
import { useJourney } from './support/journey.ts';

/** Safari on an iPhone with iOS 14.4: no flex gap, no aspect-ratio, no inset, no :focus-visible. */
const IPHONE_IOS14_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 14_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Mobile/15E148 Safari/604.1';
/** The rank screen's own chunk (esbuild names a lazily imported module's chunk after its file). */
const RANK_CHUNK = '**/assets/chunks/rank-screen-*.js';
const OLDER_SITE = E2E_OLDER_SITE_URL;

const { page, app, context, browser, poll } = useJourney();

describe('a screen whose code cannot be loaded (vip-payments-activities §8)', () => {
  it('shows our Chinese error screen; 重试 once the network is back shows the screen', async () => {
    await page.route(RANK_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/rank`);
    const error = page.getByRole('alert');
    await poll(() => error.textContent()).toContain('页面加载失败，请检查网络后重试');
    expect(await error.getAttribute('data-error')).toBe('ChunkLoadError');
    const body = await page.locator('body').textContent();
    expect(body).not.toContain('Unexpected Application Error');
    expect(body).not.toContain('Hey developer');
    // The shell stays around the error: the tab bar is there.
    expect(await page.locator('.tab-bar').count()).toBe(1);

    await page.unroute(RANK_CHUNK);
    await page.getByRole('button', { name: '重试' }).click();
    await poll(() => page.getByTestId('video-card').count()).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/rank');
  });

  it('返回首页 goes home', async () => {
    await page.route(RANK_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/rank`);
    await poll(() => page.getByRole('alert').textContent()).toContain('页面加载失败');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${app.url}/`);
    await poll(() => page.locator('.home-header__brand').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.unroute(RANK_CHUNK);
  });
});

describe('iOS below 15 gets the low-version style (shell §9)', () => {
  /** The layout facts the fallbacks change, read in a fresh context with the given user agent. */
  async function layoutOn(userAgent: string) {
    const other = await browser.newContext({ ...IPHONE_SAFARI, userAgent });
    try {
      await withoutStartAds(other);
      const tab = await other.newPage();
      await tab.goto(`${app.url}/`);
      // The app's own home, not the page's static copy of the first screen (gone once the app drew).
      await tab.locator('.tab-bar__item').first().waitFor();
      await tab.locator(`#${FIRST_SCREEN_MARKUP_ID}`).waitFor({ state: 'detached' });
      await tab.locator('.video-grid .video-card').first().waitFor();
      return await tab.evaluate(() => {
        const card = document.querySelector('.video-grid .video-card')!;
        const cover = card.querySelector('.video-card__cover')!.getBoundingClientRect();
        const body = card.querySelector('.video-card__body') ?? card.children[1]!;
        const item = document.querySelector('.tab-bar__item')!;
        return {
          lowClass: document.documentElement.classList.contains('ios-low'),
          cardGap: getComputedStyle(card).rowGap,
          secondChildMarginTop: getComputedStyle(body).marginTop,
          coverGapToNext: Math.round(body.getBoundingClientRect().top - cover.bottom),
          coverRatio: cover.width / cover.height,
          coverAspect: getComputedStyle(card.querySelector('.video-card__cover')!).aspectRatio,
          tabItemGap: getComputedStyle(item).rowGap,
          tabLabelMarginTop: getComputedStyle(item.children[1]!).marginTop,
        };
      });
    } finally {
      await other.close();
    }
  }

  it('sets ios-low on iOS 14, and the cards keep their spacing and their 16:9 covers through margins and padding', async () => {
    const low = await layoutOn(IPHONE_IOS14_UA);
    expect(low.lowClass).toBe(true);
    // The override applies: no gap (what that WebKit lacks), a margin instead, the same 6 px between cover and text.
    expect(low.cardGap).toBe('0px');
    expect(low.secondChildMarginTop).toBe('6px');
    expect(low.coverGapToNext).toBe(6);
    expect(low.coverAspect).toBe('auto');
    expect(low.coverRatio).toBeCloseTo(16 / 9, 1);
    expect(low.tabItemGap).toBe('0px');
    expect(low.tabLabelMarginTop).toBe('2px');

    const modern = await layoutOn(IPHONE_SAFARI.userAgent!);
    expect(modern.lowClass).toBe(false);
    expect(modern.cardGap).toBe('6px');
    expect(modern.secondChildMarginTop).toBe('0px');
    expect(modern.coverGapToNext).toBe(6);
    expect(modern.coverRatio).toBeCloseTo(16 / 9, 1);
    expect(low.coverRatio).toBeCloseTo(modern.coverRatio, 2);
  });
});

describe('older-site links (shell §9)', () => {
  it('opens the older site in a new window, and the helper closes that window', async () => {
    await context.route(`${OLDER_SITE}**`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>旧版</title><p>旧版网站</p>' }));
    await page.goto(`${app.url}/settings`);
    const row = page.getByTestId('older-site');
    await poll(() => row.textContent()).toContain('访问旧版网站');

    const opened = context.waitForEvent('page');
    await row.click();
    const popup = await opened;
    await popup.waitForURL(OLDER_SITE);
    expect(await popup.title()).toBe('旧版');
    await poll(() => row.textContent()).toContain('关闭旧版网站窗口');

    const closed = popup.waitForEvent('close');
    await row.click();
    await closed;
    expect(popup.isClosed()).toBe(true);
    await poll(() => row.textContent()).toContain('访问旧版网站');
  });
});
