import { beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { useJourney } from './support/journey.ts';

/**
 * AppDownload (spec §7: the download a video offers, where the operator allows it): /playDownload asks it for each
 * episode; an MP4 video's episode is a link to its signed file, which downloads; a video the operator keeps from
 * downloading (music-03, seeded) says so; a series' HLS episodes send to the app.
 */
const { page, app, poll } = useJourney({ poll: { timeout: 45_000, interval: 250 } });
const asked: string[] = [];

beforeAll(async () => {
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/Video/AppDownload')) asked.push(new URL(request.url()).searchParams.get('mediaKey') ?? '');
  });
}, 240_000);

describe('downloading a video', () => {
  it('an MP4 video offers its file: the link downloads the signed MP4, named after the video', { timeout: 120_000 }, async () => {
    await page.goto(`${app.url}/playDownload?mediaKey=music-01`);
    const link = page.getByTestId('download-link-1');
    await poll(() => link.getAttribute('href')).toMatch(/\/vod\/[^/]+\/clip-d\.mp4$/);
    expect(asked).toContain('music-01');
    const title = (await page.getByTestId('download-1').locator('span').first().textContent()) ?? '';
    expect(await link.getAttribute('download')).toBe(`${title}.mp4`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${title}.mp4`);
    const path = await download.path();
    expect(path).toBeTruthy();
  });

  it('a video the operator does not allow says 该视频暂不支持下载 and offers no link', { timeout: 120_000 }, async () => {
    await page.goto(`${app.url}/playDownload?mediaKey=music-03`);
    await poll(() => page.getByTestId('download-refused').textContent()).toBe('该视频暂不支持下载');
    expect(asked).toContain('music-03');
    expect(await page.getByTestId('download-link-1').count()).toBe(0);
    await expect.poll(() => page.getByTestId('download-1').textContent()).toContain('该视频暂不支持下载');
  });

  it('a series\' HLS episodes need the app: 下载 App leads to /app-download', { timeout: 120_000 }, async () => {
    await page.goto(`${app.url}/playDownload?mediaKey=drama-01`);
    await poll(() => page.getByTestId('download-needs-app').count()).toBe(1);
    await page.getByTestId('download-needs-app').getByRole('button').click();
    await page.waitForURL(/\/app-download$/);
  });
});
