import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { chunkNumberOf, makePostVideo, sha256, type PostVideo } from './support/post-video.ts';
import { useJourney } from './support/journey.ts';

const { page, app, context, poll, logIn } = useJourney({ poll: { timeout: 15_000 } });
let video: PostVideo;
/** While true, every UploadVideoChunk request for chunk 3 is dropped as if the network failed. */
let chunk3Down = true;
/** Chunk numbers of the chunk requests the page sent, in order (dropped ones too). */
const sent: number[] = [];
let sentBeforeResume = 0;

beforeAll(async () => {
  video = await makePostVideo();
  await context.route('**/api/User/UploadVideoChunk**', async (route) => {
    const chunk = chunkNumberOf(route.request().postDataBuffer());
    if (chunk !== null) sent.push(chunk);
    if (chunk3Down && chunk === 3) await route.abort('connectionreset');
    else await route.fallback();
  });
});

afterAll(async () => {
  await video?.remove();
});

describe('an upload that loses its connection resumes where it stopped', () => {
  it('demo starts publishing the 7 MB video (its first frame as the cover)', async () => {
    await logIn('demo', { redirect: '/publishDynamic' });
    await page.getByTestId('pick-video').setInputFiles(video.path);
    await page.waitForURL(/\/selectVideoPreview$/, { timeout: 20_000 });
    await page.getByTestId('select-video-next').click();
    await page.waitForURL(/\/publishDynamic$/);
    await page.getByTestId('publish-description').fill('断点续传测试');
    await page.getByTestId('publish').click();
    await page.getByTestId('upload-progress').waitFor();
  });

  it('chunk 3 keeps failing: after the retries the error shows 上传失败 with 继续上传 and 取消, progress held at 2 of 4', { timeout: 120_000 }, async () => {
    const error = page.getByTestId('upload-error');
    // Chunks 1 and 2 (3.5 MB) go first, then three retries wait 1 + 2 + 4 s: a loaded machine has taken over 30 s.
    await error.waitFor({ timeout: 90_000 });
    expect(await error.locator('.upload-card__error').textContent()).toBe(UploadTexts.uploadFailed);
    expect(await page.getByTestId('upload-resume').textContent()).toBe('继续上传');
    expect(await page.getByTestId('upload-cancel').textContent()).toBe('取消');
    expect(await page.getByTestId('upload-progress').getAttribute('data-progress')).toBe(String(1 + Math.round((79 * 2) / 4)));
    expect(sent.filter((chunk) => chunk === 3)).toHaveLength(1 + UploadConstants.chunkRetryDelaysMs.length);
    expect(sent.filter((chunk) => chunk !== 3)).toEqual([1, 2]);
  });

  it('with the network back, 继续上传 sends only chunks 3 and 4 and the post is published', async () => {
    chunk3Down = false;
    sentBeforeResume = sent.length;
    const published = page.locator('.adm-toast-main', { hasText: '发布成功' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('upload-resume').click();
    await published;
    await page.waitForURL(/\/myDynamic$/, { timeout: 30_000 });
    expect(sent.slice(sentBeforeResume)).toEqual([3, 4]);
    await poll(() => page.getByTestId('post-card').first().getByTestId('post-text').textContent()).toBe('断点续传测试');
  });

  it('the stored video is byte for byte the file that was picked', async () => {
    await page.getByTestId('post-card').first().locator('.post-card__open').click();
    await page.waitForURL(/\/dynamicDetail\?id=\d+$/);
    const src = await page.getByTestId('post-video').getAttribute('src');
    expect(src).toMatch(/\/uploads\/videos\/xw-[A-Za-z0-9_-]+\.mp4$/);
    const response = await fetch(new URL(src ?? '', app.url));
    expect(response.status).toBe(200);
    const stored = new Uint8Array(await response.arrayBuffer());
    expect(stored.length).toBe(video.bytes.length);
    expect(sha256(stored)).toBe(video.sha256);
  });
});
