import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts.ts';
import { ANDROID_CHROME } from './support/phone.ts';
import { useJourney } from './support/journey.ts';

/**
 * Signed-in devices (issue 22): an Android phone (A) and an iPhone (B) signed in to one account; A's 账号与安全
 * lists them (本机 first, with the session the registration opened), ending B's session there signs B out at once
 * (userStateChange 1), and 退出其他所有设备 leaves A alone. (A login signs out the account's open pages elsewhere,
 * so B is closed while A signs in: its session stays valid.)
 */
const { page: pageB, app, poll, logIn, otherPhone } = useJourney();
let pageA: Page;
const account = { userName: `devices_${Date.now() % 100000}`, password: 'first-pass-1' };

beforeAll(async () => {
  pageA = await otherPhone(ANDROID_CHROME);
  await registerThroughApi(app.url, account.userName, account.password);
});

describe('ending another device\'s session from the device list', () => {
  it('both phones sign in', async () => {
    await logIn(account, { on: pageB });
    await pageB.goto('about:blank');
    await logIn(account, { on: pageA });
    await pageB.goto(`${app.url}/user`);
    await poll(() => pageB.getByRole('button', { name: '登录/注册' }).count()).toBe(0);
  });

  it('A\'s 账号与安全 lists this Android phone first, then the iPhone', async () => {
    await pageA.goto(`${app.url}/accountSecurity`);
    const rows = pageA.getByTestId('device-row');
    await poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toMatch(/Android · Chrome.*本机/);
    const iphone = rows.filter({ hasText: 'iPhone · Safari' });
    expect(await iphone.count()).toBe(1);
    expect(await iphone.textContent()).toContain('最近使用');
  });

  it('A ends the iPhone\'s session: B is signed out at once, A stays', async () => {
    await pageA.getByTestId('device-row').filter({ hasText: 'iPhone · Safari' }).getByRole('button', { name: '退出' }).click();
    await pageA.locator('.adm-dialog').getByRole('button', { name: '退出', exact: true }).click();
    await pageB.waitForURL(new RegExp(`^${app.url}/?$`));
    await poll(() => pageB.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await poll(() => pageA.getByTestId('device-row').filter({ hasText: 'iPhone · Safari' }).count()).toBe(0);
  });

  it('退出其他所有设备 leaves only this one', async () => {
    await pageA.getByRole('button', { name: '退出其他所有设备' }).click();
    await pageA.locator('.adm-dialog').getByRole('button', { name: '退出', exact: true }).click();
    await poll(() => pageA.getByTestId('device-row').count()).toBe(1);
    expect(await pageA.getByTestId('device-row').textContent()).toContain('本机');
    expect(await pageA.getByRole('button', { name: '退出其他所有设备' }).count()).toBe(0);
  });
});
