import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { barrageWith, openVideo, rewind, startPlayback, withVideoState } from './support/play.ts';
import { useJourney } from './support/journey.ts';

/**
 * Barrage styles and live barrages for visitors (issue 24), on iPhone Safari phones: a signed-in phone (A, demo)
 * picks red and 顶部 in the barrage bar's style panel and sends; a visitor's phone (B, never signed in) watching the
 * same episode sees it live, pinned at the top centre in red, for 4 s of its video's time, then it goes; A's choice
 * is kept on A's device.
 */
const { page: pageA, app, poll, logIn, otherPhone } = useJourney({ poll: { timeout: 15_000 } });
let pageB: Page;
const MEDIA = 'movie-06';


async function send(on: Page, text: string): Promise<void> {
  await on.getByTestId('barrage-input').fill(text);
  await on.getByTestId('barrage-send').click();
}

/** Where the mirror says a barrage is, and its mode and colour. */
async function placeOf(on: Page, text: string) {
  const item = barrageWith(on, text).first();
  const read = async (name: string) => item.getAttribute(`data-${name}`);
  const [left, top, width, mode, color] = await Promise.all(['left', 'top', 'width', 'mode', 'color'].map(read));
  return { left: Number(left), top: Number(top), width: Number(width), mode, color };
}

/** Pixels of the barrage canvas in a CSS rectangle that are red (the text's fill; its outline is dark). */
async function redPixels(on: Page, box: { left: number; top: number; width: number; height: number }): Promise<number> {
  return on.getByTestId('barrage-canvas').evaluate((canvas: HTMLCanvasElement, area) => {
    const scale = canvas.width / canvas.clientWidth;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    const x = Math.max(0, Math.floor(area.left * scale));
    const w = Math.max(1, Math.min(canvas.width - x, Math.ceil(area.width * scale)));
    const data = context.getImageData(x, Math.floor(area.top * scale), w, Math.ceil(area.height * scale)).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 0) < 80 && (data[i + 2] ?? 0) < 80) red += 1;
    return red;
  }, box);
}

interface Watched {
  /** B's video time when the barrage first showed in the mirror, and when it had gone from it (null: not yet). */
  shownAt: number | null;
  goneAt: number | null;
  /** Every distinct place it had meanwhile. */
  places: { left: number; top: number }[];
}

/** Notes, in `on`'s page as its barrage mirror changes, when the barrage with `text` shows and goes, and where it is. */
async function watchBarrage(on: Page, text: string): Promise<void> {
  await on.evaluate((wanted) => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="play-video"]');
    const list = document.querySelector('[data-testid="barrage-a11y"]');
    if (!video || !list) throw new Error('no video or barrage mirror');
    const record: Watched = { shownAt: null, goneAt: null, places: [] };
    (window as unknown as { watchedBarrage: Watched }).watchedBarrage = record;
    const look = () => {
      if (record.goneAt !== null) return;
      const item = Array.from(list.querySelectorAll('li')).find((li) => li.textContent?.includes(wanted));
      if (!item) {
        if (record.shownAt !== null) record.goneAt = video.currentTime;
        return;
      }
      if (record.shownAt === null) record.shownAt = video.currentTime;
      const place = { left: Number(item.dataset.left), top: Number(item.dataset.top) };
      if (!record.places.some((one) => one.left === place.left && one.top === place.top)) record.places.push(place);
    };
    new MutationObserver(look).observe(list, { childList: true, subtree: true, attributes: true, characterData: true });
  }, text);
}

async function watched(on: Page): Promise<Watched> {
  return on.evaluate(() => (window as unknown as { watchedBarrage: Watched }).watchedBarrage);
}

beforeAll(async () => {
  pageB = await otherPhone();
}, 240_000);

describe('coloured and pinned barrages, live for visitors', () => {
  // Two phones playing, a sign-in, a hello, the style and the barrage's 4 s of B's video: on a 2-core machine under the
  // other journeys the step took longer than the project's 60 s (clean-clone runs of 2026-11-29 and 2026-12-07).
  it('A sends a red 顶部 barrage; B, a visitor, sees it live at the top centre in red, fixed for 4 s, then it goes', { timeout: 150_000 }, async () => {
    await openVideo(pageB, app.url, MEDIA);
    expect(await pageB.getByTestId('barrage-input').getAttribute('placeholder')).toBe('登录后发弹幕');
    await logIn('demo', { on: pageA, redirect: `/play/${MEDIA}` });
    await startPlayback(pageA);

    // B's visitor socket is in the episode's room once a first (scrolling, white) hello goes across.
    const hello = `访客好${Date.now() % 10_000}`;
    await send(pageA, hello);
    await poll(() => barrageWith(pageB, hello).count()).toBe(1);
    expect(await placeOf(pageB, hello)).toMatchObject({ mode: 'scroll', color: '#FFFFFF' });

    // A goes back near the start too: on a loaded machine its 20 s clip can end before the style is chosen, and an
    // ended clip's screen has no barrage bar to tap.
    await rewind(pageA);
    await pageA.waitForTimeout(1_100);

    await pageA.getByTestId('barrage-style').click();
    const panel = pageA.getByTestId('barrage-style-panel');
    await panel.getByTestId('barrage-color-FE0302').click();
    await panel.getByTestId('barrage-mode-top').click();
    expect(await panel.getByTestId('barrage-mode-top').getAttribute('aria-pressed')).toBe('true');
    // demo is VIP: the VIP colours are open to it.
    expect(await panel.locator('.barrage-style-panel__swatch--locked').count()).toBe(0);

    // B goes back near the start, so its 20 s clip does not end within the barrage's 4 s (and plays again if it had
    // ended: an ended clip put back stays paused, and B's barrage would never move). From here B's page notes, as its
    // mirror changes, where the barrage is and at what time of B's video it came and went.
    await rewind(pageB);
    const text = `红色顶部${Date.now() % 10_000}`;
    await watchBarrage(pageB, text);
    await send(pageA, text);

    await barrageWith(pageB, text).waitFor({ state: 'attached', timeout: 15_000 });
    const canvas = await pageB.getByTestId('barrage-canvas').boundingBox();
    if (!canvas) throw new Error('no canvas');
    const place = await placeOf(pageB, text);
    expect(place).toMatchObject({ mode: 'top', color: '#FE0302', top: 0 });
    expect(Math.abs(place.left + place.width / 2 - canvas.width / 2)).toBeLessThanOrEqual(1);
    expect(await redPixels(pageB, { left: place.left, top: 0, width: place.width, height: 20 })).toBeGreaterThan(20);
    // A sees its own in the same place.
    await poll(async () => (await placeOf(pageA, text)).mode).toBe('top');

    // It goes after 4 s of B's video, and until then it stayed where it was. The times are B's video's when B's
    // mirror changed (it follows the canvas every 250 ms): a reading taken by this test after the fact was up to a
    // second late on a loaded machine.
    await withVideoState(pageB, poll(async () => (await watched(pageB)).goneAt !== null, 15_000).toBe(true));
    const seen = await watched(pageB);
    expect(seen.places).toEqual([{ left: place.left, top: 0 }]);
    const lasted = (seen.goneAt ?? 0) - (seen.shownAt ?? 0);
    expect(lasted).toBeGreaterThan(3.4);
    expect(lasted).toBeLessThan(5);
  });

  it('A’s last choice is kept on A’s phone: after a reload the panel shows red and 顶部', async () => {
    await pageA.reload();
    await pageA.getByTestId('barrage-style').click();
    const panel = pageA.getByTestId('barrage-style-panel');
    await poll(() => panel.getByTestId('barrage-color-FE0302').getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByTestId('barrage-mode-top').getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByTestId('barrage-size-normal').getAttribute('aria-pressed')).toBe('true');
  });
});
