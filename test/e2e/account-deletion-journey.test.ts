import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/** Deleting an account (issue 22): 账号与安全 → 注销账号 → the password → confirmed; then signing in fails. */
const { page, app, poll, logIn } = useJourney();
const userName = `leaver_${Date.now() % 100000}`;

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'first-pass-1');
}, 240_000);

describe('deleting an account', () => {
  it('注销账号 asks for the password, then confirms what it means', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { redirect: '/accountSecurity' });
    await page.getByRole('button', { name: /注销账号/ }).first().click();
    const section = page.getByRole('region', { name: '注销账号' });
    await section.getByPlaceholder('请输入登录密码').fill('not-mine-1');
    await section.getByRole('button', { name: '注销账号', exact: true }).last().click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认注销' }).click();
    await poll(() => section.getByRole('alert').textContent()).toBe('密码错误');
    await section.getByPlaceholder('请输入登录密码').fill('first-pass-1');
    await section.getByRole('button', { name: '注销账号', exact: true }).last().click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认注销' }).click();
    await poll(() => page.locator('.adm-toast-main').textContent()).toBe('账号已注销');
    await page.waitForURL(new RegExp(`^${app.url}/?$`));
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('the account can no longer sign in', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { redirect: '/accountSecurity', arrive: false });
    await poll(() => page.locator('.adm-toast-main').textContent()).toBe('账号或密码错误');
    expect(page.url()).toContain('/login');
  });
});
