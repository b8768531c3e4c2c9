import { beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import { withoutStartAds } from './support/no-start-ads.ts';
import { PHONE, onMobileData } from './support/phone.ts';
import { rewind, startPlayback, videoTime } from './support/play.ts';
import { useJourney } from './support/journey.ts';

/**
 * Issue 24, speed, quality and keys on an iPhone (Safari's agent, touch; headless Chromium has Media Source
 * Extensions, so hls.js plays): 2.0X from the 倍速 menu plays at 2 and is kept on the device; a long press plays
 * 2× with its hint and returns to the chosen speed; 180P from the quality menu loads the 180p rendition and keeps
 * the time; the keyboard turns barrages off (D), plays and pauses, seeks, sets the volume and goes fullscreen.
 */

const { page, app, browser, poll } = useJourney({ poll: { timeout: 20_000, interval: 150 } });
let touch: CDPSession;
const requests: string[] = [];

const MEDIA_KEY = 'movie-01';
const video = () => page.getByTestId('play-video');
const rate = () => video().evaluate((v: HTMLVideoElement) => v.playbackRate);
const paused = () => video().evaluate((v: HTMLVideoElement) => v.paused);

async function chooseSpeed(speed: number, label: string): Promise<void> {
  await page.getByTestId('play-speed').click();
  await page.getByTestId('speed-menu').waitFor();
  await page.getByTestId(`speed-${speed}`).click();
  await poll(() => page.getByTestId('speed-menu').count()).toBe(0);
  await poll(() => page.getByTestId('play-speed').textContent()).toBe(label);
}

/** No element keeps the keys (a button clicked last would take the space). */
const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

beforeAll(async () => {
  page.on('request', (request) => requests.push(request.url()));
  touch = await page.context().newCDPSession(page);
}, 120_000);

describe('speed, quality and keys', () => {
  it('2.0X plays the video at 2, kept on the device; a long press plays 2× with its hint and returns', { timeout: 60_000 }, async () => {
    await page.goto(`${app.url}/play/${MEDIA_KEY}`);
    await startPlayback(page);
    // Barrages off by the D key: a finger on a flying barrage is the barrage's, not the picture's.
    const danmu = page.getByTestId('danmu-switch').first();
    expect(await danmu.getAttribute('aria-checked')).toBe('true');
    await blur();
    await page.keyboard.press('d');
    await poll(() => danmu.getAttribute('aria-checked')).toBe('false');

    await rewind(page);
    expect(await page.getByTestId('play-speed').textContent()).toBe('倍速');
    await chooseSpeed(2, '2.0X');
    await poll(rate).toBe(2);

    await page.reload();
    await startPlayback(page);
    await poll(rate).toBe(2);
    expect(await page.getByTestId('play-speed').textContent()).toBe('2.0X');

    await chooseSpeed(1, '倍速');
    await poll(rate).toBe(1);
    await rewind(page);
    const box = await page.getByTestId('player-gestures').boundingBox();
    if (!box) throw new Error('no gesture layer');
    const at = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.55 };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await page.getByTestId('hold-hint').waitFor();
    expect(await page.getByTestId('hold-hint').textContent()).toBe('2× 倍速播放中');
    await poll(rate).toBe(2);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await poll(() => page.getByTestId('hold-hint').count()).toBe(0);
    await poll(rate).toBe(1);
  });

  it('180P from the quality menu loads the 180p rendition, keeps the time and goes on playing', { timeout: 60_000 }, async () => {
    await rewind(page, 3);
    await page.getByTestId('play-quality').click();
    const menu = page.getByTestId('quality-menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['360P 流畅', '180P 极速', '自动']);
    const before = await videoTime(page);
    const from = requests.length;
    await page.getByTestId('quality-180').click();
    const after = await videoTime(page);
    expect(Math.abs(after - before)).toBeLessThan(1);
    await poll(() => requests.slice(from).some((url) => /\/180p\/(index\.m3u8|seg\d+\.ts)/.test(url))).toBe(true);
    await poll(() => page.getByTestId('play-quality').textContent()).toBe('180P');
    // Not started again: the time never falls back, and it moves on.
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      seen.push(await videoTime(page));
      await page.waitForTimeout(150);
    }
    expect(Math.min(...seen)).toBeGreaterThan(before - 0.5);
    await poll(() => videoTime(page)).toBeGreaterThan(after + 0.5);
    expect(await paused()).toBe(false);
  });

  it('keys: space pauses and plays, → seeks 5 s, ↓ lowers the volume, F and Esc go in and out of fullscreen', { timeout: 60_000 }, async () => {
    await rewind(page, 2);
    await blur();
    await page.keyboard.press(' ');
    await poll(paused).toBe(true);
    await page.keyboard.press(' ');
    await poll(paused).toBe(false);

    await page.keyboard.press(' ');
    await poll(paused).toBe(true);
    const at = await videoTime(page);
    await page.keyboard.press('ArrowRight');
    await poll(() => videoTime(page)).toBeCloseTo(at + 5, 0);

    await page.keyboard.press('ArrowDown');
    await poll(() => video().evaluate((v: HTMLVideoElement) => Math.round(v.volume * 100))).toBe(90);

    const area = page.getByTestId('player-area');
    await page.keyboard.press('f');
    await poll(() => area.getAttribute('data-fullscreen')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => area.getAttribute('data-fullscreen')).toBe('false');

    // In the barrage box the keys are the box's.
    await page.getByTestId('danmu-switch').first().click();
    const input = page.getByTestId('barrage-input');
    await input.click();
    await page.keyboard.press(' ');
    await page.keyboard.press('f');
    expect(await input.inputValue()).toBe(' f');
    expect(await area.getAttribute('data-fullscreen')).toBe('false');
    expect(await paused()).toBe(true);
  });

  it('on mobile data 自动 starts with the lowest rendition (180p)', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(PHONE);
    try {
      await withoutStartAds(context);
      await onMobileData(context);
      const cellular = await context.newPage();
      const playlists: string[] = [];
      cellular.on('request', (request) => {
        const rendition = /\/(\d+p)\/index\.m3u8/.exec(request.url());
        if (rendition?.[1]) playlists.push(rendition[1]);
      });
      await cellular.goto(`${app.url}/play/${MEDIA_KEY}`);
      await cellular.getByTestId('play-continue').click({ timeout: 30_000 });
      await startPlayback(cellular);
      expect(playlists[0]).toBe('180p');
      expect(await cellular.getByTestId('play-quality').textContent()).toBe('自动');
    } finally {
      await context.close();
    }
  });
});
