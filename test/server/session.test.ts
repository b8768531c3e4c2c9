import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { DAY, FakeClock, post, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({ clock });

const SESSION_INVALID = { ret: Ret.SessionInvalid, msg: '登录已失效，请重新登录', data: null };
const LOGIN_REQUIRED = { ret: Ret.SessionInvalid, msg: '请先登录', data: null };

describe.each([
  ['/api/Login/Validates'],
  ['/api/User/GetUserInfo'],
])('POST %s', (url) => {
  it('answers the user with the same token', async () => {
    const user = await server.registerUser({ nickName: '会话' });
    const { status, body } = await server.post<TestUser>(url, tokenParams(user.token));
    expect(status).toBe(200);
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toEqual(user);
  });

  it('reflects changes made since login', async () => {
    const user = await server.registerUser();
    await server.db.query("UPDATE users SET nick_name = '改名了', vip_level = 2, vip_expire = $1 WHERE id = $2", [
      new Date(Date.UTC(2030, 5, 30, 20, 0, 0)),
      user.id,
    ]);
    const { body } = await server.post<TestUser>(url, tokenParams(user.token));
    // 2030-06-30 20:00 UTC is already 1 July in China.
    expect(body.data).toMatchObject({ nickName: '改名了', vipLevel: 2, eDate: '2030-07-01', token: user.token });
  });

  it('shows a VIP whose time ran out as level 0', async () => {
    const user = await server.registerUser();
    await server.db.query("UPDATE users SET vip_level = 3, vip_type_name = '黄金', vip_expire = $1 WHERE id = $2", [
      new Date(clock.now() - 1000),
      user.id,
    ]);
    const { body } = await server.post<TestUser>(url, tokenParams(user.token));
    expect(body.data).toMatchObject({ vipLevel: 0, vipTypeName: '', eDate: '' });
  });

  it('asks to log in when no token is sent', async () => {
    expect((await server.post(url)).body).toEqual(LOGIN_REQUIRED);
  });

  it.each([
    ['a tampered sign', (p: Record<string, string>) => ({ ...p, sign: flipHex(p['sign'] ?? '') })],
    ['a sign in the wrong format', (p: Record<string, string>) => ({ ...p, sign: 'abc' })],
    ['another uid', (p: Record<string, string>) => ({ ...p, login_uid: String(Number(p['login_uid']) + 1) })],
    ['a later expiry', (p: Record<string, string>) => ({ ...p, expire: String(Number(p['expire']) + 3600) })],
    ['another session id', (p: Record<string, string>) => ({ ...p, token: `${p['token'] ?? ''}x` })],
    ['no sign', ({ sign: _sign, ...p }: Record<string, string>) => p],
    ['no expire', ({ expire: _expire, ...p }: Record<string, string>) => p],
    ['no login_uid', ({ login_uid: _uid, ...p }: Record<string, string>) => p],
  ])('refuses %s', async (_label, change) => {
    const user = await server.registerUser();
    const { status, body } = await server.post(url, change(tokenParams(user.token)));
    expect(status).toBe(200);
    expect(body).toEqual(SESSION_INVALID);
  });

  it('refuses a token signed with another secret', async () => {
    const other = await server.startApp({ config: { sessionSecret: 'another-secret-abcdefghijklmnop' } });
    try {
      const user = await server.registerUser();
      expect((await post(other, url, tokenParams(user.token))).body).toEqual(SESSION_INVALID);
    } finally {
      await other.close();
    }
  });

  it('reads the token fields from the query string too', async () => {
    const user = await server.registerUser();
    const query = new URLSearchParams(tokenParams(user.token)).toString();
    const response = await server.app.inject({ method: 'POST', url: `${url}?${query}` });
    expect(response.json()).toMatchObject({ ret: Ret.Ok, data: { id: user.id } });
  });
});

describe('session lifetime', () => {
  it('ends 30 days after login', async () => {
    const user = await server.registerUser();
    clock.advance(30 * DAY - 1000);
    expect((await server.post('/api/Login/Validates', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    clock.advance(1000);
    expect((await server.post('/api/Login/Validates', tokenParams(user.token))).body).toEqual(SESSION_INVALID);
    expect((await server.post('/api/User/GetUserInfo', tokenParams(user.token))).body).toEqual(SESSION_INVALID);
  });

  it('survives a new app instance on the same database (as after a restart)', async () => {
    const user = await server.registerUser();
    const restarted = await server.startApp();
    try {
      expect((await post(restarted, '/api/Login/Validates', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    } finally {
      await restarted.close();
    }
  });
});

describe('POST /api/Login/Logout', () => {
  it('revokes the session it was called with, and only that one', async () => {
    const user = await server.registerUser({ password: 'blue-kite-88' });
    const second = (await server.post<TestUser>('/api/Login/Login', { userName: user.userNameRaw, password: 'blue-kite-88' })).body.data;

    const { status, body } = await server.post('/api/Login/Logout', tokenParams(user.token));
    expect(status).toBe(200);
    expect(body).toEqual({ ret: Ret.Ok, msg: '已退出登录', data: null });

    expect((await server.post('/api/Login/Validates', tokenParams(user.token))).body).toEqual(SESSION_INVALID);
    expect((await server.post('/api/User/GetUserInfo', tokenParams(user.token))).body).toEqual(SESSION_INVALID);
    expect((await server.post('/api/Login/Logout', tokenParams(user.token))).body).toEqual(SESSION_INVALID);
    expect((await server.post('/api/Login/Validates', tokenParams(second.token))).body.ret).toBe(Ret.Ok);
  });

  it('asks to log in when no token is sent', async () => {
    expect((await server.post('/api/Login/Logout')).body).toEqual(LOGIN_REQUIRED);
  });
});

describe('optional login (GET /api/home/GetUserRegion)', () => {
  it('treats a call without token as a visitor', async () => {
    expect((await server.get('/api/home/GetUserRegion')).body.ret).toBe(Ret.Ok);
  });

  it('still answers 201 to a bad token, so the client logs out', async () => {
    const user = await server.registerUser();
    const params = { ...tokenParams(user.token), sign: flipHex(user.token.sign) };
    expect((await server.get('/api/home/GetUserRegion', params)).body).toEqual(SESSION_INVALID);
  });
});

function flipHex(hex: string): string {
  const last = hex.at(-1) === '0' ? '1' : '0';
  return `${hex.slice(0, -1)}${last}`;
}
