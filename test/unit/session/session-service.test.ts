import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { CaptchaService } from '../../../src/core/captcha/captcha-service.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { AppStart } from '../../../src/core/shell/app-start.ts';
import { RegionService } from '../../../src/core/region/region-service.ts';

const form = { userName: 'walker_01', password: 'secret123', confirmPassword: 'secret123', nickName: '行者' };

function core(path = '/') {
  const { container, world } = createHeadlessCore({ path });
  return { world, sessions: container.get(SessionService), session: container.get(UserSession), container };
}

describe('SessionService', () => {
  it('registers and is logged in with the user the server answers', async () => {
    const { sessions, session, world } = core();
    const outcome = await sessions.register(form);
    expect(outcome).toMatchObject({ ok: true, user: { nickName: '行者' } });
    expect(session.current().loginValidates).toBe(true);
    expect(world.local.get('user')).toContain('行者');
  });

  it('checks the form before calling the server', async () => {
    const { sessions, world } = core();
    expect(await sessions.logIn({ userName: ' ', password: 'x' })).toEqual({ ok: false, message: '请输入账号' });
    expect(await sessions.register({ ...form, userName: 'ab' })).toEqual({ ok: false, message: '账号为4-20位字母、数字或下划线' });
    expect(await sessions.register({ ...form, confirmPassword: 'other123' })).toEqual({ ok: false, message: '两次输入的密码不一致' });
    expect(world.http.requests).toHaveLength(0);
  });

  it('checks a new password against the shared rules before calling the server', async () => {
    const { sessions, world } = core();
    expect(await sessions.register({ ...form, password: 'abc-123', confirmPassword: 'abc-123' })).toEqual({ ok: false, message: '密码至少8位' });
    expect(await sessions.register({ ...form, password: 'Password1', confirmPassword: 'Password1' }))
      .toEqual({ ok: false, message: '该密码过于常见，容易被猜到，请换一个' });
    expect(await sessions.register({ ...form, password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) })).toEqual({ ok: false, message: '密码最多128位' });
    expect(world.http.requests).toHaveLength(0);
    expect(await sessions.register({ ...form, password: 'my own words', confirmPassword: 'my own words' })).toMatchObject({ ok: true });
  });

  it('asks for a captcha after 3 failures and sends it once given', async () => {
    const { sessions, container, world } = core();
    await sessions.register(form);
    await sessions.logOut();
    for (let i = 0; i < 3; i++) expect(await sessions.logIn({ userName: form.userName, password: 'wrong-pass' })).toEqual({ ok: false, message: '账号或密码错误' });
    expect(await sessions.logIn({ userName: form.userName, password: 'secret123' }))
      .toEqual({ ok: false, message: '请输入图形验证码', captchaNeeded: true });
    expect(await sessions.logIn({ userName: form.userName, password: 'secret123', captchaId: 'c1', captchaCode: ' ' }))
      .toEqual({ ok: false, message: '请输入图形验证码' });

    const captcha = await container.get(CaptchaService).fetch();
    expect(captcha).toMatchObject({ id: expect.any(String), image: expect.stringMatching(/^data:image\//), expiresIn: 300 });
    expect(await sessions.logIn({ userName: form.userName, password: 'secret123', captchaId: captcha?.id ?? '', captchaCode: 'nope' }))
      .toEqual({ ok: false, message: '验证码错误或已失效，请重新输入', captchaNeeded: true });
    const sent = world.http.requests.at(-1);
    expect(sent?.body).toMatchObject({ userName: form.userName, captchaId: captcha?.id, captchaCode: 'nope' });
  });

  it('a refused login answers the server message, which the request layer toasts for 5 s', async () => {
    const { sessions, world } = core();
    await sessions.register(form);
    await sessions.logOut();
    const outcome = await sessions.logIn({ userName: form.userName, password: 'wrong-pass' });
    expect(outcome).toEqual({ ok: false, message: '账号或密码错误' });
    expect(world.notifier.lastToast()).toMatchObject({ message: '账号或密码错误', durationMs: 5000, position: 'bottom' });
  });

  it('recognises the stored user at start and validates it with the server', async () => {
    const first = core();
    await first.sessions.register(form);
    const stored = first.world.local.get('user');
    const second = createHeadlessCore({ http: first.world.http });
    second.world.local.set('user', stored ?? '');
    expect(await second.container.get(SessionService).start()).toBe(true);
    const posted = first.world.http.requests.at(-1);
    expect(posted?.url).toBe('/api/Login/Validates');
    expect(posted?.body).toMatchObject({ login_uid: expect.anything(), token: expect.any(String), sign: expect.any(String) });
  });

  it('a corrupted stored token is refused: the user is cleared and sent to /login keeping the query', async () => {
    const { sessions, world } = core();
    await sessions.register(form);
    const stored = JSON.parse(world.local.get('user') ?? '{}');
    stored.token.sign = 'tampered';
    const next = createHeadlessCore({ http: world.http, path: '/user' });
    next.world.navigator.replace('/user', { from: 'share' });
    next.world.local.set('user', JSON.stringify(stored));
    expect(await next.container.get(SessionService).start()).toBe(false);
    expect(next.world.local.get('user')).toBeNull();
    expect(next.world.navigator.current()).toEqual({ path: '/login', query: { from: 'share' } });
    expect(next.world.notifier.lastToast()).toMatchObject({ message: '登录已失效，请重新登录', durationMs: 1000 });
  });

  it('keeps the stored user, unconfirmed, when the server cannot be reached', async () => {
    const { sessions, world, session } = core();
    await sessions.register(form);
    world.http.setOnline(false);
    expect(await sessions.validate()).toBe(false);
    expect(session.user()?.nickName).toBe('行者');
    expect(session.current().loginValidates).toBe(false);
    expect(world.notifier.lastToast()?.message).toBe('网络错误');
  });

  it('a token in the URL query is validated and removed from the address', async () => {
    const first = core();
    const registered = await first.sessions.register(form);
    if (!registered.ok) throw new Error('register failed');
    const { token } = registered.user;
    const next = createHeadlessCore({ http: first.world.http });
    next.world.navigator.replace('/user', { token: String(token.token), sign: String(token.sign), expire: String(token.expire), login_uid: String(token.uid), tab: '2' });
    expect(await next.container.get(SessionService).start()).toBe(true);
    expect(next.container.get(UserSession).user()?.id).toBe(registered.user.id);
    expect(next.world.navigator.current()).toEqual({ path: '/user', query: { tab: '2' } });
  });

  it('logging out ends the session on the server too', async () => {
    const { sessions, session, world } = core();
    const registered = await sessions.register(form);
    if (!registered.ok) throw new Error('register failed');
    await sessions.logOut();
    expect(session.user()).toBeNull();
    const again = createHeadlessCore({ http: world.http });
    again.world.local.set('user', JSON.stringify(registered.user));
    expect(await again.container.get(SessionService).start()).toBe(false);
  });

  it('refreshUserInfo updates the user; a refusal clears the login', async () => {
    const { sessions, session } = core();
    await sessions.register(form);
    expect((await sessions.refreshUserInfo())?.nickName).toBe('行者');
    const user = session.user();
    if (!user) throw new Error('no user');
    session.signedIn({ ...user, token: { ...user.token, sign: 'bad' } });
    expect(await sessions.refreshUserInfo()).toBeNull();
    expect(session.user()).toBeNull();
  });
});

describe('AppStart', () => {
  it('creates the visitor id once, sends it as DeviceId, and stores the region', async () => {
    const { container, world } = core();
    await container.get(AppStart).run();
    const visitorId = world.local.get('visitorId');
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    await container.get(AppStart).run();
    expect(world.local.get('visitorId')).toBe(visitorId);
    expect(world.http.requests.at(-1)?.params).toMatchObject({ DeviceId: visitorId, Lang: 0 });
    expect(container.get(RegionService).state()).toEqual({ userArea: '中国', userAreaCode: 'CN', userAreaState: null, isMalaysia: false });
  });

  it('an error answer from IsMalaysia marks the user Malaysian, silently', async () => {
    const { container, world } = core();
    world.http.route('GET', '/api/user/IsMalaysia', () => ({ body: { ret: 1010, msg: '当前地区为马来西亚', data: null } }));
    await container.get(AppStart).run();
    expect(container.get(RegionService).state().isMalaysia).toBe(true);
    expect(world.notifier.toasts).toHaveLength(0);
  });

  it('asks Lang 1 when the page is shown in Traditional Chinese', async () => {
    const { container, world } = core();
    world.cookies.set('googtrans', '/zh-CN/zh-TW');
    await container.get(AppStart).run();
    expect(world.http.requests.at(-1)?.params).toMatchObject({ Lang: 1 });
  });
});
