import { describe, expect, it } from 'vitest';
import { installFakeAccountSecurityApi } from '../../../adapters/http/fake-account-security-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { PasswordRecoveryFlow } from '../../../src/core/account-security/password-recovery.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import {
  ResetPasswordViewModel,
  RetrievePasswordCodeViewModel,
  RetrievePasswordImgViewModel,
  RetrievePasswordViewModel,
} from '../../../src/ui/account-security/password-recovery-view-models.ts';

function setup(path = '/retrievePassword') {
  const { container, world } = createHeadlessCore({ path, withFakeApi: false });
  const api = installFakeAccountSecurityApi(world.http, { caller: () => null, now: () => world.clock.now() });
  api.accounts.set(3, { userName: 'walker_3', email: 'walker@example.com', phone: '13800138000', areaCode: '86' });
  api.passwords.set(3, 'first-pass-1');
  const flow = new PasswordRecoveryFlow(container.get(ApiClient), world.session, () => world.clock.now());
  let captchas = 0;
  const captchaService = {
    fetch: async () => {
      captchas += 1;
      api.captchas.set(`c${captchas}`, 'K7M3P');
      return { id: `c${captchas}`, image: 'data:image/svg+xml;base64,AA', expiresIn: 300 };
    },
  };
  return { world, api, flow, captchaService };
}

describe('password recovery in the app (issue 22)', () => {
  it('walks account → captcha → code → new password, keeping the place in session storage', async () => {
    const { world, api, flow, captchaService } = setup();
    const first = new RetrievePasswordViewModel(flow, world.navigator);
    first.nextTapped();
    expect(first.error).toBe('请输入账号、邮箱或手机号');
    first.changed('walker@example.com');
    first.nextTapped();
    expect(world.navigator.current().path).toBe('/retrievePasswordImg');

    const img = new RetrievePasswordImgViewModel(flow, captchaService, world.navigator);
    await img.opened();
    img.captchaCodeChanged('WRONG');
    await img.nextTapped();
    expect(img.error).toBe('验证码错误或已失效，请重新输入');
    expect(img.captcha?.id).toBe('c2');
    img.captchaCodeChanged('k7m3p');
    await img.nextTapped();
    expect(world.navigator.current().path).toBe('/retrievePasswordCode');

    const code = new RetrievePasswordCodeViewModel(flow, world.clock, world.navigator);
    const stop = code.opened();
    expect(code.channels.map((each) => each.label)).toEqual(['邮箱 wa****@example.com', '手机 +86 13*******00']);
    code.chosen('sms');
    expect(code.channels.find((each) => each.chosen)?.label).toContain('手机');
    await code.sendTapped();
    expect(code.sendText).toBe('重新获取(60s)');
    expect(code.canSend).toBe(false);
    world.clock.advance(1_000);
    expect(code.sendText).toBe('重新获取(59s)');
    expect(api.sent.at(-1)?.to).toBe('+8613800138000');
    code.codeChanged('12a');
    expect(code.code).toBe('12');
    await code.nextTapped();
    expect(code.error).toBe('请输入6位数字验证码');
    code.codeChanged(api.sent.at(-1)?.code ?? '');
    await code.nextTapped();
    expect(world.navigator.current().path).toBe('/resetPassword');
    stop();

    const reset = new ResetPasswordViewModel(flow, world.navigator, world.notifier);
    reset.opened();
    expect(world.navigator.current().path).toBe('/resetPassword');
    reset.changed('password', 'second-pass-2');
    reset.changed('confirm', 'second-pass-3');
    await reset.submitTapped();
    expect(reset.error).toBe('两次输入的密码不一致');
    reset.changed('confirm', 'second-pass-2');
    await reset.submitTapped();
    expect(api.passwords.get(3)).toBe('second-pass-2');
    expect(world.notifier.toasts.map((toast) => toast.message)).toContain('密码已重置，请使用新密码登录');
    expect(world.navigator.current().path).toBe('/login');
    expect(flow.state()).toBeNull();
  });

  it('a step opened out of order goes back to the first', async () => {
    const { world, flow, captchaService } = setup('/retrievePasswordImg');
    await new RetrievePasswordImgViewModel(flow, captchaService, world.navigator).opened();
    expect(world.navigator.current().path).toBe('/retrievePassword');
    new RetrievePasswordCodeViewModel(flow, world.clock, world.navigator).opened();
    expect(world.navigator.current().path).toBe('/retrievePassword');
    new ResetPasswordViewModel(flow, world.navigator, world.notifier).opened();
    expect(world.navigator.current().path).toBe('/retrievePassword');
  });

  it('an account with nothing bound (or none) is told to contact customer service', async () => {
    const { world, flow, captchaService } = setup();
    flow.chooseAccount('nobody_42');
    const img = new RetrievePasswordImgViewModel(flow, captchaService, world.navigator);
    await img.opened();
    img.captchaCodeChanged('K7M3P');
    await img.nextTapped();
    expect(img.nothingBound).toBe(true);
    expect(world.navigator.current().path).toBe('/retrievePassword');
  });
});
