import { describe, expect, it } from 'vitest';
import { readCaptcha } from './support/captcha-reader.ts';
import { fillLogin } from './support/accounts.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

/**
 * Forgot password (issue 22), as a person on a phone does it: from the login page, the account, an image captcha,
 * a code mailed to the bound address (read from the server's outbox log line, as `npm start` without SMTP_URL
 * logs it), a new password, then signing in with it. demo2's email is bound by the demo seed.
 */
const { page, app, poll, toast } = useJourney();

async function answerCaptcha(): Promise<void> {
  const picture = page.getByRole('img', { name: '图形验证码' });
  await poll(async () => (await picture.getAttribute('src')) ?? '').toMatch(/^data:image\/svg/);
  await page.getByPlaceholder('请输入图形验证码').fill(readCaptcha((await picture.getAttribute('src')) ?? ''));
}

/** The newest code the server logged for `to` (the outbox line). */
function loggedCode(to: string): string | undefined {
  const codes = [...app.output().matchAll(new RegExp(`outbox: email code (\\d{6}) for ${to.replace(/[.]/g, '\\.')}`, 'g'))];
  return codes.at(-1)?.[1];
}

describe('forgot password, from the login page to signing in with the new one', () => {
  it('忘记密码 on the login page carries the account typed there', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('demo2');
    await page.getByRole('button', { name: '忘记密码？' }).click();
    await page.waitForURL(/\/retrievePassword\?account=demo2$/);
    expect(await page.getByPlaceholder('账号 / 邮箱 / 手机号').inputValue()).toBe('demo2');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/retrievePasswordImg$/);
  });

  it('a wrong captcha is refused and a new picture comes; the right one lists the bound email, masked', async () => {
    await poll(() => page.getByText('正在找回：demo2').count()).toBe(1);
    const picture = page.getByRole('img', { name: '图形验证码' });
    await poll(async () => (await picture.getAttribute('src')) ?? '').toMatch(/^data:image\/svg/);
    const first = (await picture.getAttribute('src')) ?? '';
    await page.getByPlaceholder('请输入图形验证码').fill(readCaptcha(first) === 'CCCCC' ? 'DDDDD' : 'CCCCC');
    await page.getByRole('button', { name: '下一步' }).click();
    await poll(() => page.getByRole('alert').textContent()).toBe('验证码错误或已失效，请重新输入');
    await poll(async () => (await picture.getAttribute('src')) ?? '').not.toBe(first);
    await answerCaptcha();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/retrievePasswordCode$/);
    await poll(() => page.getByRole('radio').first().textContent()).toContain('邮箱 de***@qiyu.example');
  });

  it('the code goes to the email, with a 60 s countdown; a wrong code is refused, the right one leads on', async () => {
    const send = page.getByRole('button', { name: /获取验证码|重新获取/ });
    await send.click();
    await poll(() => send.textContent()).toMatch(/^重新获取\((59|60)s\)$/);
    expect(await send.isDisabled()).toBe(true);
    await poll(() => loggedCode('demo2@qiyu.example')).toMatch(/^\d{6}$/);
    const code = loggedCode('demo2@qiyu.example') ?? '';
    await page.getByPlaceholder('6位数字验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '下一步' }).click();
    await poll(() => page.getByRole('alert').textContent()).toBe('验证码错误');
    await page.getByPlaceholder('6位数字验证码').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/resetPassword$/);
  });

  it('a new password under the rules, then login with it (the old one no longer works)', async () => {
    await page.getByPlaceholder('至少8位，可含空格').fill('short');
    await page.getByPlaceholder('请再次输入新密码').fill('short');
    await page.getByRole('button', { name: '确认' }).click();
    await poll(() => page.getByRole('alert').textContent()).toBe('密码至少8位');
    await page.getByPlaceholder('至少8位，可含空格').fill('found-again-9');
    await page.getByPlaceholder('请再次输入新密码').fill('found-again-9');
    await page.getByRole('button', { name: '确认' }).click();
    await poll(() => toast().textContent()).toBe('密码已重置，请使用新密码登录');
    await page.waitForURL(/\/login$/);
    await fillLogin(page, 'demo2', DEMO_PASSWORD);
    await poll(() => toast().textContent()).toBe('账号或密码错误');
    await page.getByPlaceholder('请输入密码').fill('found-again-9');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  it('an account with nothing bound (or none at all) is told to contact customer service', async () => {
    await page.goto(`${app.url}/retrievePassword`);
    await page.getByPlaceholder('账号 / 邮箱 / 手机号').fill('no_such_account_42');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(/\/retrievePasswordImg$/);
    await answerCaptcha();
    await page.getByRole('button', { name: '下一步' }).click();
    await poll(() => page.getByTestId('recovery-nothing-bound').textContent()).toContain('请联系客服');
  });
});
