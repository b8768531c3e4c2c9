import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * Binding a phone with its country calling code (issue 22): 设置 → 账号与安全 → 手机 → the password → the country
 * chosen on /countryList (search, index bar) → a code texted to the number (read from the server's outbox log
 * line, as `npm start` without SMS_URL logs it) → bound, and shown masked on /accountSecurity.
 */
const { page, app, poll, logIn } = useJourney();
const userName = `binder_${Date.now() % 100000}`;
const number = `1${String(Date.now()).slice(-8)}`;

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'first-pass-1');
}, 240_000);

describe('binding a phone with a country code', () => {
  it('signs in and opens 账号与安全 → 手机', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { redirect: '/accountSecurity' });
    await poll(() => page.getByTestId('security-phone').textContent()).toContain('未绑定');
    await page.getByTestId('security-phone').click();
    await page.waitForURL(/\/emailMobileSetting$/);
    await page.getByTestId('binding-sms').click();
    await page.waitForURL(/\/verifyPassword$/);
  });

  it('the password first (a wrong one is refused)', async () => {
    await page.getByPlaceholder('请输入登录密码').fill('not-mine-1');
    await page.getByRole('button', { name: '下一步' }).click();
    await poll(() => page.getByRole('alert').textContent()).toBe('密码错误');
    await page.getByPlaceholder('请输入登录密码').fill('first-pass-1');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/setEmailMobile$/);
    await poll(() => page.getByTestId('binding-country').textContent()).toContain('中国 +86');
  });

  it('chooses 马来西亚 on /countryList by search; the index bar jumps to a letter', async () => {
    await page.getByTestId('binding-country').click();
    await page.waitForURL(/\/countryList$/);
    const index = page.getByRole('navigation', { name: '字母索引' });
    // The list's screen loads as it opens: the index bar comes with it, a moment after the address changed (a
    // clean-clone run of 2026-12-07 read it empty).
    await poll(() => index.getByRole('link').allTextContents()).toContain('Y');
    await index.getByRole('link', { name: 'Y' }).click();
    await poll(() => page.getByRole('region', { name: 'Y' }).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    await page.getByLabel('搜索国家和地区').fill('马来');
    await poll(() => page.getByRole('button', { name: /马来西亚/ }).count()).toBe(1);
    await page.getByRole('button', { name: /马来西亚/ }).click();
    await page.waitForURL(/\/setEmailMobile$/);
    await poll(() => page.getByTestId('binding-country').textContent()).toContain('马来西亚 +60');
  });

  it('a code to +60 and the number, typed back: bound, and shown masked', async () => {
    await page.getByPlaceholder('请输入手机号').fill(number);
    const send = page.getByRole('button', { name: /获取验证码|重新获取/ });
    await send.click();
    await poll(() => send.textContent()).toMatch(/^重新获取\((59|60)s\)$/);
    const logged = () => [...app.output().matchAll(new RegExp(`outbox: sms code (\\d{6}) for \\+60${number}`, 'g'))].at(-1)?.[1];
    await poll(logged).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('6位数字验证码').fill(logged() ?? '');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.waitForURL(/\/setEmailMobileSuccess$/);
    expect(await page.getByTestId('binding-success').textContent()).toBe(`手机号已绑定：+60 ${number}`);
    await page.getByRole('button', { name: '完成' }).click();
    await page.waitForURL(/\/accountSecurity$/);
    await poll(() => page.getByTestId('security-phone').textContent()).toContain(`+60 ${number.slice(0, 2)}*****${number.slice(-2)}`);
  });
});
