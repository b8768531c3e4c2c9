import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

const { page, app, context, shot } = useJourney();

interface ApiVideo {
  mediaKey: string;
  title: string;
  uploader: { uid: number; nickName: string } | null;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  const body = (await response.json()) as { ret: number; data: T };
  expect(body.ret).toBe(200);
  return body.data;
}

const cards = () => page.getByTestId('video-card');
const activeTab = () => page.locator('.adm-tabs-tab-active').first();
/** Home's channel tabs (its own light tab row, not antd-mobile's). */
const homeTab = (name: string) => page.locator('.home-tabs [role="tab"]', { hasText: name });
const activeHomeTab = () => page.locator('.home-tabs [role="tab"][aria-selected="true"]');

/** A finger pulls the page down from (x, y) by `distance` pixels, slowly, then lets go. */
async function pullDown(x: number, y: number, distance: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const point = (dy: number) => [{ x, y: y + dy, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
  for (let dy = 10; dy <= distance; dy += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(dy) });
    await page.waitForTimeout(16);
  }
  await expect.poll(() => page.getByText('释放立即刷新').count()).toBe(1);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a visitor browses the catalogue', () => {
  it('home shows the channels and the recommendation blocks with real titles', async () => {
    const home = await api<{ blocks: { title: string; list: ApiVideo[] }[] }>('/api/home/GetHomeData');
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.title()).toBe('首页 - 奇遇视频');
    for (const name of ['推荐', '电影', '电视剧', '综艺', '动漫', '游戏']) {
      await expect.poll(() => homeTab(name).count()).toBeGreaterThan(0);
    }
    expect(await activeHomeTab().textContent()).toBe('推荐');
    const firstMovie = home.blocks[0]!.list[0]!.title;
    await expect.poll(() => page.getByTestId('home-block').first().textContent()).toContain(firstMovie);
    expect(await page.getByTestId('home-block').first().locator('h2').textContent()).toBe('电影');
    // Counts over 10000 read in 万; durations are the real length of what plays (the 20 s demo clips) as mm:ss.
    expect(await page.locator('.video-card .count').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\.\d万$/)]));
    expect(await page.locator('.video-card__duration').first().textContent()).toBe('00:20');
    await shot('home');
  });

  it('a category alias (/movie) opens home on that channel', async () => {
    await page.goto(`${app.url}/movie`);
    await expect.poll(() => activeHomeTab().textContent()).toBe('电影');
    await expect.poll(() => page.getByTestId('home-block').locator('h2').allTextContents()).toEqual(['热播', '最新上线', '高分推荐']);
  });

  it('tapping a channel tab shows its blocks, and 更多 opens its list', async () => {
    await homeTab('电视剧').click();
    await expect.poll(() => activeHomeTab().textContent()).toBe('电视剧');
    await expect.poll(() => page.getByTestId('home-block').first().textContent()).toContain('热播');
    await page.getByTestId('home-block').first().getByRole('button', { name: /更多/ }).click();
    await page.waitForURL(/\/list\/drama$/);
    await expect.poll(() => page.locator('.nav-bar__title').last().textContent()).toBe('电视剧');
  });

  it('ChannelNavigation redirects to the short-video channel (game → games, tag → subID)', async () => {
    await page.goto(`${app.url}/channelNavigation/game?tag=3`);
    await page.waitForURL(/\/miniVideoChannel\?titleId=games&subID=3$/);
    await expect.poll(() => page.locator('.nav-bar__title').last().textContent()).toBe('游戏');
    await expect.poll(() => activeTab().textContent()).toBe('电竞');
    await expect.poll(() => cards().allTextContents()).toEqual([expect.stringContaining('英雄联盟全球总决赛')]);
    await shot('mini-video-channel');
    await page.goto(`${app.url}/channelNavigation/movie?tag=1`);
    await expect.poll(() => page.locator('.not-found').count()).toBe(1);
  });

  it('pulling the ranking down refreshes it (刷新完成)', async () => {
    await page.goto(`${app.url}/rank`);
    await expect.poll(() => cards().count()).toBeGreaterThan(5);
    expect(await page.locator('.video-card__rank').first().textContent()).toBe('1');
    const before = page.waitForRequest((request) => request.url().includes('/api/list/GetRank'));
    const box = (await cards().first().boundingBox())!;
    await pullDown(box.x + 40, box.y + 10, 200);
    await before;
    await expect.poll(() => page.getByText('刷新完成').count()).toBe(1);
    await shot('rank-refreshed');
  });

  it('a next page that fails shows exactly 加载失败 in the footer, and a tap on it retries and loads the page', async () => {
    const secondPage = (url: URL) => url.pathname === '/api/list/GetVideoList' && url.searchParams.get('page') === '2';
    const abort = (route: Route) => route.abort();
    await page.route(secondPage, abort);
    await page.goto(`${app.url}/list/movie`);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(10);
    const firstPage = await cards().count();
    for (let i = 0; i < 10 && (await page.getByText('加载失败', { exact: true }).count()) === 0; i += 1) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => page.getByTestId('list-footer').textContent()).toBe('加载失败');
    expect(await cards().count()).toBe(firstPage);
    await shot('list-footer-failed');
    await page.unroute(secondPage, abort);
    const retried = page.waitForRequest((request) => secondPage(new URL(request.url())));
    await page.getByTestId('list-footer').click();
    await retried;
    await expect.poll(() => cards().count()).toBeGreaterThan(firstPage);
    expect(await page.getByText('加载失败', { exact: true }).count()).toBe(0);
  });

  it('a category list loads more as it is scrolled, until 没有更多了哦~', async () => {
    const total = (await api<{ total: number }>('/api/list/GetVideoList?category=movie&pageSize=1')).total;
    expect(total).toBeGreaterThan(20);
    await page.goto(`${app.url}/list/movie`);
    await expect.poll(() => cards().count()).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < 20 && (await page.getByText('没有更多了哦~').count()) === 0; i += 1) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => page.getByTestId('list-footer').textContent()).toBe('没有更多了哦~');
    expect(await cards().count()).toBe(total);
    await shot('list-end');
  });

  it('tapping a card opens its play route', async () => {
    const title = await cards().first().locator('.video-card__title').textContent();
    await cards().first().click();
    await page.waitForURL(/\/play\/movie-\d+$/);
    expect(title).toBeTruthy();
  });

  it('search finds a title', async () => {
    await page.goto(`${app.url}/searchPage`);
    await page.getByPlaceholder('搜索视频').fill('长安');
    await expect.poll(() => cards().allTextContents()).toEqual([expect.stringContaining('风起长安')]);
    await page.getByPlaceholder('搜索视频').fill('不存在的片名');
    await expect.poll(() => page.getByText('没有找到相关视频').count()).toBe(1);
    await shot('search');
  });

  it("a space page shows the uploader's profile and works", async () => {
    const discovery = await api<{ list: ApiVideo[] }>('/api/list/GetDiscovery');
    const uploader = discovery.list[0]!.uploader!;
    await page.goto(`${app.url}/space/${uploader.uid}`);
    await expect.poll(() => page.getByTestId('space-header').textContent()).toContain(uploader.nickName);
    expect(await page.getByTestId('space-header').locator('.level-icon').count()).toBe(1);
    await expect.poll(() => cards().count()).toBeGreaterThan(0);
    await shot('space');
  });

  it('history and collections send a visitor to log in', async () => {
    await page.goto(`${app.url}/historicalRecords`);
    await page.waitForURL(/\/login\?redirect=%2FhistoricalRecords$/);
  });

  it('logged in, the history lists what was played and home shows 继续观看', async () => {
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await page.waitForURL(/\/historicalRecords$/);
    await expect.poll(() => page.getByText('还没有观看记录').count()).toBe(1);
    const ret = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: Record<string, string | number> };
      const fields = { ...user.token, login_uid: user.token['uid'], mediaKey: 'anime-01', progress: '12' };
      const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      const response = await fetch(`/api/video/AddPlayRecord?${query.toString()}`);
      return ((await response.json()) as { ret: number }).ret;
    });
    expect(ret).toBe(200);
    await page.reload();
    await expect.poll(() => cards().allTextContents()).toEqual([expect.stringContaining('灵笼')]);
    expect(await cards().first().textContent()).toContain('观看至 00:12');
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.getByTestId('watching-list').textContent()).toContain('灵笼');
    await shot('watching');
  });
});
