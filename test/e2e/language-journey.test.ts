import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { useJourney } from './support/journey.ts';

const { page, app, context } = useJourney();

const DAY_S = 24 * 60 * 60;
/** Kept-alive pages stay in the DOM hidden: the title is the visible page's. */
const title = () => page.locator('.nav-bar__title:visible').textContent();
const option = (language: 'zh-CN' | 'zh-TW') => page.getByTestId(`language-${language}`);

/** The Lang a request to the API carries (query for GET, form body for POST). */
function langOf(request: Request): string | null {
  const url = new URL(request.url());
  if (request.method() === 'GET') return url.searchParams.get('Lang');
  return new URLSearchParams(request.postData() ?? '').get('Lang');
}
const nextApiRequest = () => page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/'));

async function googtrans() {
  return (await context.cookies(app.url)).find((c) => c.name === 'googtrans');
}

/** Scripts the page fetched, to see when the converter's chunk is loaded. */
const scripts: string[] = [];
const converterLoaded = () => scripts.some((url) => /\/cn2t-|\/opencc-page-translator-/.test(url));

describe('the language switch', () => {
  it('/settings offers 简体中文 (chosen) and 繁體中文; the converter is not loaded in Simplified Chinese', async () => {
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${app.url}/settings`);
    await expect.poll(title).toBe('设置');
    expect(await option('zh-CN').getAttribute('aria-checked')).toBe('true');
    expect(await option('zh-TW').getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('radiogroup', { name: '语言' }).isVisible()).toBe(true);
    expect(converterLoaded()).toBe(false);
    expect(await googtrans()).toBeUndefined();
  });

  it('choosing 繁體中文 converts the page at once, and the next API request carries Lang=1', async () => {
    await option('zh-TW').click();
    await expect.poll(title).toBe('設置');
    expect(converterLoaded()).toBe(true);
    expect(await option('zh-TW').getAttribute('aria-checked')).toBe('true');
    // The language names are shown each in its own script.
    expect(await option('zh-CN').textContent()).toBe('简体中文');
    expect(await page.getByTestId('setting-danmuOpen').textContent()).toBe('彈幕');
    expect(await page.title()).toContain('設置');

    const request = nextApiRequest();
    await page.locator('.nav-bar__back:visible').click(); // home loads its lists
    expect(langOf(await request)).toBe('1');
  });

  it('stores googtrans=/zh-CN/zh-TW for about 365 days', async () => {
    const cookie = await googtrans();
    expect(cookie?.value).toBe('/zh-CN/zh-TW');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
  });

  it('/help shows 幫助中心, server content included, with Lang=1 (a fresh load keeps the language)', async () => {
    const request = nextApiRequest();
    await page.goto(`${app.url}/help`);
    expect(langOf(await request)).toBe('1');
    await expect.poll(title).toBe('幫助中心');
    await expect.poll(() => page.title()).toContain('幫助中心');
    // The categories come from the server; once shown, nothing on the page is left in Simplified Chinese where
    // Traditional differs (帮 → 幫, 账 → 帳, 会 → 會, ...).
    await expect.poll(() => page.getByTestId('help-categories').innerText()).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.locator('body').innerText()).not.toMatch(/[帮设语视频请选择备页账号会员与问题们这]/);
  });

  it('a reload of /settings keeps 繁體中文', async () => {
    await page.goto(`${app.url}/settings`);
    await expect.poll(title).toBe('設置');
    await page.reload();
    await expect.poll(title).toBe('設置');
    expect(await option('zh-TW').getAttribute('aria-checked')).toBe('true');
  });

  it('choosing 简体中文 puts the page back, /help shows 帮助中心 again and requests carry Lang=0', async () => {
    await option('zh-CN').click();
    await expect.poll(title).toBe('设置');
    expect(await page.getByTestId('setting-danmuOpen').textContent()).toBe('弹幕');
    expect(await page.title()).toContain('设置');
    expect((await googtrans())?.value).toBe('/zh-CN/zh-CN');

    const request = nextApiRequest();
    await page.locator('.nav-bar__back:visible').click(); // home loads its lists
    expect(langOf(await request)).toBe('0');
    await page.goto(`${app.url}/help`);
    await expect.poll(title).toBe('帮助中心');
    await expect.poll(() => page.getByTestId('help-categories').innerText()).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.locator('body').innerText()).not.toMatch(/[幫設語視頻請選擇備頁帳號會員與問題們這]/);
    await page.reload();
    await expect.poll(title).toBe('帮助中心');
  });
});
