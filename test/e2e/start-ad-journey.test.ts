import { beforeAll, describe, expect, it } from 'vitest';
import { ANDROID_CHROME } from './support/phone.ts';
import { useJourney } from './support/journey.ts';

const MINUTE = 60_000;

const { page, app, shot } = useJourney({ device: ANDROID_CHROME, startAds: true });

beforeAll(async () => {
  // Android Chrome: a plain phone browser, not the app (the open-app strip shows there).
  await page.clock.install({ time: new Date('2026-11-22T10:00:00+08:00') });
});

const ad = () => page.getByRole('dialog', { name: '开屏广告' });
const skipButton = () => ad().getByRole('button');
const popup = () => page.getByRole('dialog', { name: '打开APP' });

/** Pretends the page went to the background (another app, a locked phone) or came back. */
async function setVisibility(state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function hideFor(ms: number): Promise<void> {
  await setVisibility('hidden');
  await page.clock.fastForward(ms);
  await setVisibility('visible');
}

describe('the start advertisement', () => {
  it('opening / shows an ad with its skip countdown, and skip closes it', async () => {
    await page.goto(`${app.url}/`);
    await expect.poll(() => ad().count()).toBe(1);
    await expect.poll(() => skipButton().textContent()).toBe('跳过 4');
    await shot('start-ad');
    await expect.poll(() => skipButton().textContent(), { timeout: 3_000 }).toBe('跳过 3');
    await skipButton().click();
    await expect.poll(() => ad().count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('startAdList') ?? '[]').length as number)).toBe(3);
  });

  it('the next start shows an ad again, from the stored list', async () => {
    await page.reload();
    await expect.poll(() => ad().count()).toBe(1);
    // Its countdown runs meanwhile: on a loaded machine 4 may be gone by the first look (the countdown's own step
    // below reads 4), and the ad may even close itself before the tap, which is as good an end here.
    await expect.poll(() => skipButton().textContent()).toMatch(/^跳过 [1-4]$/);
    await skipButton().click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => ad().count()).toBe(0);
  });

  it('the countdown closes the ad by itself', async () => {
    await page.reload();
    await expect.poll(() => skipButton().textContent()).toBe('跳过 4');
    await expect.poll(() => ad().count(), { timeout: 8_000 }).toBe(0);
  });

  it('shows again after the page was hidden for more than 10 minutes', async () => {
    await hideFor(10 * MINUTE + 1_000);
    await expect.poll(() => ad().count()).toBe(1);
    await expect.poll(() => skipButton().textContent()).toMatch(/^跳过 [1-4]$/);
    await skipButton().click();
    await expect.poll(() => ad().count()).toBe(0);
  });

  it('does not show after the page was hidden for 5 minutes', async () => {
    await hideFor(5 * MINUTE);
    await page.waitForTimeout(300);
    expect(await ad().count()).toBe(0);
  });

  it('never shows on /app-download', async () => {
    await page.goto(`${app.url}/app-download`);
    await expect.poll(() => page.title()).toContain('奇遇视频');
    await page.waitForTimeout(500);
    expect(await ad().count()).toBe(0);
    await hideFor(11 * MINUTE);
    await page.waitForTimeout(300);
    expect(await ad().count()).toBe(0);
  });
});

describe('the open-app popup', () => {
  it('opened by ?openApp=1, blocks a navigation and closes on that tap', async () => {
    await page.goto(`${app.url}/?openApp=1`);
    if ((await ad().count()) > 0) await skipButton().click();
    await expect.poll(() => popup().count()).toBe(1);
    await shot('open-app-popup');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '我的' }).click();
    await expect.poll(() => popup().count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '我的' }).click();
    await page.waitForURL(/\/user$/);
  });

  it('the APP内打开 strip on a tab page opens it; its close button closes it', async () => {
    await page.getByRole('button', { name: 'APP内打开' }).click();
    await expect.poll(() => popup().count()).toBe(1);
    await popup().getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => popup().count()).toBe(0);
  });
});
