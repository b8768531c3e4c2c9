import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { openVideo, startPlayback, videoTime } from './support/play.ts';
import { PHONE } from './support/phone.ts';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

/** The journey's page is demo's phone (VIP, no gold until the daily sign-in), with the play ads. */
const { page, app, poll, otherPhone } = useJourney({ startAds: true, prepare: withPlayAdsOnly, poll: { timeout: 15_000 } });
/** demo2's phone (100 gold, not VIP). */
let rich: Page;

const gate = (on: Page) => on.getByTestId('gold-gate');
const text = (on: Page, testId: string) => on.getByTestId(testId).textContent();
const visible = (on: Page, testId: string) => on.getByTestId(testId).isVisible();

/** The play ads are real, the start ad is not: GetAdsDataList answers as the server does, without its kaiping list. */
let pauseAdId = 0;
let insertedAdId = 0;
async function withPlayAdsOnly(context: BrowserContext): Promise<void> {
  await context.route('**/api/Video/GetAdsDataList**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { kaiping: unknown[]; zanting: { id: number }[]; chaBo: { id: number }[] } };
    body.data.kaiping = [];
    if (body.data.zanting[0]) pauseAdId = body.data.zanting[0].id;
    if (body.data.chaBo[0]) insertedAdId = body.data.chaBo[0].id;
    await route.fulfill({ response, json: body });
  });
}

/** The requests a page sent whose address contains `part`. */
function recorder(on: Page): (part: string, method?: string) => string[] {
  const sent: Request[] = [];
  on.on('request', (request) => sent.push(request));
  return (part, method) => sent.filter((r) => r.url().includes(part) && (!method || r.method() === method)).map((r) => r.url());
}
let demoRequests: ReturnType<typeof recorder>;
let richRequests: ReturnType<typeof recorder>;

async function goldPage(on: Page): Promise<{ balance: string | null; rows: string[] }> {
  await on.goto(`${app.url}/myGold`);
  await on.getByTestId('my-gold-balance').filter({ hasText: /^\d+$/ }).waitFor();
  await on.getByTestId('gold-record').first().or(on.getByText('还没有金币记录')).waitFor();
  return { balance: await text(on, 'my-gold-balance'), rows: await on.getByTestId('gold-record').allTextContents() };
}

beforeAll(async () => {
  demoRequests = recorder(page);
  rich = await otherPhone(PHONE, withPlayAdsOnly);
  richRequests = recorder(rich);
});

describe('unlocking videos with gold', () => {
  it('a visitor sees movie-02 locked at 30 gold, and the unlock button asks them to log in and come back', async () => {
    await page.goto(`${app.url}/play/movie-02`);
    await poll(() => visible(page, 'gold-gate')).toBe(true);
    expect(await gate(page).locator('.gold-gate__text').textContent()).toBe('该视频需要30金币解锁');
    expect(await text(page, 'gold-price')).toBe('30金币');
    expect(await text(page, 'gold-unlock')).toBe('登录后解锁');
    await page.getByTestId('gold-unlock').click();
    await page.waitForURL(new RegExp(`/login\\?redirect=${encodeURIComponent('/play/movie-02')}$`));
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await page.waitForURL(/\/play\/movie-02$/);
    await poll(() => text(page, 'gold-balance')).toBe('当前余额0金币');
  });

  it('demo, with only the 5 gold of the daily sign-in, is refused movie-05 with the balance in the message, and keeps the 5', async () => {
    await page.goto(`${app.url}/signIn`);
    await page.getByTestId('sign-in-button').click();
    await poll(() => text(page, 'gold')).toBe('我的金币：5');

    await page.goto(`${app.url}/play/movie-05`);
    await poll(() => text(page, 'gold-balance')).toBe('当前余额5金币');
    expect(await text(page, 'gold-price')).toBe('50金币');
    await page.getByTestId('gold-unlock').click();
    await poll(() => text(page, 'gold-refusal')).toBe('金币不足，当前余额5金币去赚金币');
    expect(await visible(page, 'gold-gate')).toBe(true);
    expect(await text(page, 'gold-balance')).toBe('当前余额5金币');
    expect(demoRequests('/api/video/PayVideoByGold')).toHaveLength(1);

    const gold = await goldPage(page);
    expect(gold.balance).toBe('5');
    expect(gold.rows).toHaveLength(1);
    expect(gold.rows[0]).toContain('每日签到');
    expect(gold.rows[0]).toContain('+5');
  });

  it('demo2 double-taps unlock on movie-02: one payment, the video plays, and /myGold shows 30 gone once', async () => {
    await rich.goto(`${app.url}/login?redirect=${encodeURIComponent('/play/movie-02')}`);
    await fillLogin(rich, 'demo2', DEMO_PASSWORD);
    await rich.waitForURL(/\/play\/movie-02$/);
    await poll(() => text(rich, 'gold-balance')).toBe('当前余额100金币');
    // Two taps faster than the screen can redraw: the core keeps one request in flight, the server pays once.
    await rich.getByTestId('gold-unlock').evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await poll(() => gate(rich).count()).toBe(0);
    await startPlayback(rich);
    expect(await videoTime(rich)).toBeGreaterThan(0.5);
    expect(richRequests('/api/video/PayVideoByGold')).toHaveLength(1);

    const gold = await goldPage(rich);
    expect(gold.balance).toBe('70');
    expect(gold.rows).toHaveLength(2);
    const unlocks = gold.rows.filter((row) => row.includes('解锁《'));
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0]).toContain('-30');
    expect(unlocks[0]).toContain('余额70');
    expect(gold.rows[1]).toContain('新用户体验金币');
    expect(gold.rows[1]).toContain('+100');
  });

  it('reopening movie-02 plays it without asking again', async () => {
    await openVideo(rich, app.url, 'movie-02');
    expect(await gate(rich).count()).toBe(0);
    expect(richRequests('/api/video/PayVideoByGold')).toHaveLength(1);
  });
});

describe('the play ads of movie-07', () => {
  it('demo2 (not VIP) gets the inserted ad before playback, with its countdown, and skips it', async () => {
    await rich.goto(`${app.url}/play/movie-07`);
    await poll(() => visible(rich, 'inserted-ad')).toBe(true);
    expect(await text(rich, 'inserted-ad-skip')).toBe('跳过广告');
    expect(await text(rich, 'inserted-ad-countdown')).toMatch(/^[1-5]秒$/);
    expect(await videoTime(rich)).toBe(0);
    await poll(() => richRequests(`/api/Video/AdView?id=${insertedAdId}`, 'POST').length).toBe(1);
    await rich.getByTestId('inserted-ad-skip').click();
    await poll(() => rich.getByTestId('inserted-ad').count()).toBe(0);
    await startPlayback(rich);
  });

  it('pausing shows the pause ad (one view counted, one tracking hit); × closes it until the next pause', async () => {
    const views = () => richRequests(`/api/Video/AdView?id=${pauseAdId}`, 'POST');
    const tracks = () => richRequests(`/api/Video/AdTrack?id=${pauseAdId}`, 'GET');
    expect(pauseAdId).toBeGreaterThan(0);
    expect(await rich.getByTestId('pause-ad').count()).toBe(0);
    // startPlayback may have paused and resumed once on its own (its tap racing the autoplay): count from here.
    const viewed = views().length;
    const tracked = tracks().length;

    await rich.getByTestId('play-toggle').click();
    await poll(() => visible(rich, 'pause-ad')).toBe(true);
    await poll(() => views().length).toBe(viewed + 1);
    await poll(() => tracks().length).toBe(tracked + 1);

    await rich.getByTestId('pause-ad-close').click();
    await poll(() => rich.getByTestId('pause-ad').count()).toBe(0);
    expect(await rich.getByTestId('play-video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);

    await rich.getByTestId('play-toggle').click();
    await poll(() => rich.getByTestId('play-video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
    expect(await rich.getByTestId('pause-ad').count()).toBe(0);
    expect(views()).toHaveLength(viewed + 1);

    await rich.getByTestId('play-toggle').click();
    await poll(() => visible(rich, 'pause-ad')).toBe(true);
    await poll(() => views().length).toBe(viewed + 2);
  });

  it('demo (VIP) plays movie-07 without the inserted ad', async () => {
    await page.goto(`${app.url}/play/movie-07`);
    await startPlayback(page);
    expect(await page.getByTestId('inserted-ad').count()).toBe(0);
    expect(insertedAdId).toBeGreaterThan(0);
    expect(demoRequests(`/api/Video/AdView?id=${insertedAdId}`, 'POST')).toHaveLength(0);
  });
});
