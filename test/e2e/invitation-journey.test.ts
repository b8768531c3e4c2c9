import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * Invitations on two iPhones with two accounts: A (registered through the API) opens 我的 → 邀请好友, reads its code,
 * its link and saves the poster; B, a new account, goes 邀请好友 → 去填写, enters A's code on /inputInvitationCode and
 * sees its 50 gold; entering again is refused; A then sees B in its list and 100 more gold on /myGold. A third phone
 * registers through A's link, which records the invitation too.
 */
const { page: pageA, app, poll, logIn, otherPhone } = useJourney();
let pageB: Page;
const stamp = Date.now() % 100000;
const userA = `inviter_${stamp}`;
const userB = `invitee_${stamp}`;
let code = '';
let link = '';

beforeAll(async () => {
  pageB = await otherPhone();
  await registerThroughApi(app.url, userA, 'first-pass-1');
  await registerThroughApi(app.url, userB, 'first-pass-1');
});

describe('inviting a friend', () => {
  it('A opens 邀请好友 from 我的 and reads its code, its link, the rules and the poster', async () => {
    await logIn({ userName: userA, password: 'first-pass-1' }, { on: pageA });
    await pageA.getByTestId('entry-invitation').click();
    await pageA.waitForURL(/\/invitation$/);
    await poll(() => pageA.getByTestId('invite-code').textContent()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    code = (await pageA.getByTestId('invite-code').textContent()) ?? '';
    link = (await pageA.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toBe(`${app.url}/register?inviteCode=${code}`);
    await expect(pageA.getByText('注册后7天内填写你的邀请码', { exact: false }).count()).resolves.toBe(1);
    const qr = pageA.getByRole('img', { name: '邀请链接二维码' });
    expect(await qr.getAttribute('data-qr-text')).toBe(link);
    await pageA.getByRole('button', { name: '复制', exact: true }).click();
    await poll(() => pageA.locator('.adm-toast-main').textContent()).toMatch(/邀请码已复制|复制失败/);
    await pageA.getByRole('button', { name: '保存海报' }).click();
    const saved = pageA.getByRole('img', { name: '邀请海报' });
    await poll(async () => (await saved.getAttribute('src'))?.slice(0, 22)).toBe('data:image/png;base64,');
    const size = await saved.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size).toEqual([600, 900]);
    // The saved PNG's QR code reads back as the link.
    const pixels = await saved.evaluate((image: HTMLImageElement) => {
      // The QR code's part of the poster (300 pixels square at 150, 450), with a white margin.
      const canvas = document.createElement('canvas');
      canvas.width = 340;
      canvas.height = 340;
      const context = canvas.getContext('2d');
      context?.drawImage(image, 130, 430, 340, 340, 0, 0, 340, 340);
      return Array.from(context?.getImageData(0, 0, 340, 340).data ?? []);
    });
    expect(jsQR(Uint8ClampedArray.from(pixels), 340, 340)?.data).toBe(link);
    await pageA.getByRole('button', { name: '关闭' }).click();
    await expect(pageA.getByTestId('invitee-row').count()).resolves.toBe(0);
  }, 120_000);

  it('B, a new account, enters A’s code on /inputInvitationCode and sees its reward', async () => {
    await logIn({ userName: userB, password: 'first-pass-1' }, { on: pageB });
    await pageB.goto(`${app.url}/invitation`);
    await pageB.getByTestId('invite-enter-code').click();
    await pageB.waitForURL(/\/inputInvitationCode$/);
    await pageB.getByLabel('邀请码').fill(code.toLowerCase());
    await pageB.getByRole('button', { name: '提交' }).click();
    await poll(() => pageB.getByTestId('invite-result').textContent()).toContain('+50金币');
    expect(await pageB.getByTestId('invite-result').textContent()).toContain(`好友「${userA}」的邀请奖励已到账`);
  }, 120_000);

  it('entering again is refused', async () => {
    await pageB.goto(`${app.url}/inputInvitationCode`);
    await poll(() => pageB.getByTestId('invite-closed').textContent()).toBe(`你已填写过好友「${userA}」的邀请码`);
    await pageB.goto(`${app.url}/invitation`);
    await poll(() => pageB.getByText(`你已填写好友「${userA}」的邀请码`).count()).toBe(1);
    expect(await pageB.getByTestId('invite-enter-code').count()).toBe(0);
    // The server refuses a second entry whatever the page offers: sent as the app sends it, with B's stored token.
    const answer = await pageB.evaluate(async (inviteCode) => {
      const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: Record<string, string | number> };
      const token = Object.fromEntries(Object.entries(stored.token ?? {}).map(([key, value]) => [key, String(value)]));
      const body = new URLSearchParams({ inviteCode, System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: '0', ...token, login_uid: token['uid'] ?? '' });
      const response = await fetch('/api/user/InputInvitationCode', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return (await response.json()) as { ret: number; msg: string };
    }, code);
    expect(answer).toMatchObject({ ret: 6403, msg: '已填写过邀请码' });
  }, 120_000);

  it('A sees B in its invited list, and 100 more gold on /myGold', async () => {
    await pageA.goto(`${app.url}/invitation`);
    await poll(() => pageA.getByTestId('invitee-row').count()).toBe(1);
    const row = pageA.getByTestId('invitee-row').first();
    expect(await row.textContent()).toContain(userB);
    expect(await row.textContent()).toContain('+100金币');
    // The totals come with their own answer (GetInvitationInfo), which may arrive after the list's.
    await poll(() => pageA.getByTestId('invite-count').textContent()).toBe('1');
    expect(await pageA.getByTestId('invite-gold').textContent()).toBe('100');
    await pageA.goto(`${app.url}/myGold`);
    await poll(() => pageA.getByTestId('my-gold-balance').textContent()).toBe('100');
    await poll(() => pageA.getByTestId('gold-record').first().textContent()).toContain(`邀请好友奖励（${userB}）`);
  }, 120_000);

  it('a friend registering through A’s link is recorded too', async () => {
    const pageC = await otherPhone();
    await pageC.goto(link);
    const userC = `linked_${stamp}`;
    await poll(() => pageC.locator('input[name="inviteCode"]').inputValue()).toBe(code);
    await pageC.locator('input[name="userName"]').fill(userC);
    await pageC.locator('input[name="password"]').fill('first-pass-1');
    await pageC.locator('input[name="confirmPassword"]').fill('first-pass-1');
    await pageC.getByRole('button', { name: '注册', exact: true }).click();
    await poll(() => pageC.locator('.adm-toast-main').textContent()).toContain('邀请奖励50金币已到账');
    await pageA.goto(`${app.url}/invitation`);
    await poll(() => pageA.getByTestId('invitee-row').count()).toBe(2);
    expect(await pageA.getByTestId('invitee-row').first().textContent()).toContain(userC);
  }, 120_000);
});
