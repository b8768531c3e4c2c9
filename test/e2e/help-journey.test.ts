import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { withoutStartAds } from './support/no-start-ads.ts';
import { useJourney } from './support/journey.ts';

/** What the seeded copied article's payload would set if it ever ran (server/help/seed.ts UNSAFE_PAYLOAD_FLAG). */
const FLAG = '__helpPayloadRan';
const TV = { viewport: { width: 1280, height: 720 }, locale: 'zh-CN' };

const { page, app, browser, poll } = useJourney();
let tv: BrowserContext | undefined;
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await tv?.close();
});

const payloadFlag = (on: Page) => on.evaluate((name) => (window as unknown as Record<string, unknown>)[name] ?? null, FLAG);

describe('help centre', () => {
  it('lists the categories with their questions; back from a question scrolls to its category', async () => {
    await page.goto(`${app.url}/help`);
    await poll(() => page.locator('.nav-bar__title').textContent()).toBe('帮助中心');
    await poll(() => page.locator('.help-category__title').allTextContents()).toEqual(['账号问题', '会员与支付', '播放问题', '其他']);
    expect(await page.locator('.help-category').nth(3).locator('.help-question').count()).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('helpCategoryList'))).toContain('播放问题');

    await page.getByRole('button', { name: '如何清除浏览器缓存？' }).click();
    await page.waitForURL(/\/helpDetail\?id=33&index=2$/);
    await poll(() => page.getByTestId('help-detail-title').textContent()).toBe('如何清除浏览器缓存？');

    await page.goBack();
    await page.waitForURL(/\/help$/);
    await poll(() => page.locator('.help-category').count()).toBe(4);
    const position = async () =>
      page.evaluate(() => {
        const top = document.querySelector('[data-category-index="2"]')!.getBoundingClientRect().top;
        const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
        return { scrollY: window.scrollY, top, atEnd: Math.abs(window.scrollY - maxScroll) <= 1 };
      });
    await poll(async () => (await position()).scrollY).toBeGreaterThan(0);
    const { top, atEnd } = await position();
    // The category sits just under the sticky nav bar, or the page is scrolled as far as it goes with it in view.
    expect(atEnd || Math.abs(top - 46) <= 2).toBe(true);
    expect(top).toBeGreaterThanOrEqual(45);
    expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight) - 40);
  });

  it('在线反馈 opens /feedback; hideNavBar hides it and the nav bar', async () => {
    await page.goto(`${app.url}/help`);
    await page.getByRole('button', { name: '在线反馈' }).click();
    await page.waitForURL(/\/feedback$/);
    await page.goto(`${app.url}/help?hideNavBar=1`);
    await poll(() => page.locator('.help-category').count()).toBe(4);
    expect(await page.locator('.nav-bar').count()).toBe(0);
    expect(await page.getByRole('button', { name: '在线反馈' }).count()).toBe(0);
    await page.getByRole('button', { name: '会员服务协议' }).click();
    await page.waitForURL(/\/helpDetail\?id=63&index=1&hideNavBar=1$/);
    await poll(() => page.getByTestId('help-detail-title').textContent()).toBe('会员服务协议');
    expect(await page.locator('.nav-bar').count()).toBe(0);
  });

  it('shows the copied article with a script tag, onerror and a javascript: link as text, and runs nothing', async () => {
    dialogs.length = 0;
    pageErrors.length = 0;
    await page.goto(`${app.url}/helpDetail?id=33`);
    await poll(() => page.getByTestId('help-detail-title').textContent()).toBe('如何清除浏览器缓存？');
    const article = page.getByTestId('help-article');
    await poll(() => article.textContent()).toContain('点击这里一键清除缓存');
    expect(await article.textContent()).toContain('缓存的图片和文件');
    expect(await article.locator('h3').allTextContents()).toEqual(['Chrome 浏览器', 'Safari 浏览器']);
    // The broken screenshot has had its chance to fail and fire onerror.
    await poll(() => article.locator('img').evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await article.locator('script').count()).toBe(0);
    expect(await article.locator('[onerror], [style]').count()).toBe(0);
    expect(await article.locator('a[href^="javascript" i]').count()).toBe(0);
    await article.getByText('点击这里一键清除缓存').click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/helpDetail\?id=33$/);
    expect(await payloadFlag(page)).toBeNull();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await page.title()).toBe('如何清除浏览器缓存？ - 奇遇视频');
  });

  it('neutralises other ways in (iframe, svg script, data: and mixed-case javascript: links, forms, handlers)', async () => {
    dialogs.length = 0;
    const payload = [
      `<p id="kept">正文</p>`,
      `<iframe src="javascript:window.${FLAG}='iframe'"></iframe>`,
      `<svg><script>window.${FLAG}='svg'</script><a href="javascript:window.${FLAG}='svg-link'"><text>svg</text></a></svg>`,
      `<a id="data" href="data:text/html,<script>alert(1)</script>">数据链接</a>`,
      `<a id="mixed" href=" JaVaScRiPt:window.${FLAG}='mixed'">混合大小写</a>`,
      `<form action="javascript:window.${FLAG}='form'"><button>提交</button></form>`,
      `<p onmouseover="window.${FLAG}='hover'" onclick="window.${FLAG}='click'">悬停</p>`,
      `<img src="x" onload="window.${FLAG}='load'" onerror="window.${FLAG}='error'">`,
      `<details open ontoggle="window.${FLAG}='toggle'"><summary>s</summary></details>`,
    ].join('');
    await page.route('**/api/home/gethelpcontentbyid**', (route) =>
      route.fulfill({ json: { ret: 200, msg: '成功', data: { info: [{ id: 9999, title: '测试文章', contxt: payload }] } } }),
    );
    try {
      await page.goto(`${app.url}/helpDetail?id=9999`);
      await poll(() => page.getByTestId('help-detail-title').textContent()).toBe('测试文章');
      const article = page.getByTestId('help-article');
      await poll(() => article.locator('#kept').count()).toBe(1);
      await article.getByText('悬停').hover();
      await article.getByText('悬停').click();
      await article.getByText('混合大小写').click();
      await page.waitForTimeout(500);
      const html = await article.innerHTML();
      expect(html).not.toMatch(/<script|<iframe|<form|javascript:|data:text|\son[a-z]+=/i);
      expect(await payloadFlag(page)).toBeNull();
      expect(dialogs).toEqual([]);
    } finally {
      await page.unroute('**/api/home/gethelpcontentbyid**');
    }
  });

  it('titles article 70 用户协议和隐私政策, in the page and the page title', async () => {
    await page.goto(`${app.url}/helpDetail?id=70`);
    await poll(() => page.getByTestId('help-detail-title').textContent()).toBe('用户协议和隐私政策');
    expect(await page.title()).toBe('用户协议和隐私政策 - 奇遇视频');
    expect(await page.getByTestId('help-article').locator('table').count()).toBe(1);
    await page.goto(`${app.url}/help`);
    await poll(() => page.locator('.help-question').filter({ hasText: '用户协议和隐私政策' }).count()).toBe(1);
  });
});

describe('TV help at 1280x720, remote keys only', () => {
  let screen: Page;
  const focused = () => screen.evaluate(() => document.activeElement?.textContent ?? '');
  const zone = () => screen.getByTestId('tv-help').getAttribute('data-zone');
  const paneScroll = () => screen.getByTestId('tv-help-pane').evaluate((pane) => pane.scrollTop);
  const press = async (key: string, times = 1) => {
    for (let i = 0; i < times; i += 1) await screen.keyboard.press(key);
  };
  const focusedInView = () =>
    screen.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    });

  beforeAll(async () => {
    tv = await browser.newContext(TV);
    await withoutStartAds(tv);
    screen = await tv.newPage();
    screen.on('pageerror', (error) => pageErrors.push(error.message));
  });

  it('moves focus with the arrows, opens with Enter, scrolls the pane 300 per press, keeps focus on screen, goes back', async () => {
    pageErrors.length = 0;
    await screen.goto(`${app.url}/tvhelpCenter`);
    await poll(focused).toBe('账号问题');
    expect(await screen.evaluate(() => getComputedStyle(document.activeElement!).backgroundColor)).toBe('rgb(255, 138, 0)');
    expect(await screen.getByTestId('tv-help').boundingBox()).toMatchObject({ x: 0, y: 0, width: 1280, height: 720 });

    await press('ArrowDown');
    await poll(focused).toBe('如何注册奇遇视频账号？');
    await press('ArrowDown', 4);
    await poll(focused).toBe('用户协议和隐私政策');
    await press('Enter');
    await poll(() => screen.getByTestId('tv-help-title').textContent()).toBe('用户协议和隐私政策');
    expect(await zone()).toBe('content');
    await press('ArrowDown');
    await poll(paneScroll).toBe(300);
    await press('ArrowDown');
    await poll(paneScroll).toBe(600);
    await press('ArrowUp');
    await poll(paneScroll).toBe(300);
    await press('ArrowUp', 3);
    await poll(paneScroll).toBe(0);

    await press('ArrowLeft');
    await poll(zone).toBe('list');
    expect(await focused()).toBe('用户协议和隐私政策');
    await press('ArrowDown');
    await poll(focused).toBe('会员与支付');
    await press('Enter');
    await poll(focused).toBe('如何开通VIP会员？');

    await press('ArrowDown', 40);
    await poll(focused).toBe('如何举报违规内容？');
    expect(await focusedInView()).toBe(true);
    await press('ArrowUp', 40);
    await poll(focused).toBe('账号问题');
    expect(await focusedInView()).toBe(true);
    await press('ArrowLeft');
    expect(await focused()).toBe('账号问题');

    await press('Backspace');
    await screen.waitForURL(`${app.url}/`);
    expect(pageErrors).toEqual([]);
  });

  it('/tvdeal?id shows one article, scrolls with the arrows and Backspace goes back', async () => {
    await screen.goto(`${app.url}/tvhelpCenter`);
    await poll(focused).toBe('账号问题');
    await screen.evaluate(() => {
      window.history.pushState({ idx: 1 }, '', '/tvdeal?id=63');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    });
    await poll(() => screen.getByTestId('tv-help-title').textContent()).toBe('会员服务协议');
    expect(await screen.title()).toBe('会员服务协议 - 奇遇视频');
    await press('ArrowDown');
    await poll(paneScroll).toBeGreaterThan(0);
    await press('ArrowUp');
    await poll(paneScroll).toBe(0);
    await press('Backspace');
    await screen.waitForURL(/\/tvhelpCenter$/);
    await poll(focused).toBe('账号问题');
  });
});
