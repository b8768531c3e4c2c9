import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { useJourney } from './support/journey.ts';

const { page, app, toast } = useJourney();
const userName = `acct_${Date.now() % 100000}`;

describe('the account pages', () => {
  it('a visitor opening /signIn is shown the login mask, which sends them to /login and back', async () => {
    await page.goto(`${app.url}/signIn`);
    await expect.poll(() => page.getByTestId('login-mask').isVisible()).toBe(true);
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/login\?redirect=%2FsignIn$/);
  });

  it('registers a new user and returns to /signIn', async () => {
    await page.getByRole('button', { name: '还没有账号？立即注册' }).click();
    await page.waitForURL(/\/register/);
    await page.getByPlaceholder('4-20位字母、数字或下划线').fill(userName);
    await page.getByPlaceholder('选填，最多16个字').fill('新用户');
    await page.getByPlaceholder('至少8位，可含空格').fill('secret123');
    await page.getByPlaceholder('请再次输入密码').fill('secret123');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/signIn$/);
    await expect.poll(() => page.getByTestId('sign-in-button').textContent()).toBe('立即签到');
  });

  it('edits the nickname under 正在加载, and /user shows it', async () => {
    await page.goto(`${app.url}/user`);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('新用户');
    await expect.poll(() => page.getByLabel('等级1').count()).toBe(1);
    expect(await page.getByTestId('vip-line').textContent()).toBe('开通VIP享受特权');
    await page.getByTestId('entry-edit-info').click();
    await page.waitForURL(/\/editInfo$/);
    await page.getByTestId('edit-nickname').click();
    await page.waitForURL(/\/editNickname$/);

    // Hold the save so the loading indicator can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The spec's UpdateUserInfo: a POST with its parameters in the query string and no body.
    const isUpdate = (url: URL) => url.pathname === '/api/User/UpdateUserInfo';
    const sent: { method: string; nickName: string | null; token: boolean; body: string | null }[] = [];
    await page.route(isUpdate, async (route: Route) => {
      const request = route.request();
      const query = new URL(request.url()).searchParams;
      sent.push({ method: request.method(), nickName: query.get('nickName'), token: query.has('token'), body: request.postData() });
      await held;
      await route.continue();
    });
    await page.getByLabel('昵称').fill('改名的用户');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => toast().textContent()).toBe('正在加载');
    release();
    await page.waitForURL(/\/editInfo$/);
    await page.unroute(isUpdate);
    expect(sent).toEqual([{ method: 'POST', nickName: '改名的用户', token: true, body: null }]);
    await page.goto(`${app.url}/user`);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('改名的用户');
  });

  it('changes the gender', async () => {
    await page.getByTestId('entry-edit-info').click();
    await page.waitForURL(/\/editInfo$/);
    expect(await page.getByTestId('gender-value').textContent()).toBe('未设置');
    await page.getByTestId('edit-gender').click();
    await page.getByRole('radio', { name: '女' }).click();
    await page.waitForURL(/\/editInfo$/);
    await expect.poll(() => page.getByTestId('gender-value').textContent()).toBe('女');
    await page.goto(`${app.url}/user`);
    await expect.poll(() => page.getByLabel('女', { exact: true }).count()).toBe(1);
  });

  it('toggles a setting, and it is kept after a reload', async () => {
    await page.goto(`${app.url}/settings`);
    const danmu = page.getByRole('switch', { name: '弹幕' });
    await expect.poll(() => danmu.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: '移动网络自动播放' }).getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse('**/api/User/UpdateSettings');
    await danmu.click();
    await saved;
    await page.reload();
    await expect.poll(() => page.locator('[data-loaded="true"]').count()).toBe(1);
    expect(await page.getByRole('switch', { name: '弹幕' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: '新消息通知' }).getAttribute('aria-checked')).toBe('true');
  });

  it('signs in today and sees the reward; a second sign-in is refused', async () => {
    await page.goto(`${app.url}/signIn`);
    await expect.poll(() => page.getByTestId('sign-in-button').isEnabled()).toBe(true);
    await page.getByTestId('sign-in-button').click();
    await expect.poll(() => page.getByTestId('sign-in-reward').textContent()).toBe('签到成功，获得5金币');
    expect(await page.getByTestId('streak').textContent()).toBe('已连续签到1天');
    expect(await page.getByTestId('gold').textContent()).toBe('我的金币：5');

    await page.reload();
    await expect.poll(() => page.getByTestId('sign-in-button').textContent()).toBe('今日已签到');
    expect(await page.getByTestId('sign-in-button').isDisabled()).toBe(true);

    // The server refuses a second sign-in the same day with a clear message.
    const answer = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: Record<string, string | number> };
      const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(user.token).map(([k, v]) => [k, String(v)])), login_uid: String(user.token.uid) });
      const response = await fetch('/api/SignIn/SignIn', { method: 'POST', body });
      return (await response.json()) as { ret: number; msg: string };
    });
    expect(answer).toEqual({ ret: 1050, msg: '今天已经签到过了，明天再来吧', data: null });
  });
});
