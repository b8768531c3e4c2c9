import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/session/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { afterLoginPath, LoginViewModel } from '../../../src/ui/login/login-view-model.ts';
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
    login: new LoginViewModel(sessions, world.navigator, world.notifier),
    register: new RegisterViewModel(sessions, world.navigator, world.notifier),
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
