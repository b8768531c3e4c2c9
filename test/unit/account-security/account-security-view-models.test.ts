import { describe, expect, it } from 'vitest';
import { installFakeAccountSecurityApi } from '../../../adapters/http/fake-account-security-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ChangePassword } from '../../../src/core/account-security/change-password.ts';
import { SignedInDeviceList } from '../../../src/core/account-security/signed-in-devices.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { AccountSecurityViewModel, SetPasswordViewModel } from '../../../src/ui/account-security/account-security-view-models.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';

function setup(fields: { email?: string; phone?: string; AreaCode?: string } = {}) {
  const { container, world } = createHeadlessCore({ path: '/accountSecurity', withFakeApi: false });
  const api = installFakeAccountSecurityApi(world.http, { caller: (call) => { const uid = call.params['login_uid'] ?? call.body['login_uid']; return typeof uid === 'string' && uid !== '' ? Number(uid) : null; }, otherSessions: () => 2 });
  const session = container.get(UserSession);
  const model = new SessionModel(session);
  const logIn = () => {
    const user = parseUser({ id: 7, nickName: '小遇', userNameRaw: 'walker_7', email: fields.email ?? '', phone: fields.phone ?? '', AreaCode: fields.AreaCode ?? '', token: { uid: 7, token: 'tok', expire: 9_999_999_999, sign: 'ab' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
    api.passwords.set(7, 'first-pass-1');
  };
  const security = new AccountSecurityViewModel(model, world.navigator, new SignedInDeviceList(container.get(ApiClient)), world.notifier);
  const setPassword = new SetPasswordViewModel(model, new ChangePassword(container.get(ApiClient)), world.navigator, world.notifier);
  return { world, api, logIn, security, setPassword };
}

describe('AccountSecurityViewModel (/accountSecurity)', () => {
  it('a visitor is sent to log in, and comes back here', () => {
    const { security, world } = setup();
    expect(security.loggedIn).toBe(false);
    security.loginTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/accountSecurity' } });
  });

  it('shows what is bound, masked by the display rules, and 未绑定 for what is not', () => {
    const bound = setup({ email: 'walker@example.com', phone: '13800138000', AreaCode: '86' });
    bound.logIn();
    expect(bound.security.email).toBe('wa****@example.com');
    expect(bound.security.phone).toBe('+86 13*******00');
    const unbound = setup();
    unbound.logIn();
    expect([unbound.security.email, unbound.security.phone]).toEqual(['未绑定', '未绑定']);
    unbound.security.changePasswordTapped();
    expect(unbound.world.navigator.current().path).toBe('/setPassword');
  });
});

describe('SetPasswordViewModel (/setPassword)', () => {
  it('says what the form lacks before sending anything', async () => {
    const { setPassword, logIn, world } = setup();
    logIn();
    expect(setPassword.canSubmit).toBe(false);
    setPassword.changed('oldPassword', 'first-pass-1');
    setPassword.changed('newPassword', 'second-pass-2');
    setPassword.changed('confirm', 'second-pass-3');
    expect(setPassword.canSubmit).toBe(true);
    await setPassword.submitTapped();
    expect(setPassword.error).toBe('两次输入的新密码不一致');
    expect(world.http.requests).toHaveLength(0);
    setPassword.changed('confirm', 'second-pass-2');
    expect(setPassword.error).toBe('');
  });

  it('shows the server refusal (wrong current password, the rules) and keeps the form', async () => {
    const { setPassword, logIn } = setup();
    logIn();
    setPassword.changed('oldPassword', 'not-mine-1');
    setPassword.changed('newPassword', 'second-pass-2');
    setPassword.changed('confirm', 'second-pass-2');
    await setPassword.submitTapped();
    expect(setPassword.error).toBe('原密码错误');
    expect(setPassword.form.newPassword).toBe('second-pass-2');
    setPassword.changed('oldPassword', 'first-pass-1');
    setPassword.changed('newPassword', 'short');
    setPassword.changed('confirm', 'short');
    await setPassword.submitTapped();
    expect(setPassword.error).toBe('密码至少8位');
  });

  it('changes the password, says so and returns to /accountSecurity', async () => {
    const { setPassword, logIn, api, world } = setup();
    logIn();
    setPassword.changed('oldPassword', 'first-pass-1');
    setPassword.changed('newPassword', 'second-pass-2');
    setPassword.changed('confirm', 'second-pass-2');
    await setPassword.submitTapped();
    expect(api.passwords.get(7)).toBe('second-pass-2');
    expect(world.notifier.toasts.map((toast) => toast.message)).toContain('密码修改成功');
    expect(world.navigator.current().path).toBe('/accountSecurity');
    expect(setPassword.form).toEqual({ oldPassword: '', newPassword: '', confirm: '' });
  });
});
