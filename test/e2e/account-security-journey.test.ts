import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * Account security (issue 22) on two phones signed in to the same account: A changes the password from
 * 设置 → 账号与安全 → 修改密码; B's session ends at once (the socket's userStateChange 1), and only the new
 * password signs in afterwards. (A login signs out the account's open pages elsewhere (userLiveTest), so B is
 * closed while A signs in: its session stays valid, as a phone in a pocket's would.)
 */
const { page: pageA, app, poll, logIn, otherPhone, toast } = useJourney();
let pageB: Page;
const userName = `guard_${Date.now() % 100000}`;

beforeAll(async () => {
  pageB = await otherPhone();
  await registerThroughApi(app.url, userName, 'first-pass-1');
});

describe('changing the password ends the other sessions', () => {
  it('both phones sign in (B first, closed while A signs in, so the newer login does not sign B out)', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { on: pageB });
    await pageB.goto('about:blank');
    await logIn({ userName, password: 'first-pass-1' }, { on: pageA });
    await pageB.goto(`${app.url}/user`);
    await poll(() => pageB.getByRole('button', { name: '登录/注册' }).count()).toBe(0);
  });

  it('A finds 修改密码 under 设置 → 账号与安全, which shows what is bound', async () => {
    await pageA.goto(`${app.url}/settings`);
    await pageA.getByTestId('settings-account-security').click();
    await pageA.waitForURL(/\/accountSecurity$/);
    await poll(() => pageA.getByTestId('security-user-name').textContent()).toContain(userName);
    expect(await pageA.getByTestId('security-email').textContent()).toContain('未绑定');
    await pageA.getByTestId('security-password').click();
    await pageA.waitForURL(/\/setPassword$/);
  });

  it('a wrong current password and a mismatch are said on the form', async () => {
    await pageA.getByLabel('原密码').fill('not-mine-1');
    await pageA.getByLabel('新密码', { exact: true }).fill('second-pass-2');
    await pageA.getByLabel('确认新密码').fill('second-pass-3');
    await pageA.getByRole('button', { name: '确认修改' }).click();
    await poll(() => pageA.getByRole('alert').textContent()).toBe('两次输入的新密码不一致');
    await pageA.getByLabel('确认新密码').fill('second-pass-2');
    await pageA.getByRole('button', { name: '确认修改' }).click();
    await poll(() => pageA.getByRole('alert').textContent()).toBe('原密码错误');
  });

  it('A changes it: A stays signed in, B is told and signed out at once', async () => {
    await poll(() => pageB.getByRole('button', { name: '登录/注册' }).count()).toBe(0);
    await pageA.getByLabel('原密码').fill('first-pass-1');
    await pageA.getByRole('button', { name: '确认修改' }).click();
    await poll(() => toast(pageA).textContent()).toBe('密码修改成功');
    await pageA.waitForURL(/\/accountSecurity$/);
    await poll(() => toast(pageB).textContent()).toBe('密码已修改，请重新登录');
    await pageB.waitForURL(new RegExp(`^${app.url}/?$`));
    expect(await pageB.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // A is still in.
    await pageA.goto(`${app.url}/user`);
    await poll(() => pageA.getByRole('button', { name: '登录/注册' }).count()).toBe(0);
  });

  it('only the new password signs in', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { on: pageB, arrive: false });
    await poll(() => toast(pageB).textContent()).toBe('账号或密码错误');
    await logIn({ userName, password: 'second-pass-2' }, { on: pageB });
  });
});
