import type { Locator, Page } from 'playwright-core';

/** How long openVideo waits for the picture to move (cold build caches, hls.js loading, the inserted ad). */
const START_TIMEOUT_MS = 45_000;
/** Between two taps on the play button, so a tap has time to take effect before the next look. */
const TAP_GAP_MS = 1_500;

interface VideoState {
  time: number;
  paused: boolean;
  /** Seconds actually played since the source was loaded (a resumed or skipped start is not playing). */
  played: number;
}

async function readVideo(page: Page): Promise<VideoState | null> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="play-video"]');
    if (!video) return null;
    let played = 0;
    for (let i = 0; i < video.played.length; i++) played += video.played.end(i) - video.played.start(i);
    return { time: video.currentTime, paused: video.paused, played };
  });
}

async function tapIfVisible(page: Page, testId: string): Promise<boolean> {
  const target = page.getByTestId(testId);
  if (!(await target.isVisible().catch(() => false))) return false;
  return target.click({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
}

/** The play screen's video time in seconds (currentTime of the `play-video` element; 0 while it is missing). */
export async function videoTime(page: Page): Promise<number> {
  return (await readVideo(page))?.time ?? 0;
}

/**
 * Makes the video on the current play screen play: skips the inserted ad when one shows (`inserted-ad-skip`),
 * confirms the mobile-data notice when one shows, taps `play-toggle` when the browser refused to autoplay,
 * and resolves once currentTime passes 0.5 s with the video playing (at least 0.5 s really played, so a video
 * that starts at a resumed position or after its intro counts only once it moves).
 */
/**
 * The play page's video as a line of text, for a failure's message: its time, whether it is paused, ended or seeking,
 * its ready and network states, what is buffered, and whether the page is visible.
 */
export async function videoState(page: Page): Promise<string> {
  return page
    .getByTestId('play-video')
    .evaluate((video: HTMLVideoElement) => {
      const ranges = Array.from({ length: video.buffered.length }, (_, i) => `${video.buffered.start(i).toFixed(1)}–${video.buffered.end(i).toFixed(1)}`);
      return `t=${video.currentTime.toFixed(2)} paused=${video.paused} ended=${video.ended} seeking=${video.seeking} ready=${video.readyState} network=${video.networkState} rate=${video.playbackRate} buffered=[${ranges.join(',')}] error=${video.error?.code ?? 'none'} page=${document.visibilityState}`;
    }, undefined, { timeout: 2_000 })
    .catch((error: unknown) => `unreadable (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
}

/** `waiting`, its failure's message followed by what `page`'s video is doing (see {@link videoState}). */
export async function withVideoState<T>(page: Page, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    if (error instanceof Error) error.message = `${error.message}\n(the video then: ${await videoState(page)})`;
    throw error;
  }
}

export async function startPlayback(page: Page): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastTap = 0;
  for (;;) {
    const state = await readVideo(page);
    if (state && state.time > 0.5 && state.played >= 0.5 && !state.paused) return;
    if (Date.now() > deadline) {
      throw new Error(`the video did not play within ${START_TIMEOUT_MS / 1000} s (state: ${JSON.stringify(state)})`);
    }
    const skipped = await tapIfVisible(page, 'inserted-ad-skip');
    const insertedAdShown = skipped || (await page.getByTestId('inserted-ad').isVisible().catch(() => false));
    if (!insertedAdShown && state?.paused && Date.now() - lastTap > TAP_GAP_MS) {
      const tapped = (await tapIfVisible(page, 'play-continue')) || (await tapIfVisible(page, 'play-toggle'));
      if (tapped) lastTap = Date.now();
    }
    await page.waitForTimeout(200);
  }
}

/**
 * Moves `page`'s picture back to `to` seconds (the demo clips last 20 s) and makes sure it plays: a clip that has
 * ended (on a loaded machine the steps before can outlast it) stays paused where it is put, and its end screen has
 * no play button to tap, so it is played again here, as a person's replay would, before {@link startPlayback} waits
 * for it to move.
 */
export async function rewind(page: Page, to = 1): Promise<void> {
  await page.getByTestId('play-video').evaluate((video: HTMLVideoElement, at: number) => {
    video.currentTime = at;
    if (video.paused) void video.play().catch(() => undefined);
  }, to);
  await startPlayback(page);
}

/**
 * Opens /play/<mediaKey> (with ?episode=n when given) and resolves once the video plays past 0.5 s, skipping
 * the inserted ad and tapping play when the browser did not autoplay.
 */
export async function openVideo(page: Page, baseUrl: string, mediaKey: string, options: { episode?: number } = {}): Promise<void> {
  const query = options.episode !== undefined ? `?episode=${options.episode}` : '';
  await page.goto(`${baseUrl}/play/${encodeURIComponent(mediaKey)}${query}`);
  await startPlayback(page);
}

/** The barrage-a11y mirror's entries with `text` (every barrage on screen, as a screen reader gets it). */
export function barrageWith(on: Page, text: string) {
  return on.getByTestId('barrage-a11y').locator('li').filter({ hasText: text });
}

/**
 * Sends barrages from `bar` (a play screen, or the fullscreen player holding its barrage bar) until one shows on
 * `listener`'s screen, as a person sends again: a new text each time (`prefix`, the attempt, a stamp), the next one
 * after `waitMs` without it, which is past the 1 s sending limit. What the listener shows instead is logged; after
 * `attempts` sends it fails. Returns the text that arrived and its mirror entry.
 */
export async function sendUntilShown(
  bar: Page | Locator,
  listener: Page,
  { prefix, attempts = 3, waitMs = 10_000 }: { prefix: string; attempts?: number; waitMs?: number },
): Promise<{ text: string; shown: Locator }> {
  for (let attempt = 1; ; attempt++) {
    const text = `${prefix}${attempt}-${Date.now() % 10_000}`;
    await bar.getByTestId('barrage-input').fill(text);
    await bar.getByTestId('barrage-send').click();
    const shown = barrageWith(listener, text).first();
    if (await shown.waitFor({ state: 'attached', timeout: waitMs }).then(() => true, () => false)) return { text, shown };
    const onScreen = await listener.getByTestId('barrage-a11y').locator('li').allTextContents();
    // The sender's side: whether it shows its own barrage (sent and stored), and what its toast says (a refusal).
    const sender = 'page' in bar ? bar.page() : bar;
    const own = await barrageWith(sender, text).count();
    const toast = await sender.locator('.adm-toast-main').allTextContents();
    console.warn(
      `${text} not shown on the listening phone after ${waitMs / 1000} s (attempt ${attempt} of ${attempts}; it shows ${JSON.stringify(onScreen)}; its video: ${await videoState(listener)}; the sender shows it ${own} time(s), toast ${JSON.stringify(toast)}, its video: ${await videoState(sender)})`,
    );
    if (attempt === attempts) throw new Error(`none of ${attempts} barrages (${prefix}…) reached the listening phone`);
  }
}

/**
 * Waits until `listener` hears `sender`'s live barrages: joining a video's room is not acknowledged, so the sender
 * says hello until one shows on the listener's screen (up to five, 8 s apart). Returns the hello that arrived.
 */
export async function untilHeard(sender: Page, listener: Page): Promise<string> {
  return (await sendUntilShown(sender, listener, { prefix: '你好', attempts: 5, waitMs: 8_000 })).text;
}
