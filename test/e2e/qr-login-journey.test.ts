import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { renderSVG } from 'uqr';
import { describe, expect, it } from 'vitest';
import { withoutStartAds } from './support/no-start-ads.ts';
import { expectNothingCovered } from './support/tap-targets.ts';
import { useJourney } from './support/journey.ts';

/**
 * QR-code sign-in: a TV (a TV browser's user agent at 1280×720) shows a code on /login; the signed-in phone opens
 * what the code carries (read here from the TV page's own drawing: a screenshot decoded with jsQR), sees the TV asking
 * and confirms; the TV is signed in without reloading. The same code then works no more; a second TV's code is picked
 * from the phone's album on /scanCode and cancelled there, which the TV shows at once.
 */
const TV = {
  viewport: { width: 1280, height: 720 },
  userAgent: 'Mozilla/5.0 (Linux; Tizen 6.0; SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
};
/** The phone, signed in as demo. */
const { page: mobile, app, browser, poll } = useJourney({ signedInAs: 'demo' });
/** A step that opens a TV context (a new page loading the app's chunks) gets longer on a busy machine. */
const TV_STEP_MS = 180_000;

/** The websockets the TV pages opened. */
const tvSockets: string[] = [];

/** A new TV on /login, its code drawn. */
async function openTv(): Promise<Page> {
  const context = await browser.newContext(TV);
  await withoutStartAds(context);
  const tv = await context.newPage();
  tv.on('websocket', (socket) => tvSockets.push(socket.url()));
  await tv.goto(`${app.url}/login`);
  await expect.poll(() => tv.getByTestId('qr-login-state').textContent(), { timeout: 15_000 }).toBe('等待扫码');
  return tv;
}

/** The code as the TV page draws it: a PNG of the element. */
const codePicture = (tv: Page): Promise<Buffer> => tv.getByTestId('qr-code').screenshot();

/** What a PNG's QR code says (sharp's raw RGBA pixels, read by jsQR). */
async function readCode(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (code === null) throw new Error('no QR code in the picture');
  return code.data;
}

describe('QR-code sign-in from a phone to a TV', () => {
  let tv: Page;
  let url: string;

  it('the TV\'s login page shows a code carrying /authorizeLogin with a ticket; a phone\'s login page shows none', async () => {
    tv = await openTv();
    url = await readCode(await codePicture(tv));
    expect(url).toMatch(new RegExp(`^${app.url.replace(/[.]/g, '\\.')}/authorizeLogin\\?ticket=[A-Za-z0-9_-]{43}$`));
    await tv.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
  }, TV_STEP_MS);

  it('the phone opens it, sees the TV asking and confirms; the TV is signed in as the phone\'s account without reloading', async () => {
    await mobile.goto(url);
    await poll(() => mobile.getByTestId('qr-authorize-device').textContent(), 10_000).toMatch(/^电视 · /);
    await expect.poll(() => mobile.getByText('登录账号：演示用户').count()).toBe(1);
    await poll(() => tv.getByTestId('qr-login-state').textContent()).toBe('已扫码，请在手机上确认');
    await mobile.getByRole('button', { name: '确认登录' }).click();
    await poll(() => mobile.getByText('已确认登录，请在大屏设备上继续使用').count()).toBe(1);
    await tv.waitForURL(/\/user$/, { timeout: 10_000 });
    await poll(() => tv.getByTestId('nickname').textContent()).toBe('演示用户');
    expect(await tv.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Told over the socket the visitor's page opened (polling is only the fallback).
    expect(tvSockets.some((address) => address.includes('/socket.io/'))).toBe(true);
  });

  it('the phone is still signed in and lists the TV among its devices', async () => {
    await mobile.goto(`${app.url}/accountSecurity`);
    await poll(() => mobile.getByTestId('device-row').filter({ hasText: '电视 · ' }).count(), 10_000).toBe(1);
  });

  it('the same code again is refused', async () => {
    await mobile.goto(url);
    await poll(() => mobile.getByRole('alert').filter({ hasText: '二维码已使用' }).count(), 10_000).toBe(1);
    expect(await mobile.getByRole('button', { name: '确认登录' }).count()).toBe(0);
  });

  it('a second TV\'s code picked from the album on /scanCode opens /authorizeLogin; 取消 shows 已取消 on the TV, with a new code offered', async () => {
    const second = await openTv();
    const picture = await codePicture(second);
    const ticket = new URL(await readCode(picture)).searchParams.get('ticket');
    await mobile.goto(`${app.url}/accountSecurity`);
    await mobile.getByTestId('security-scan-code').click();
    await mobile.waitForURL(/\/scanCode$/);
    // Headless Chromium has no camera: the page says so and offers the album.
    await poll(() => mobile.getByTestId('qr-scan-status').textContent(), 10_000).toMatch(/相册/);
    await mobile.getByTestId('qr-scan-album').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: picture });
    await mobile.waitForURL((address) => address.pathname === '/authorizeLogin' && address.searchParams.get('ticket') === ticket, { timeout: 10_000 });
    await poll(() => mobile.getByTestId('qr-authorize-device').textContent(), 10_000).toMatch(/^电视 · /);
    await mobile.getByRole('button', { name: '取消', exact: true }).click();
    await poll(() => mobile.getByText('已取消登录').count()).toBe(1);
    await poll(() => second.getByTestId('qr-login-state').textContent()).toBe('已取消');
    await second.getByRole('button', { name: '刷新二维码' }).click();
    await poll(() => second.getByTestId('qr-login-state').textContent()).toBe('等待扫码');
    const renewed = new URL(await readCode(await codePicture(second))).searchParams.get('ticket');
    expect(renewed).not.toBe(ticket);
    expect(second.url()).toMatch(/\/login$/);
  }, TV_STEP_MS);

  it('a foreign code from the album lands on /scanCodeResult showing its text, not as a link', async () => {
    const foreign = await sharp(Buffer.from(renderSVG('https://example.com/not-ours', { pixelSize: 8 }))).png().toBuffer();
    await mobile.goto(`${app.url}/scanCode`);
    await mobile.getByTestId('qr-scan-album').setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: foreign });
    await mobile.waitForURL(/\/scanCodeResult/, { timeout: 10_000 });
    await poll(() => mobile.getByTestId('qr-result-text').textContent()).toBe('https://example.com/not-ours');
    expect(await mobile.getByText('该二维码不是奇遇视频的二维码，内容如下：').count()).toBe(1);
    expect(await mobile.locator('a[href*="example.com"]').count()).toBe(0);
  });

  it('a picture without a code says so', async () => {
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await mobile.goto(`${app.url}/scanCode`);
    await mobile.getByTestId('qr-scan-album').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await mobile.waitForURL(/\/scanCodeResult/, { timeout: 10_000 });
    await poll(() => mobile.getByText('未识别到二维码，请换一张图片试试').count()).toBe(1);
  });

  it('a phone\'s login page shows no code', async () => {
    await mobile.goto(`${app.url}/login`);
    await poll(() => mobile.getByPlaceholder('请输入账号').count()).toBe(1);
    expect(await mobile.getByTestId('qr-login-panel').count()).toBe(0);
  });

  it('nothing lies over a tap target on the TV\'s login page, /authorizeLogin, /scanCode and /scanCodeResult', async () => {
    const tv = await openTv();
    const url = await readCode(await codePicture(tv));
    await expectNothingCovered(tv, `${app.url}/login`, 'tv', () => tv.getByTestId('qr-code').waitFor());
    await expectNothingCovered(mobile, url, 'demo', () => mobile.getByRole('button', { name: '确认登录' }).waitFor());
    await expectNothingCovered(mobile, `${app.url}/scanCode`, 'demo', () => mobile.getByTestId('qr-scan-status').waitFor());
    await expectNothingCovered(mobile, `${app.url}/scanCodeResult?text=hello`, 'demo', () => mobile.getByTestId('qr-result-text').waitFor());
  }, TV_STEP_MS);
});
