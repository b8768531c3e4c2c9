import { afterEach, describe, expect, it } from 'vitest';
import { AccountSecurityCalls, AccountSecurityRet, type PasswordChanged } from '../../src/core/account-security/account-security-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import { openAuthenticated, sleep, type TestSocket } from './socket-support.ts';
import { tokenParams, uniqueIp, uniqueName, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const sockets: TestSocket[] = [];
const CHANGE = AccountSecurityCalls.changePassword.path;

const server = useServerFixture({ listen: true });
afterEach(() => {
  for (const client of sockets.splice(0)) client.close();
});

const login = async (userName: string, password: string) => server.post<TestUser>('/api/Login/Login', { userName, password }, { ip: uniqueIp() });
const signedIn = async (userName: string, password: string): Promise<TestUser> => {
  const { body } = await login(userName, password);
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
const change = (user: TestUser, oldPassword: string, newPassword: string) => server.post<PasswordChanged>(CHANGE, { ...tokenParams(user.token), oldPassword, newPassword });
const stillIn = async (user: TestUser) => (await server.post('/api/Login/Validates', tokenParams(user.token))).body.ret;

describe('ChangePassword (issue 22)', () => {
  it('changes the password; the other sessions end at once (their sockets told), this one stays', async () => {
    const userName = uniqueName('pw');
    const a = await server.registerUser({ userName, password: 'first-pass-1' });
    const b = await signedIn(userName, 'first-pass-1');
    const c = await signedIn(userName, 'first-pass-1');
    const bSocket = await openAuthenticated(server.url, b.token);
    const aSocket = await openAuthenticated(server.url, a.token);
    sockets.push(bSocket, aSocket);

    const { body } = await change(a, 'first-pass-1', 'second-pass-2');
    expect(body).toMatchObject({ ret: Ret.Ok, data: { endedSessions: 2 } });
    expect(await bSocket.next('userStateChange')).toEqual({ action: 1, msg: '密码已修改，请重新登录' });
    expect(await stillIn(b)).toBe(Ret.SessionInvalid);
    expect(await stillIn(c)).toBe(Ret.SessionInvalid);
    expect(await stillIn(a)).toBe(Ret.Ok);
    await sleep(200);
    expect(aSocket.named('userStateChange')).toEqual([]);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
    expect((await login(userName, 'second-pass-2')).body.ret).toBe(Ret.Ok);
  });

  it('refuses a wrong current password (6201), the same password (6202) and a new one against the rules (1002)', async () => {
    const userName = uniqueName('pw');
    const user = await server.registerUser({ userName, password: 'first-pass-1' });
    expect((await change(user, 'not-the-one', 'second-pass-2')).body).toMatchObject({ ret: AccountSecurityRet.WrongPassword, msg: '原密码错误' });
    expect((await change(user, 'first-pass-1', 'first-pass-1')).body).toMatchObject({ ret: AccountSecurityRet.SamePassword, msg: '新密码不能与原密码相同' });
    expect((await change(user, 'first-pass-1', 'short')).body).toMatchObject({ ret: Ret.BadParam, msg: '密码至少8位' });
    expect((await change(user, 'first-pass-1', 'password')).body.ret).toBe(Ret.BadParam);
    expect((await change(user, 'first-pass-1', '')).body.ret).toBe(Ret.MissingParam);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.Ok);
  });

  it('needs a session', async () => {
    expect((await server.post(CHANGE, { oldPassword: 'a', newPassword: 'second-pass-2' })).body.ret).toBe(Ret.SessionInvalid);
  });

  it('checks at most 5 current passwords per 15 minutes, even in parallel; then even the right one waits', async () => {
    const userName = uniqueName('pw');
    const user = await server.registerUser({ userName, password: 'first-pass-1' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(user, `wrong-${i}-pass`, 'second-pass-2')));
    const rets = answers.map(({ body }) => body.ret);
    expect(rets.filter((ret) => ret === AccountSecurityRet.WrongPassword)).toHaveLength(5);
    expect(rets.filter((ret) => ret === Ret.TooManyAttempts)).toHaveLength(15);
    expect((await change(user, 'first-pass-1', 'second-pass-2')).body.ret).toBe(Ret.TooManyAttempts);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.Ok);
  });
});

describe('signed-in devices (issue 22)', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const WECHAT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49';
  const loginFrom = async (userName: string, userAgent: string, country: string): Promise<TestUser> => {
    const { body } = await server.post<TestUser>('/api/Login/Login', { userName, password: 'first-pass-1' }, { ip: uniqueIp(), headers: { 'user-agent': userAgent, 'x-country-code': country } });
    if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
    return body.data;
  };
  type Device = { id: string; device: string; place: string; current: boolean; lastUsedAt: number; signedInAt: number };
  const devicesOf = async (user: TestUser) => (await server.get<Device[]>(AccountSecurityCalls.devices.path, tokenParams(user.token))).body;

  it('lists each live session with its device, place and last use, this one first; never a token', async () => {
    const userName = uniqueName('dev');
    await server.registerUser({ userName, password: 'first-pass-1' });
    const phone = await loginFrom(userName, IPHONE, 'MY');
    const other = await loginFrom(userName, WECHAT, 'CN');
    const { ret, data } = await devicesOf(phone);
    expect(ret).toBe(Ret.Ok);
    expect(data[0]).toMatchObject({ device: 'iPhone · Safari', place: '马来西亚', current: true });
    expect(data.find((device) => device.device === 'Android · 微信')).toMatchObject({ place: '中国', current: false });
    expect(JSON.stringify(data)).not.toContain(other.token.token);
    // Signed in just now and used since (the database's clock and the server's may differ by a hair).
    expect(data.every((device) => Math.abs(device.lastUsedAt - device.signedInAt) < 60_000)).toBe(true);
  });

  it('ends one other device, then all others; their tokens stop working at once; not its own, not another account\'s', async () => {
    const userName = uniqueName('dev');
    const me = await server.registerUser({ userName, password: 'first-pass-1' });
    const b = await loginFrom(userName, WECHAT, 'CN');
    const c = await loginFrom(userName, IPHONE, 'CN');
    const stranger = await server.registerUser();
    const list = (await devicesOf(me)).data;
    const bId = list.find((device) => device.device === 'Android · 微信')?.id ?? '';
    const mine = list.find((device) => device.current)?.id ?? '';
    expect((await server.post(AccountSecurityCalls.endDevice.path, { ...tokenParams(stranger.token), id: bId })).body.ret).toBe(AccountSecurityRet.DeviceNotFound);
    expect((await server.post(AccountSecurityCalls.endDevice.path, { ...tokenParams(me.token), id: mine })).body.ret).toBe(AccountSecurityRet.DeviceNotFound);
    expect((await server.post(AccountSecurityCalls.endDevice.path, { ...tokenParams(me.token), id: bId })).body).toMatchObject({ ret: Ret.Ok, data: { ended: 1 } });
    expect(await stillIn(b)).toBe(Ret.SessionInvalid);
    expect(await stillIn(c)).toBe(Ret.Ok);
    expect((await server.post(AccountSecurityCalls.endDevice.path, { ...tokenParams(me.token), all: '1' })).body).toMatchObject({ ret: Ret.Ok, data: { ended: 1 } });
    expect(await stillIn(c)).toBe(Ret.SessionInvalid);
    expect(await stillIn(me)).toBe(Ret.Ok);
    expect((await devicesOf(me)).data.map((device) => device.current)).toEqual([true]);
    expect((await server.post(AccountSecurityCalls.endDevice.path, { ...tokenParams(me.token), id: 'bad id!' })).body.ret).toBe(Ret.BadParam);
  });
});
