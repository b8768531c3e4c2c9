import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSource, testMediaTools } from '../support/media-sources.ts';
import { runAdminCommand } from './support/admin-command.ts';
import { DESKTOP_CHROME } from './support/devices.ts';
import { useJourney } from './support/journey.ts';

/**
 * 素材转码 in the operator console at a desktop's 1440×900 (issue 33): an editor made with `npm run admin` signs in,
 * uploads a 10 s 1080p source made here with ffmpeg, and watches its job go 排队中 → 转码中 (with its percent) →
 * 已完成 with the five renditions 1080p…180p; a text file renamed .mp4 is refused with its reason; a job cancelled
 * mid-way is 已取消 and the storage it took is given back; the owner finds each step in 审计日志.
 */
const OWNER = `owner-${Date.now().toString(36)}`;
const EDITOR = `editor-${Date.now().toString(36)}`;
const PASSWORD = 'media password 1';
let folder = '';
let film = '';
let longer = '';

const { page, app, poll, browser } = useJourney({
  device: DESKTOP_CHROME,
  prepareData: async (database) => {
    await runAdminCommand(database, ['operators', 'create', '--name', OWNER, '--role', 'owner', '--password', PASSWORD]);
    await runAdminCommand(database, ['operators', 'create', '--name', EDITOR, '--role', 'editor', '--password', PASSWORD]);
  },
});

/** The sources, made with ffmpeg while the journey's server starts (the error, if making them failed). */
const made = (async () => {
  folder = await mkdtemp(join(tmpdir(), 'console-media-'));
  const tools = await testMediaTools();
  film = join(folder, '山海之间 第1集.mp4');
  longer = join(folder, '长片花絮.mov');
  // 15 frames a second: half the frames to make and to transcode, the same ladder.
  await makeSource(tools, film, { seconds: 10, width: 1920, height: 1080, fps: 15 });
  // The job to cancel: the same footage under another name (its five rungs take long enough to be caught under way).
  await copyFile(film, longer);
})().then(() => null, (error: unknown) => error);

beforeAll(async () => {
  const error = await made;
  if (error !== null) throw error;
}, 240_000);

afterAll(async () => {
  if (folder !== '') await rm(folder, { recursive: true, force: true });
});

async function signIn(on: Page, name: string): Promise<void> {
  await on.getByTestId('console-name').fill(name);
  await on.getByTestId('console-password').fill(PASSWORD);
  await on.getByTestId('console-sign-in').click();
}

const jobRow = (on: Page, fileName: string) => on.getByTestId('console-media-job').filter({ hasText: fileName });
const fileInput = (on: Page) => on.locator('.console-media__upload input[type=file]');

describe('素材转码 in the console', () => {
  it('the editor uploads a 10 s 1080p source and watches it become 1080p / 720p / 480p / 360p / 180p', async () => {
    await page.goto(`${app.url}/admin/login?redirect=%2Fadmin%2Fmedia`);
    await signIn(page, EDITOR);
    await page.waitForURL((url) => url.pathname === '/admin/media');
    await poll(() => page.getByText('支持 mp4、mov、mkv、webm，单个文件不超过4 GB').count()).toBe(1);
    // This server found ffmpeg (the npm packages): no warning.
    expect(await page.getByTestId('console-media-no-tools').count()).toBe(0);

    await fileInput(page).setInputFiles(film);
    await poll(() => jobRow(page, '山海之间 第1集.mp4').count(), 60_000).toBe(1);
    const row = jobRow(page, '山海之间 第1集.mp4');
    const states = new Set<string>();
    await poll(async () => {
      states.add((await row.getByTestId('console-media-state').textContent()) ?? '');
      return row.getAttribute('data-state');
    }, 240_000).toBe('ready');
    expect(states.has('已完成')).toBe(true);
    expect([...states].some((state) => state === '转码中' || state === '检查中' || state === '排队中')).toBe(true);
    expect(await row.getByTestId('console-media-rungs').textContent()).toBe('1080p / 720p / 480p / 360p / 180p');
    expect(await row.textContent()).toContain('1920×1080');
    expect(await row.textContent()).toContain('0:10');
    expect(await row.textContent()).toContain(EDITOR);
  }, 300_000);

  it('a text file renamed .mp4 is refused with its reason', async () => {
    await fileInput(page).setInputFiles({ name: '剧本.mp4', mimeType: 'video/mp4', buffer: Buffer.from('第一场 日 外景\n'.repeat(200)) });
    await poll(() => page.getByTestId('console-media-upload-error').textContent()).toBe('不是视频文件（只支持 mp4、mov、mkv、webm）');
    expect(await jobRow(page, '剧本.mp4').count()).toBe(0);
  });

  it('a job cancelled mid-way is 已取消, and the storage it took is given back', async () => {
    const storage = page.locator('.console-media__storage');
    // What is held now (the ready job's renditions included), read afresh.
    await page.reload();
    await poll(() => storage.textContent()).toMatch(/^存储 /);
    const before = (await storage.textContent()) ?? '';
    await fileInput(page).setInputFiles(longer);
    const row = jobRow(page, '长片花絮.mov');
    await poll(() => row.getAttribute('data-state'), 120_000).toBe('transcoding');
    await row.getByTestId('console-media-cancel').click();
    await poll(() => row.getAttribute('data-state')).toBe('cancelled');
    expect(await row.getByTestId('console-media-state').textContent()).toBe('已取消');
    expect(await row.getByTestId('console-media-retry').count()).toBe(0);
    await poll(() => storage.textContent()).toBe(before);
  }, 180_000);

  it('the owner finds the uploads, the queued jobs and the cancel in 审计日志, made by the editor', async () => {
    const context = await browser.newContext({ ...DESKTOP_CHROME });
    const owner = await context.newPage();
    await owner.goto(`${app.url}/admin/login?redirect=%2Fadmin%2Faudit`);
    await signIn(owner, OWNER);
    await owner.waitForURL((url) => url.pathname === '/admin/audit');
    const rows = owner.locator('.ant-table-tbody tr.ant-table-row');
    await poll(async () => (await rows.allTextContents()).filter((text) => text.includes(EDITOR)).length).toBeGreaterThanOrEqual(6);
    const byEditor = (await rows.allTextContents()).filter((text) => text.includes(EDITOR));
    expect(byEditor.some((text) => text.includes('取消转码') && text.includes('长片花絮.mov'))).toBe(true);
    expect(byEditor.filter((text) => text.includes('加入转码队列')).length).toBe(2);
    expect(byEditor.filter((text) => text.includes('上传素材')).length).toBe(3);
    await context.close();
  });
});
