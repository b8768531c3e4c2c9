import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import type { CaptchaChallenge } from '../../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaService } from '../../../src/core/captcha/captcha-service.ts';
import type { LoginForm } from '../../../src/core/session/credentials.ts';
import { SessionService, type SignInOutcome } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { afterLoginPath } from '../../../src/ui/app/after-login-path.ts';
import { LoginViewModel } from '../../../src/ui/login/login-view-model.ts';
import { RegisterViewModel } from '../../../src/ui/login/register-view-model.ts';
import { UserViewModel } from '../../../src/ui/user/user-view-model.ts';

function setup(path = '/login', query: Record<string, string> = {}) {
  const { container, world } = createHeadlessCore({ path });
  world.navigator.replace(path, query);
  const sessions = container.get(SessionService);
  const model = new SessionModel(container.get(UserSession));
  return {
    world,
    sessions,
    model,
    login: new LoginViewModel(sessions, container.get(CaptchaService), world.navigator, world.notifier),
    register: new RegisterViewModel(sessions, world.navigator, world.notifier, { rememberLinkCode: () => '', enter: () => Promise.resolve({ ok: false, message: '' }) }),
    user: new UserViewModel(model, sessions, world.navigator, world.notifier),
  };
}

async function registerWalker(vm: RegisterViewModel) {
  vm.fieldChanged('userName', 'walker_9');
  vm.fieldChanged('nickName', '行者');
  vm.fieldChanged('password', 'secret123');
  vm.fieldChanged('confirmPassword', 'secret123');
  await vm.submitTapped();
}

describe('RegisterViewModel', () => {
  it('shows the first form problem and sends nothing', async () => {
    const { register, world } = setup('/register');
    expect(register.canSubmit).toBe(false);
    register.fieldChanged('userName', 'ab');
    register.fieldChanged('password', 'secret123');
    register.fieldChanged('confirmPassword', 'secret123');
    expect(register.canSubmit).toBe(true);
    await register.submitTapped();
    expect(register.error).toBe('账号为4-20位字母、数字或下划线');
    expect(world.http.requests).toHaveLength(0);
    register.fieldChanged('userName', 'abcd');
    expect(register.error).toBe('');
  });

  it('registers, toasts 注册成功 and goes to the redirect target', async () => {
    const { register, world, user } = setup('/register', { redirect: '/vip' });
    await registerWalker(register);
    expect(world.notifier.lastToast()).toMatchObject({ message: '注册成功', durationMs: 1000 });
    expect(world.navigator.current().path).toBe('/vip');
    expect(user.nickName).toBe('行者');
  });
});

describe('LoginViewModel', () => {
  it('a refusal stays on the page with the message', async () => {
    const { login, register, sessions, world } = setup('/register');
    await registerWalker(register);
    await sessions.logOut();
    world.navigator.replace('/login');
    login.userNameChanged('walker_9');
    login.passwordChanged('wrongpass');
    await login.submitTapped();
    expect(login.error).toBe('账号或密码错误');
    expect(login.submitting).toBe(false);
    expect(world.navigator.current().path).toBe('/login');
  });

  it('logs in and goes to /user by default', async () => {
    const { login, register, sessions, world } = setup('/register');
    await registerWalker(register);
    await sessions.logOut();
    world.navigator.replace('/login');
    login.userNameChanged(' walker_9 ');
    login.passwordChanged('secret123');
    await login.submitTapped();
    expect(world.notifier.lastToast()?.message).toBe('登录成功');
    expect(world.navigator.current().path).toBe('/user');
  });

  it('a wrong password through the real core (fake API) brings the captcha after 3 failures', async () => {
    const { login, register, sessions, world } = setup('/register');
    await registerWalker(register);
    await sessions.logOut();
    world.navigator.replace('/login');
    login.userNameChanged('walker_9');
    for (let i = 0; i < 3; i++) {
      login.passwordChanged(`wrong-${i}`);
      await login.submitTapped();
      expect(login.captchaShown).toBe(false);
    }
    await login.submitTapped();
    expect(login.error).toBe('请输入图形验证码');
    expect(login.captchaShown).toBe(true);
    expect(login.captcha?.image).toMatch(/^data:image\/svg\+xml/);
    expect(login.canSubmit).toBe(false);
  });

  describe('the captcha state', () => {
    const challenge = (n: number): CaptchaChallenge => ({ id: `c${n}`, image: `data:image/svg+xml,${n}`, expiresIn: 300 });

    function scripted(outcomes: SignInOutcome[], pictures: Array<CaptchaChallenge | null>) {
      const { world } = setup('/login');
      const sent: LoginForm[] = [];
      const sessions = {
        logIn: async (form: LoginForm) => {
          sent.push(form);
          return outcomes.shift() ?? { ok: false as const, message: '账号或密码错误' };
        },
      };
      const captchas = { fetch: async () => pictures.shift() ?? null };
      const vm = new LoginViewModel(sessions, captchas, world.navigator, world.notifier);
      vm.userNameChanged('walker_9');
      vm.passwordChanged('secret123');
      return { vm, sent, world };
    }

    it('shows no captcha until the server asks for one', () => {
      const { vm } = scripted([], []);
      expect(vm.captchaShown).toBe(false);
      expect(vm.canSubmit).toBe(true);
    });

    it('asked for one, shows a picture, waits for the code, then sends it with the login', async () => {
      const { vm, sent, world } = scripted([
        { ok: false, message: '请输入图形验证码', captchaNeeded: true },
        { ok: true, user: {} as never },
      ], [challenge(1)]);
      await vm.submitTapped();
      expect(sent[0]).toEqual({ userName: 'walker_9', password: 'secret123' });
      expect(vm.error).toBe('请输入图形验证码');
      expect(vm.captchaShown).toBe(true);
      expect(vm.captcha).toEqual(challenge(1));
      expect(vm.canSubmit).toBe(false);
      vm.captchaCodeChanged('k7m3p');
      expect(vm.error).toBe('');
      expect(vm.canSubmit).toBe(true);
      await vm.submitTapped();
      expect(sent[1]).toEqual({ userName: 'walker_9', password: 'secret123', captchaId: 'c1', captchaCode: 'k7m3p' });
      expect(world.navigator.current().path).toBe('/user');
    });

    it('a wrong code or a wrong password brings a new picture and clears the code', async () => {
      const { vm, sent } = scripted([
        { ok: false, message: '请输入图形验证码', captchaNeeded: true },
        { ok: false, message: '验证码错误或已失效，请重新输入', captchaNeeded: true },
        { ok: false, message: '账号或密码错误' },
      ], [challenge(1), challenge(2), challenge(3)]);
      await vm.submitTapped();
      vm.captchaCodeChanged('AAAAA');
      await vm.submitTapped();
      expect(vm.error).toBe('验证码错误或已失效，请重新输入');
      expect(vm.captcha?.id).toBe('c2');
      expect(vm.captchaCode).toBe('');
      vm.captchaCodeChanged('BBBBB');
      await vm.submitTapped();
      expect(sent[2]).toMatchObject({ captchaId: 'c2', captchaCode: 'BBBBB' });
      expect(vm.error).toBe('账号或密码错误');
      expect(vm.captcha?.id).toBe('c3');
    });

    it('a picture that fails to load offers a retry; tapping it loads another', async () => {
      const { vm } = scripted([{ ok: false, message: '请输入图形验证码', captchaNeeded: true }], [null, challenge(4)]);
      await vm.submitTapped();
      expect(vm.captchaShown).toBe(true);
      expect(vm.captchaFailed).toBe(true);
      expect(vm.captcha).toBeNull();
      vm.captchaCodeChanged('ABCDE');
      expect(vm.canSubmit).toBe(false);
      const loading = vm.refreshCaptcha();
      expect(vm.captchaLoading).toBe(true);
      await loading;
      expect(vm.captchaFailed).toBe(false);
      expect(vm.captcha?.id).toBe('c4');
    });
  });

  it('only follows local redirect paths', () => {
    expect(afterLoginPath('/vip')).toBe('/vip');
    expect(afterLoginPath('//evil.example')).toBe('/user');
    expect(afterLoginPath('https://evil.example')).toBe('/user');
    expect(afterLoginPath('/login')).toBe('/user');
    expect(afterLoginPath(undefined)).toBe('/user');
  });
});

describe('UserViewModel', () => {
  it('shows the not-logged-in state and sends the visitor to login', () => {
    const { user, world } = setup('/user');
    expect(user.loggedIn).toBe(false);
    expect(user.nickName).toBe('未登录');
    expect(user.avatar).toBe('/assets/avatar-default.svg');
    user.loginTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/user' } });
  });

  it('logs out only after the user confirms', async () => {
    const { user, register, world } = setup('/register');
    await registerWalker(register);
    expect(user.idText).toMatch(/^ID：\d+$/);
    expect(user.vipText).toBe('开通VIP享受特权');

    const declined = user.logoutTapped();
    expect(world.notifier.dialogs[0]?.options.message).toBe('确定要退出登录吗？');
    world.notifier.answer(false);
    await declined;
    expect(user.loggedIn).toBe(true);

    const accepted = user.logoutTapped();
    world.notifier.answer(true);
    await accepted;
    expect(user.loggedIn).toBe(false);
    expect(world.notifier.lastToast()?.message).toBe('已退出登录');
  });
});
