import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts.ts';
import type { RunningApp } from './support/app-server.ts';
import { openPhone, type Phone } from './support/phone.ts';

/** Deleting an account (issue 22): 账号与安全 → 注销账号 → the password → confirmed; then signing in fails. */
let phone: Phone | undefined;
let app: RunningApp;
let page: Page;
const poll = expect.poll;
const userName = `leaver_${Date.now() % 100000}`;

beforeAll(async () => {
  phone = await openPhone();
  ({ app, page } = phone);
  await registerThroughApi(app.url, userName, 'first-pass-1');
}, 240_000);

afterAll(async () => {
  await phone?.close();
});

async function logIn(password: string): Promise<void> {
  await page.goto(`${app.url}/login?redirect=%2FaccountSecurity`);
  await page.getByPlaceholder('请输入账号').fill(userName);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

describe('deleting an account', () => {
  it('注销账号 asks for the password, then confirms what it means', async () => {
    await logIn('first-pass-1');
    await page.waitForURL(/\/accountSecurity$/);
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
    await logIn('first-pass-1');
    await poll(() => page.locator('.adm-toast-main').textContent()).toBe('账号或密码错误');
    expect(page.url()).toContain('/login');
  });
});
