import { beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { withoutStartAds } from './support/no-start-ads.ts';
import { PHONE, onMobileData, turnsToLandscape } from './support/phone.ts';
import { openVideo, startPlayback, videoTime } from './support/play.ts';
import { useJourney } from './support/journey.ts';

/** A browser that turns the phone to landscape in fullscreen (Android Chrome's orientation lock). */
const { page, app, browser, poll } = useJourney({ prepare: turnsToLandscape, poll: { timeout: 45_000, interval: 250 } });

/** The machine may be busy (several journeys at once): waits are generous, never timed assertions. */
const SLOW = 180_000;

const video = () => page.getByTestId('play-video');
const paused = () => video().evaluate((v: HTMLVideoElement) => v.paused);
const episodeChip = (n: number) => page.getByTestId(`episode-${n}`);
const isCurrent = (n: number) => episodeChip(n).getAttribute('aria-current');
const query = (name: string) => new URL(page.url()).searchParams.get(name);
const source = () => video().evaluate((v: HTMLVideoElement) => v.currentSrc);

/** Waits until the video has moved on from this source to a new one (another episode), then until it plays. */
async function playsNewSource(before: string): Promise<void> {
  await poll(async () => {
    const now = await source();
    return now !== '' && now !== before;
  }).toBe(true);
  await startPlayback(page);
}

/** Moves the progress bar as a tap on it would: the player seeks there. */
async function seekWithBar(seconds: number): Promise<void> {
  await page.getByTestId('play-progress').evaluate((input: HTMLInputElement, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, String(value));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, seconds);
}

/** Opens the moreFun panel and sets a switch (跳过片头片尾 skip, 自动连播 next); closes the panel. */
async function setMoreFun(name: 'skip' | 'next', on: boolean): Promise<void> {
  await page.getByTestId('play-more').click();
  const control = page.getByTestId(`morefun-${name}`).getByRole('switch');
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await poll(() => control.getAttribute('aria-checked')).toBe(String(on));
  await page.getByTestId('morefun-sheet').click({ position: { x: 10, y: 10 } });
  await poll(() => page.getByTestId('morefun-sheet').count()).toBe(0);
}

/** The time shown now, then a later one: the picture moves. */
async function expectAdvancing(by = 1): Promise<void> {
  const start = await videoTime(page);
  await poll(() => videoTime(page)).toBeGreaterThan(start + by);
}

beforeAll(async () => {
  // A fresh viewer, logged in, so their play records start empty.
  await page.goto(`${app.url}/register`);
  await page.getByPlaceholder('4-20位字母、数字或下划线').fill(`viewer${Date.now() % 1_000_000}`);
  await page.getByPlaceholder('至少8位，可含空格').fill('secret123');
  await page.getByPlaceholder('请再次输入密码').fill('secret123');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.waitForURL(/\/user$/);
});

describe('watching videos', () => {
  it('a film tapped on the home page plays through hls.js, loaded only on the play screen', { timeout: SLOW }, async () => {
    const requests: { url: string; type: string }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await page.goto(`${app.url}/movie`);
    const card = page.getByTestId('video-card').filter({ hasText: '长河落日' }).first();
    await card.waitFor();
    expect(requests.some((r) => r.url.includes('hls.light'))).toBe(false);
    await card.click();
    await page.waitForURL(/\/play\/movie-01$/);
    await startPlayback(page);
    await expectAdvancing();
    await poll(() => page.title()).toBe('长河落日 - 奇遇视频');
    await poll(() => page.getByTestId('play-title').textContent()).toBe('长河落日');
    // hls.js (its own chunk) fetched the playlists and segments itself.
    expect(requests.some((r) => r.url.includes('/assets/chunks/hls.light'))).toBe(true);
    expect(requests.some((r) => /\/vod\/[^/]+\/clip-[abc]\/master\.m3u8$/.test(r.url) && (r.type === 'xhr' || r.type === 'fetch'))).toBe(true);
    expect(requests.some((r) => /\.ts$/.test(r.url) && (r.type === 'xhr' || r.type === 'fetch'))).toBe(true);
    await poll(() => page.getByTestId('play-duration').textContent()).toBe('00:20');
  });

  it('pauses and resumes with the play button', { timeout: SLOW }, async () => {
    await page.getByTestId('play-toggle').click();
    await poll(paused).toBe(true);
    const at = await videoTime(page);
    await page.waitForTimeout(1_000);
    expect(await videoTime(page)).toBe(at);
    await page.getByTestId('play-toggle').click();
    await poll(paused).toBe(false);
    await expectAdvancing(0.5);
  });

  it('fullscreen puts the player area on the whole screen and back', { timeout: SLOW }, async () => {
    const area = page.getByTestId('player-area');
    await page.getByTestId('play-fullscreen').click();
    await poll(() => area.getAttribute('data-fullscreen')).toBe('true');
    await poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('player-area');
    await page.getByTestId('play-fullscreen').click();
    await poll(() => area.getAttribute('data-fullscreen')).toBe('false');
    await poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  it('简介 opens the album page; /watch leads to the player', { timeout: SLOW }, async () => {
    await page.getByTestId('play-intro').click();
    await page.waitForURL(/\/albumDetail\?mediaKey=movie-01$/);
    await poll(() => page.getByTestId('album-description').textContent()).toContain('大漠孤烟');
    await page.goto(`${app.url}/watch?mediaKey=movie-01&episode=1`);
    await page.waitForURL(/\/play\/movie-01\?episode=1$/);
  });

  it('an MP4 video plays natively with range requests (206)', { timeout: SLOW }, async () => {
    const mp4: Response[] = [];
    const listener = (response: Response) => {
      if (response.url().endsWith('.mp4')) mp4.push(response);
    };
    page.on('response', listener);
    await openVideo(page, app.url, 'music-01');
    await expectAdvancing(0.5);
    page.off('response', listener);
    expect(mp4.some((response) => response.status() === 206)).toBe(true);
    await page.goto(`${app.url}/playDownload?mediaKey=music-01`);
    await poll(() => page.getByTestId('download-link-1').getAttribute('href')).toMatch(/\/vod\/[^/]+\/clip-d\.mp4$/);
  });
});

describe('series: episodes, next episode and skipping the intro', () => {
  it('episode 2 chosen on the strip plays in place', { timeout: SLOW }, async () => {
    await openVideo(page, app.url, 'drama-01');
    await poll(() => isCurrent(1)).toBe('true');
    const first = await source();
    await episodeChip(2).click();
    await poll(() => query('episode')).toBe('2');
    await poll(() => isCurrent(2)).toBe('true');
    expect(await isCurrent(1)).toBeNull();
    await playsNewSource(first);
    await expectAdvancing(0.5);
  });

  it('an episode chosen on /choseEpisodes replaces that page with the player', { timeout: SLOW }, async () => {
    await page.getByTestId('episodes-more').click();
    await page.waitForURL(/\/choseEpisodes\?mediaKey=drama-01&episode=2$/);
    await poll(() => page.getByTestId('episode-grid').locator('[aria-current="true"]').textContent()).toBe('2');
    await page.getByTestId('episode-3').click();
    await page.waitForURL(/\/play\/drama-01\?episode=3$/);
    await poll(() => isCurrent(3)).toBe('true');
    await startPlayback(page);
  });

  it('with 自动连播 on, the end of an episode plays the next one', { timeout: SLOW }, async () => {
    await setMoreFun('next', true);
    await setMoreFun('skip', false);
    const third = await source();
    await seekWithBar(18.5);
    await poll(() => query('episode')).toBe('4');
    await poll(() => isCurrent(4)).toBe('true');
    await playsNewSource(third);
  });

  it('with 跳过片头片尾 on, an episode starts after its opening titles', { timeout: SLOW }, async () => {
    await setMoreFun('skip', true);
    const fourth = await source();
    await episodeChip(5).click();
    await poll(() => isCurrent(5)).toBe('true');
    await playsNewSource(fourth);
    // Nothing before the end of the intro (3 s) was played.
    const firstPlayed = await video().evaluate((v: HTMLVideoElement) => (v.played.length > 0 ? v.played.start(0) : -1));
    expect(firstPlayed).toBeGreaterThanOrEqual(2.9);
    await page.getByTestId('play-toggle').click();
    await poll(paused).toBe(true);
  });

  it('the play record shows on /historicalRecords and /watching with its progress', { timeout: SLOW }, async () => {
    const title = (await page.getByTestId('play-title').textContent())?.replace(/\s*第\d+集$/, '') ?? '';
    expect(title).not.toBe('');
    // Paused in episode 5 (the pause sent the record).
    expect(await paused()).toBe(true);
    expect(query('episode')).toBe('5');
    const at = Math.floor(await videoTime(page));
    expect(at).toBeGreaterThan(0);
    const label = `观看至 00:${String(at).padStart(2, '0')}`;
    await page.goto(`${app.url}/historicalRecords`);
    const historyRow = page.getByTestId('video-card').filter({ hasText: title });
    await poll(() => historyRow.textContent()).toContain(label);
    await page.goto(`${app.url}/watching`);
    const mine = page.getByTestId('watching-mine').getByTestId('video-card').filter({ hasText: title });
    await poll(() => mine.textContent()).toContain(`第5集 ${label}`);
    expect(Number(await mine.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await poll(() => page.getByTestId('watching-everyone').getByTestId('video-card').count()).toBeGreaterThan(0);
    await page.goto(`${app.url}/playDownload?mediaKey=drama-01`);
    await poll(() => page.getByTestId('download-needs-app').count()).toBe(1);
  });
});

describe('mobile data', () => {
  it('on mobile data the player asks first (autoplay there is off by default); 继续播放 plays', { timeout: SLOW }, async () => {
    const context = await browser.newContext(PHONE);
    try {
      await withoutStartAds(context);
      await onMobileData(context);
      const other = await context.newPage();
      await other.goto(`${app.url}/play/movie-01`);
      await expect.poll(() => other.getByTestId('mobile-data-notice').textContent(), { timeout: 45_000 }).toContain('当前为移动网络，播放将消耗流量');
      expect(await other.getByTestId('play-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await other.getByTestId('play-continue').click();
      await startPlayback(other);
      expect(await other.getByTestId('mobile-data-notice').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('live TV', () => {
  it('a live channel plays as live: 直播 badge, no progress bar, time moves with the playlist', { timeout: SLOW }, async () => {
    const sequences: number[] = [];
    const listener = (response: Response) => {
      if (!/\/live\/.+\.m3u8$/.test(response.url())) return;
      void response.text().then(
        (body) => {
          const match = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(body);
          if (match) sequences.push(Number(match[1]));
        },
        () => undefined,
      );
    };
    page.on('response', listener);
    await openVideo(page, app.url, 'tvlive-01');
    await poll(() => page.getByTestId('live-badge').isVisible()).toBe(true);
    expect(await page.getByTestId('play-progress').count()).toBe(0);
    expect(await page.getByTestId('player-area').getAttribute('data-live')).toBe('true');
    await expectAdvancing(2);
    await poll(() => sequences.length > 1 && Math.max(...sequences) > Math.min(...sequences)).toBe(true);
    page.off('response', listener);
  });
});
