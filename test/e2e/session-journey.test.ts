import { describe, expect, it } from 'vitest';
import { formatImageUrl } from '../../src/core/display/image-url.ts';
import { readCaptcha } from './support/captcha-reader.ts';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

const { page, app, toast, shot } = useJourney();
const userName = `walker_${Date.now() % 100000}`;

describe('a visitor becomes a logged-in user and stays one', () => {
  it('a visitor on the account tab is offered login', async () => {
    await page.goto(`${app.url}/user`);
    await expect.poll(() => page.title()).toBe('我的 - 奇遇视频');
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fuser$/);
    await shot('login');
  });

  it('registers and lands on the account tab, logged in', async () => {
    await page.getByRole('button', { name: '还没有账号？立即注册' }).click();
    await page.waitForURL(/\/register/);
    await page.getByPlaceholder('4-20位字母、数字或下划线').fill('ab');
    await page.getByPlaceholder('至少8位，可含空格').fill('secret123');
    await page.getByPlaceholder('请再次输入密码').fill('secret123');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('账号为4-20位字母、数字或下划线');

    await page.getByPlaceholder('4-20位字母、数字或下划线').fill(userName);
    for (const [password, problem] of [['abc-123', '密码至少8位'], ['Password1', '该密码过于常见，容易被猜到，请换一个']] as const) {
      await page.getByPlaceholder('至少8位，可含空格').fill(password);
      await page.getByPlaceholder('请再次输入密码').fill(password);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(problem);
    }
    await page.getByPlaceholder('至少8位，可含空格').fill('secret123');
    await page.getByPlaceholder('请再次输入密码').fill('secret123');
    await page.getByPlaceholder('选填，最多16个字').fill('旅行者');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('旅行者');
    await shot('registered');
  });

  it('logs out after confirming', async () => {
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: '登录/注册' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('a wrong password shows the server message as a toast', async () => {
    await page.getByRole('button', { name: '登录/注册' }).click();
    await fillLogin(page, userName, 'wrong-pass');
    await expect.poll(() => toast().textContent()).toBe('账号或密码错误');
    await shot('wrong-password');
    expect(page.url()).toMatch(/\/login/);
  });

  it('after 3 failures the login asks for an image captcha, and the owner gets in with it', async () => {
    for (const guess of ['wrong-pass-2', 'wrong-pass-3']) {
      await page.getByPlaceholder('请输入密码').fill(guess);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('账号或密码错误');
      await page.getByPlaceholder('请输入密码').fill('');
    }
    expect(await page.getByAltText('图形验证码').count()).toBe(0);

    // The right password is not checked without a captcha: the form now shows one.
    await page.getByPlaceholder('请输入密码').fill('secret123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('请输入图形验证码');
    const picture = page.getByAltText('图形验证码');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await page.getByRole('button', { name: '登录', exact: true }).isDisabled()).toBe(true);
    await shot('login-captcha');

    // A wrong code is refused and brings a new picture.
    const first = (await picture.getAttribute('src')) ?? '';
    await page.getByPlaceholder('请输入图形验证码').fill(readCaptcha(first) === 'CCCCC' ? 'DDDDD' : 'CCCCC');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('验证码错误或已失效，请重新输入');
    await expect.poll(() => picture.getAttribute('src')).not.toBe(first);
    expect(await page.getByPlaceholder('请输入图形验证码').inputValue()).toBe('');

    // Tapping the picture brings another; the person reads it and types it in lower case.
    const second = (await picture.getAttribute('src')) ?? '';
    await page.getByRole('button', { name: '图形验证码，点击换一张' }).click();
    await expect.poll(() => picture.getAttribute('src')).not.toBe(second);
    const code = readCaptcha((await picture.getAttribute('src')) ?? '');
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    await page.getByPlaceholder('请输入图形验证码').fill(code.toLowerCase());
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('旅行者');
  });

  it('logs out, logs in without a captcha (the owner\'s login cleared the count), reloads and stays logged in', async () => {
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '退出', exact: true }).click();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await fillLogin(page, userName, 'secret123');
    await page.waitForURL(/\/user$/);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('旅行者');

    const validated = page.waitForResponse((r) => r.url().includes('/api/Login/Validates'));
    await page.reload();
    const answer = (await (await validated).json()) as { ret: number };
    expect(answer.ret).toBe(200);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('旅行者');
    expect(page.url()).toMatch(/\/user$/);
  });

  it('a corrupted stored token sends the user back to /login', async () => {
    // /user reads the user again on each show (GetUserInfo) and stores the answer with the token it holds, so a
    // running app can write the good token back over the corrupted one: the token is corrupted on a page of the same
    // origin where the app does not run (an API answer), as if between two visits.
    await page.goto(`${app.url}/api/home/GetUserRegion`);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: { sign: string } };
      user.token.sign = 'corrupted';
      localStorage.setItem('user', JSON.stringify(user));
    });
    await page.goto(`${app.url}/user?from=share`);
    await page.waitForURL(/\/login\?from=share$/);
    await expect.poll(() => toast().textContent()).toBe('登录已失效，请重新登录');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await shot('session-invalid');
  });

  it('the demo account logs in', async () => {
    await fillLogin(page, 'demo', DEMO_PASSWORD);
    await page.waitForURL(/\/user$/);
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('演示用户');
    await shot('demo-user');
  });

  it('the pictures the app asks for exist: the demo avatar and resized posters', async () => {
    const avatar = page.locator('.user-header img.avatar__img');
    expect(await avatar.getAttribute('src')).toBe('/media/demo/avatar-1.png');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    expect(await page.locator('.user-header .avatar__badge').getAttribute('aria-label')).toBe('VIP1');

    const asked = formatImageUrl('/media/demo/posters/movie-02.jpg', { width: 150, height: 200 });
    if (!asked.ok) throw new Error(asked.message);
    expect(asked.url).toBe('/media/demo/posters/movie-02.jpg?x-oss-process=image/resize,m_fill,w_200,h_267/format,jpg');
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, asked.url);
    expect(size).toEqual([200, 267]);
  });

  it('an unknown path shows the not-found page', async () => {
    await page.goto(`${app.url}/no/such/page`);
    await expect.poll(() => page.getByText('您访问的页面不存在或已被删除').count()).toBe(1);
    await expect.poll(() => page.title()).toBe('页面不存在 - 奇遇视频');
    await shot('not-found');
  });

  it('every request carries the common parameters and the visitor id', async () => {
    const request = page.waitForRequest((r) => r.url().includes('/api/home/GetUserRegion'));
    await page.goto(`${app.url}/`);
    const url = new URL((await request).url());
    const visitorId = await page.evaluate(() => localStorage.getItem('visitorId'));
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', DeviceId: visitorId, Lang: '0' });
  });
});
