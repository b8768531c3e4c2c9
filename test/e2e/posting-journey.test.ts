import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './support/phone.ts';
import { chunkNumberOf, makePostVideo, READ_PROGRESS, RECORD_PROGRESS, type PostVideo } from './support/post-video.ts';
import { useJourney } from './support/journey.ts';

/** Near the Bund, Shanghai: the server's seeded places are around. */
const SHANGHAI = { latitude: 31.2397, longitude: 121.4998 };
const DESCRIPTION = '周末在外滩拍的夜景，灯光太美了';

/** demo's phone: publishes. */
const { page, app, browser, poll, logIn } = useJourney({ contextOptions: { geolocation: SHANGHAI, permissions: ['geolocation'] }, poll: { timeout: 15_000 } });
/** demo2's phone (with the start ad): follows demo. */
let follower: Page;
let video: PostVideo;
/** The chunk numbers of the UploadVideoChunk requests demo's phone sent, in order. */
const chunkRequests: number[] = [];
/** The place chosen in the search. */
let placeName = '';

const text = (on: Page, testId: string) => on.getByTestId(testId).first().textContent();

beforeAll(async () => {
  video = await makePostVideo();
  expect(video.chunks).toBe(4);
  page.on('request', (request) => {
    if (request.url().includes('/api/User/UploadVideoChunk')) {
      const chunk = chunkNumberOf(request.postDataBuffer());
      if (chunk !== null) chunkRequests.push(chunk);
    }
  });
  follower = await (await browser.newContext(PHONE)).newPage();
});

afterAll(async () => {
  await video?.remove();
});

describe('publishing a video post', () => {
  it('demo opens 我的动态 from the account tab and starts a post', async () => {
    await logIn('demo');
    await page.getByTestId('entry-my-dynamic').click();
    await page.waitForURL(/\/myDynamic$/);
    // demo's seeded posts are there already.
    await poll(() => page.getByTestId('post-card').count()).toBeGreaterThan(0);
    await page.getByTestId('my-posts-publish').click();
    await page.waitForURL(/\/publishDynamic$/);
    await poll(() => text(page, 'publish-remaining')).toMatch(/^今日还可发布\d+条$/);
    await poll(() => page.getByTestId('label-chip').count()).toBeGreaterThan(8);
  });

  it('picks the 7 MB video, watches it on the preview page and comes back with it', async () => {
    await page.getByTestId('pick-video').setInputFiles(video.path);
    await page.waitForURL(/\/selectVideoPreview$/, { timeout: 20_000 });
    const preview = page.getByTestId('select-preview-video');
    await preview.waitFor();
    await poll(() => page.evaluate('document.querySelector(\'[data-testid="select-preview-video"]\').readyState')).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.video-preview__info').textContent()).toContain('post-video.mp4');
    expect(await page.locator('.video-preview__info').textContent()).toContain('00:20');
    await page.getByTestId('select-video-next').click();
    await page.waitForURL(/\/publishDynamic$/);
    await page.getByTestId('publish-video').waitFor();
    expect(await page.locator('.publish-hint').textContent()).toBe('00:20 · 6.7MB');
  });

  it('chooses a cover from the video\'s frames and crops it at 3:4', async () => {
    await page.getByTestId('publish-cover').click();
    await page.waitForURL(/\/dynamicVideoAddPoster$/);
    await poll(() => page.getByTestId('poster-frame').count(), 30_000).toBe(8);
    await page.getByTestId('poster-frame').nth(3).click();
    await poll(() => page.getByTestId('poster-frame').nth(3).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('poster-next').click();
    await page.waitForURL(/\/dynamicVideoEditPoster$/);
    const done = page.getByTestId('poster-done');
    await poll(() => done.isEnabled()).toBe(true);
    // Drag the picture to the left a little.
    const frame = await page.getByTestId('poster-crop-frame').boundingBox();
    if (!frame) throw new Error('no crop frame');
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width / 2 - 60, frame.y + frame.height / 2, { steps: 5 });
    await page.mouse.up();
    await done.click();
    await page.waitForURL(/\/publishDynamic$/);
    await page.getByTestId('publish-cover-image').waitFor();
    expect(await page.getByTestId('publish-cover-image').getAttribute('src')).toMatch(/^blob:/);
  });

  it('adds two labels, a description and a place found by search', async () => {
    await page.getByTestId('label-chip').filter({ hasText: '#美食' }).click();
    await page.getByTestId('label-chip').filter({ hasText: '#旅行' }).click();
    await poll(() => page.locator('[data-testid="label-chip"][aria-pressed="true"]').allTextContents()).toEqual(['#美食', '#旅行']);
    await page.getByTestId('publish-description').fill(DESCRIPTION);
    expect(await text(page, 'publish-counter')).toBe(`${[...DESCRIPTION].length}/200`);

    await page.getByTestId('location-row').click();
    await page.waitForURL(/\/getUserLocation$/);
    // The places near the phone come first.
    await poll(() => page.getByTestId('place-row').count()).toBeGreaterThan(1);
    await page.getByTestId('location-search').click();
    await page.waitForURL(/\/searchUserLocation$/);
    await page.getByTestId('location-search-input').fill('东方明珠');
    const found = page.getByTestId('place-row').filter({ hasText: '东方明珠' }).first();
    await found.waitFor();
    placeName = (await found.locator('.place-row__name').textContent()) ?? '';
    expect(placeName).toContain('东方明珠');
    await found.click();
    await page.waitForURL(/\/publishDynamic$/);
    expect(await text(page, 'location-value')).toBe(placeName);
    // The form kept everything across the pages.
    expect(await page.getByTestId('publish-description').inputValue()).toBe(DESCRIPTION);
    await poll(() => page.locator('[data-testid="label-chip"][aria-pressed="true"]').allTextContents()).toEqual(['#美食', '#旅行']);
  });

  it('publishes: progress 1 → 80 → 90 → 95 → 100 over exactly 4 chunk requests, 发布成功, then 我的动态 shows it', async () => {
    await page.evaluate(RECORD_PROGRESS);
    const published = page.locator('.adm-toast-main', { hasText: '发布成功' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('publish').click();
    await published;
    await page.waitForURL(/\/myDynamic$/, { timeout: 30_000 });
    const progress = (await page.evaluate(READ_PROGRESS)) as number[];
    for (const milestone of [1, 80, 90, 95, 100]) expect(progress).toContain(milestone);
    expect(progress[0]).toBe(1);
    expect(progress[progress.length - 1]).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(chunkRequests).toEqual([1, 2, 3, 4]);

    const first = page.getByTestId('post-card').first();
    await poll(() => first.getByTestId('post-text').textContent()).toBe(DESCRIPTION);
    expect(await first.locator('.post-label').allTextContents()).toEqual(['#美食', '#旅行']);
    expect(await first.getByTestId('post-place').textContent()).toBe(placeName);
    expect(await first.locator('.time-label').textContent()).toBe('刚刚');
    expect(await first.locator('.post-card__cover img').getAttribute('src')).toMatch(/^\/media\/uploads\/covers\/[A-Za-z0-9_-]+\.jpg\?x-oss-process=/);
  });

  it('the post\'s page plays the uploaded video, with the cover as its poster', async () => {
    await page.getByTestId('post-card').first().locator('.post-card__open').click();
    await page.waitForURL(/\/dynamicDetail\?id=\d+$/);
    const player = page.getByTestId('post-video');
    await player.waitFor();
    expect(await player.getAttribute('src')).toMatch(/\/uploads\/videos\/xw-[A-Za-z0-9_-]+\.mp4$/);
    expect(await player.getAttribute('poster')).toMatch(/^\/media\/uploads\/covers\//);
    expect(await text(page, 'post-detail-text')).toBe(DESCRIPTION);
    expect(await text(page, 'post-detail-place')).toContain(placeName);
    await page.evaluate('(() => { const v = document.querySelector(\'[data-testid="post-video"]\'); v.muted = true; return v.play().then(() => true); })()');
    await poll(() => page.evaluate('document.querySelector(\'[data-testid="post-video"]\').currentTime') as Promise<number>, 20_000).toBeGreaterThan(0.5);
  });

  it('demo2, who follows demo, sees the discovery dot, finds the post under 关注, and the dot goes', async () => {
    await logIn('demo2', { on: follower });
    await follower.getByTestId('tab-dot-discovery').waitFor({ timeout: 15_000 });
    await follower.locator('.tab-bar [data-tab="discovery"]').click();
    await follower.waitForURL(/\/discovery$/);
    // 关注 opens by itself (new works), lists demo's new post first, and the dots go once it is seen.
    await poll(() => follower.locator('.discovery-tabs .adm-tabs-tab-active').textContent()).toContain('关注');
    const first = follower.getByTestId('post-card').first();
    await poll(() => first.getByTestId('post-text').textContent()).toBe(DESCRIPTION);
    expect(await first.locator('.post-card__nick').textContent()).toBeTruthy();
    await poll(() => follower.getByTestId('tab-dot-discovery').count()).toBe(0);
    await poll(() => follower.getByTestId('discovery-follow-dot').count()).toBe(0);
    // 动态 has it too, for everyone.
    await follower.getByTestId('discovery-tab-posts').click();
    await poll(() => follower.getByTestId('post-card').first().getByTestId('post-text').textContent()).toBe(DESCRIPTION);
  });

  it('demo\'s space page lists the post under 动态, and it opens', async () => {
    const feed = (await (await fetch(`${app.url}/api/Trends/ListTrends?scope=all&page=1&pageSize=10`)).json()) as { data: { list: { uid: number; contxt: string }[] } };
    const mine = feed.data.list.find((item) => item.contxt === DESCRIPTION);
    expect(mine).toBeDefined();
    await follower.goto(`${app.url}/space/${mine!.uid}`);
    await follower.getByTestId('space-header').waitFor();
    await follower.getByTestId('space-tab-posts').click();
    await poll(() => follower.getByTestId('post-card').first().getByTestId('post-text').textContent()).toBe(DESCRIPTION);
    await follower.getByTestId('post-card').first().locator('.post-card__open').click();
    await follower.waitForURL(/\/dynamicDetail\?id=\d+$/);
    expect(await text(follower, 'post-detail-text')).toBe(DESCRIPTION);
    // A visitor sees it too, without being sent to log in.
    const visitor = await (await browser.newContext(PHONE)).newPage();
    await visitor.goto(`${app.url}/space/${mine!.uid}`);
    await visitor.getByTestId('space-header').waitFor();
    await visitor.getByTestId('space-tab-posts').click();
    await poll(() => visitor.getByTestId('post-card').first().getByTestId('post-text').textContent()).toBe(DESCRIPTION);
    expect(new URL(visitor.url()).pathname).toBe(`/space/${mine!.uid}`);
  });

  it('demo2 likes the post (点赞 → 1, kept); a visitor\'s tap asks to log in; demo finds it in 收到的赞 and it opens the post', async () => {
    // demo2 is on the post's page (the space step opened it).
    const like = follower.getByTestId('post-like');
    await poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.textContent()).toBe('点赞');
    await Promise.all([follower.waitForResponse((response) => response.url().includes('/api/Trends/LikeTrends')), like.click()]);
    await poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toBe('1');
    await follower.reload();
    await poll(() => follower.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true');
    expect(await follower.getByTestId('post-like').textContent()).toBe('1');
    const postPath = new URL(follower.url()).pathname + new URL(follower.url()).search;

    const visitor = await (await browser.newContext(PHONE)).newPage();
    await visitor.goto(`${app.url}${postPath}`);
    await visitor.getByTestId('post-like').click();
    await visitor.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === postPath);

    await page.goto(`${app.url}/getLike`);
    const row = page.getByTestId('received-like').first();
    await poll(() => row.textContent()).toContain('赞了你的动态');
    expect(await row.getByTestId('received-like-content').textContent()).toContain(DESCRIPTION);
    await row.click();
    await page.waitForURL((url) => url.pathname + url.search === postPath);
    await poll(() => page.getByTestId('post-like').textContent()).toBe('1');
    expect(await page.getByTestId('post-like').getAttribute('aria-pressed')).toBe('false');
  });
});
