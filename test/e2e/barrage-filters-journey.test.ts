import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RegexKeywordTexts } from '../../src/core/playback/playback-texts.ts';
import { openVideo } from './support/play.ts';
import { useJourney } from './support/journey.ts';

const VIDEO = 'movie-07';
const PASSWORD = 'demo123456';
/** Sent by three viewers within a second of each other: shown once, with ×3. */
const TWIN = '弹幕合并测试';
const SIXES = '666666';

const { page: pageA, app, poll, logIn, otherPhone, shot } = useJourney({ poll: { timeout: 20_000 } });
/** demo2's phone (B), in its own context (A, the journey's page, is demo's). */
let pageB: Page;

interface Sender {
  uid: number;
  token: Record<string, string | number>;
}

async function registerSender(index: number): Promise<Sender> {
  const userName = `twin${Date.now() % 1_000_000}${index}`;
  const response = await fetch(`${app.url}/api/Login/Register`, { method: 'POST', body: new URLSearchParams({ userName, password: PASSWORD }) });
  const answer = (await response.json()) as { ret: number; data: { id: number; token: Record<string, string | number> } };
  expect(answer.ret).toBe(200);
  return { uid: answer.data.id, token: answer.data.token };
}

/** A barrage stored through AddBarrages, as another viewer's app sends it. */
async function sendByApi(from: Sender, content: string, time: number): Promise<void> {
  const token = Object.fromEntries(Object.entries(from.token).map(([k, v]) => [k, String(v)]));
  const query = new URLSearchParams({ ...token, login_uid: String(from.uid), mediaKey: VIDEO, episode: '1', content, time: time.toFixed(3) });
  const response = await fetch(`${app.url}/api/Video/AddBarrages?${query.toString()}`);
  expect(((await response.json()) as { ret: number }).ret).toBe(200);
}

/** Records every barrage text the accessible mirror lists from now on (even one shown for a moment). */
async function recordMirror(on: Page): Promise<() => Promise<string[]>> {
  await on.evaluate(() => {
    const w = window as unknown as { __seen: string[]; __seenObserver?: MutationObserver };
    w.__seen = [];
    w.__seenObserver?.disconnect();
    const list = document.querySelector('[data-testid="barrage-a11y"]');
    if (!list) throw new Error('no mirror');
    const take = () => list.querySelectorAll('li').forEach((li) => w.__seen.push((li.textContent ?? '').trim()));
    take();
    w.__seenObserver = new MutationObserver(take);
    w.__seenObserver.observe(list, { childList: true, subtree: true, characterData: true });
  });
  return () => on.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

/** Moves the playing video to `seconds` (as dragging the progress bar would). */
async function seek(on: Page, seconds: number): Promise<void> {
  await on.getByTestId('play-video').evaluate((v: HTMLVideoElement, to: number) => {
    v.currentTime = to;
    void v.play().catch(() => undefined);
  }, seconds);
}

async function openBlocking(on: Page): Promise<void> {
  await on.getByTestId('barrage-blocking').click();
  await on.getByTestId('barrage-blocking-sheet').waitFor();
}

async function closeSheet(on: Page): Promise<void> {
  await on.locator('.adm-popup .adm-mask:visible').last().click({ position: { x: 20, y: 20 } });
  await poll(() => on.locator('.adm-popup .adm-mask:visible').count()).toBe(0);
}

beforeAll(async () => {
  pageB = await otherPhone();
  const seed = async () => {
    const senders = await Promise.all([1, 2, 3].map(registerSender));
    // Three viewers send the same words within a second; one of them a run of sixes too.
    await Promise.all(senders.map((sender, index) => sendByApi(sender, index === 1 ? ` ${TWIN} ` : TWIN, 3 + index * 0.5)));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await sendByApi(senders[0] as Sender, SIXES, 3.2);
  };
  await Promise.all([seed(), logIn('demo', { on: pageA }), logIn('demo2', { on: pageB })]);
}, 240_000);

describe('barrage filters on an iPhone', () => {
  it('identical barrages sent within seconds fly once, with ×3', async () => {
    await openVideo(pageA, app.url, VIDEO);
    const seen = await recordMirror(pageA);
    await seek(pageA, 1);
    await poll(async () => (await seen()).includes(`${TWIN} ×3`)).toBe(true);
    await shot('barrage-filters-merged', pageA);
    await poll(async () => (await seen()).includes(SIXES)).toBe(true);
    expect((await seen()).filter((text) => text.startsWith(TWIN) && text !== `${TWIN} ×3`)).toEqual([]);
  });

  it('a /regex/ block hides the matching barrages already on the video and a live one sent afterwards', async () => {
    await openBlocking(pageA);
    await pageA.getByTestId('barrage-keyword-input').fill('/^6+$/');
    await pageA.getByTestId('barrage-keyword-add').click();
    await poll(() => pageA.getByTestId('barrage-keyword').allTextContents()).toContainEqual(expect.stringContaining('/^6+$/'));
    await closeSheet(pageA);

    // Stored: the sixes at 3.2 s no longer fly when the video passes them again; the merged twins still do.
    const seen = await recordMirror(pageA);
    await seek(pageA, 1);
    await poll(async () => (await seen()).includes(`${TWIN} ×3`)).toBe(true);
    await pageA.waitForTimeout(1_500);
    expect((await seen()).filter((text) => /^6+$/.test(text))).toEqual([]);

    // Live: demo2 sends sixes, then words; A sees the words and never the sixes.
    await openVideo(pageB, app.url, VIDEO);
    const live = await recordMirror(pageA);
    const send = async (text: string) => {
      await pageB.getByTestId('barrage-input').fill(text);
      await pageB.getByTestId('barrage-send').click();
      await poll(() => pageB.getByTestId('barrage-input').inputValue()).toBe('');
    };
    await send('6666');
    await pageB.waitForTimeout(1_200);
    await send('好戏开场');
    await poll(async () => (await live()).includes('好戏开场')).toBe(true);
    expect((await live()).filter((text) => /^6+$/.test(text))).toEqual([]);
  });

  it('an unsafe regex is refused with the reason, and not added', async () => {
    await openBlocking(pageA);
    await pageA.getByTestId('barrage-keyword-input').fill('/(a+)+$/');
    await pageA.getByTestId('barrage-keyword-add').click();
    await poll(() => pageA.getByText(RegexKeywordTexts.unsafe).isVisible()).toBe(true);
    await shot('barrage-filters-unsafe-regex', pageA);
    expect(await pageA.getByTestId('barrage-keyword').allTextContents()).not.toContainEqual(expect.stringContaining('(a+)+'));
    await closeSheet(pageA);
  });
  it('弹幕设置 shows the filters in Chinese; 合并重复弹幕 off lets the twins fly one by one and is kept for the account', async () => {
    await pageA.getByTestId('barrage-settings').click();
    const sheet = pageA.getByTestId('barrage-settings-sheet');
    for (const text of ['显示区域', '弹幕密度', '合并重复弹幕', '按类型屏蔽', '滚动', '顶部', '底部', '彩色']) {
      await poll(() => sheet.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    await shot('barrage-filters-settings', pageA);
    const merge = pageA.getByTestId('barrage-merge');
    expect(await merge.getAttribute('aria-checked')).toBe('true');
    const saved = pageA.waitForResponse((response) => response.url().includes('/api/user/PutBarrageCofig'));
    await merge.click();
    await saved;
    await poll(() => merge.getAttribute('aria-checked')).toBe('false');
    await closeSheet(pageA);
    const seen = await recordMirror(pageA);
    await seek(pageA, 1);
    await poll(async () => (await seen()).includes(TWIN)).toBe(true);
    expect(await seen()).not.toContain(`${TWIN} ×3`);

    await pageA.reload();
    await pageA.getByTestId('barrage-settings').click();
    await poll(() => pageA.getByTestId('barrage-merge').getAttribute('aria-checked')).toBe('false');
  });
});
