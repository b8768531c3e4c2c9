import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { withoutStartAds } from './support/no-start-ads.ts';
import { PHONE } from './support/phone.ts';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

const { page, app, browser } = useJourney();
const sent: Request[] = [];

beforeAll(async () => {
  page.on('request', (request) => sent.push(request));
});

const STATISTICS = '/api/home/AccessStatistics';
const since = (from: number, part: string) => sent.slice(from).filter((r) => new URL(r.url()).pathname === part);
const errTime = (on: Page) => on.evaluate(() => sessionStorage.getItem('accessStatisticsErrTime'));
/** Waits until this app start has fetched the global configuration (the statistics call starts beside it). */
const started = (from: number) => expect.poll(() => since(from, '/api/home/GetConfig').length).toBeGreaterThan(0);

describe('the visit statistics call', () => {
  it('is made at app start as a GET with cineam=1', async () => {
    const from = sent.length;
    await page.goto(`${app.url}/`);
    await expect.poll(() => since(from, STATISTICS).length).toBe(1);
    const call = since(from, STATISTICS)[0]!;
    expect(call.method()).toBe('GET');
    expect(new URL(call.url()).searchParams.get('cineam')).toBe('1');
    const response = await call.response();
    expect(await response?.json()).toMatchObject({ ret: 200, data: { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(await errTime(page)).toBeNull();
  });

  it('a failed call stores accessStatisticsErrTime, and the next start within 10 minutes makes no call', async () => {
    await page.route(`**${STATISTICS}**`, (route) => route.abort());
    let from = sent.length;
    const before = Date.now();
    await page.reload();
    await expect.poll(() => errTime(page)).not.toBeNull();
    const stored = Number(await errTime(page));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
    expect(since(from, STATISTICS)).toHaveLength(1);
    await page.unroute(`**${STATISTICS}**`);
    // No error toast for the statistics failure.
    expect(await page.locator('.adm-toast-main').count()).toBe(0);

    from = sent.length;
    await page.reload();
    await started(from);
    await page.waitForTimeout(500);
    expect(since(from, STATISTICS)).toHaveLength(0);
    expect(Number(await errTime(page))).toBe(stored);
  });
});

describe('the catalogue filter (/typePage)', () => {
  it('fetches GET /api/home/filter and narrows by a tapped chip', async () => {
    let from = sent.length;
    await page.goto(`${app.url}/typePage`);
    await page.getByTestId('video-card').first().waitFor();
    const first = since(from, '/api/home/filter')[0]!;
    expect(first.method()).toBe('GET');
    expect(Object.fromEntries(new URL(first.url()).searchParams)).toMatchObject({ sort: 'hot', page: '1', pageSize: '10' });
    const areas = page.getByRole('radiogroup', { name: '地区' });
    const area = (await areas.getByRole('radio').nth(1).textContent()) ?? '';
    from = sent.length;
    await areas.getByRole('radio').nth(1).click();
    const withArea = () => since(from, '/api/home/filter').filter((r) => new URL(r.url()).searchParams.get('area') === area);
    await expect.poll(() => withArea().length).toBeGreaterThan(0);
    expect(Object.fromEntries(new URL(withArea()[0]!.url()).searchParams)).toMatchObject({ area, sort: 'hot', page: '1' });
    await expect.poll(() => areas.getByRole('radio', { checked: true }).textContent()).toBe(area);
    await page.getByTestId('video-card').first().waitFor();
  });
});

describe('customer service and the sign-in tip', () => {
  it('help shows the service hours and the fallback contact from GetCusServiceConfig', async () => {
    await page.goto(`${app.url}/help`);
    await expect.poll(() => page.getByTestId('cus-service-contact').textContent()).toBe('服务时间：每天 09:00-24:00其他联系方式：service@qiyu.example');
  });

  it('logged in, home shows the sign-in tip; × closes it and a reload keeps it hidden', async () => {
    await page.goto(`${app.url}/login`);
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user') !== null)).toBe(true);
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.getByTestId('sign-in-tip').textContent()).toBe('今日还未签到，签到领金币去签到 ›×');
    await page.getByRole('button', { name: '关闭签到提示' }).click();
    await expect.poll(() => page.getByTestId('sign-in-tip').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('signInTipHidden'))).toBe('1');
    const from = sent.length;
    await page.reload();
    await expect.poll(() => since(from, '/api/home/GetHomeData').length).toBeGreaterThan(0);
    await page.getByTestId('home-block').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('sign-in-tip').count()).toBe(0);
  });

  it('the customer-service chat shows the welcome text and hours', async () => {
    const config = (await (await page.request.get(`${app.url}/api/home/GetCusServiceConfig`)).json()) as { data: { uid: number; welcome: string } };
    expect(config.data.uid).toBeGreaterThan(0);
    await page.goto(`${app.url}/chat?toUid=${config.data.uid}`);
    await expect.poll(() => page.getByTestId('cus-service-notice').textContent()).toBe(`${config.data.welcome}服务时间：每天 09:00-24:00`);
  });

  it('a new session shows the tip again, and tapping it opens /signIn', async () => {
    const context = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
    await withoutStartAds(context);
    const fresh = await context.newPage();
    try {
      await fresh.goto(`${app.url}/`);
      await expect.poll(() => fresh.evaluate(() => localStorage.getItem('user') !== null)).toBe(true);
      await fresh.getByTestId('sign-in-tip').waitFor();
      await fresh.getByRole('button', { name: /今日还未签到/ }).click();
      await fresh.waitForURL(/\/signIn$/);
    } finally {
      await context.close();
    }
  });
});
