/** Accounts a journey starts with, made through the API as registration makes them (not a test itself). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Registers `userName` with `password` on the running app, outside any browser context. */
export async function registerThroughApi(appUrl: string, userName: string, password: string): Promise<void> {
  const registered = await fetch(`${appUrl}/api/Login/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password, System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: '0' }).toString(),
  });
  expect(((await registered.json()) as { ret: number }).ret).toBe(200);
}

/** On the open login page: types the account and the password and presses 登录, as a person does. */
export async function fillLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(userName);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Signs in on /login?redirect=<redirect> and waits to be back on that page. */
export async function signInOnPage(page: Page, appUrl: string, account: { userName: string; password: string }, redirect = '/user'): Promise<void> {
  await page.goto(`${appUrl}/login?redirect=${encodeURIComponent(redirect)}`);
  await fillLogin(page, account.userName, account.password);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === redirect);
}
