import { describe, expect, it } from 'vitest';
import { AccountSecurityCalls, AccountSecurityRet } from '../../src/core/account-security/account-security-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import { useOutboxServer } from './outbox.ts';
import { tokenParams, uniqueIp, uniqueName, type TestUser } from './support.ts';

const server = useOutboxServer();

const login = (userName: string, password: string) => server.post<TestUser>('/api/Login/Login', { userName, password }, { ip: uniqueIp() });
const stillIn = async (user: TestUser) => (await server.post('/api/Login/Validates', tokenParams(user.token))).body.ret;

describe('deleting an account (issue 22)', () => {
  it('with nothing bound: the password; then no sign-in, every session ended, the posts\' author shown as 已注销用户', async () => {
    const userName = uniqueName('del');
    const user = await server.registerUser({ userName, password: 'first-pass-1', nickName: '要走的人' });
    const other = (await login(userName, 'first-pass-1')).body.data;
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'nope-nope-1' })).body.ret).toBe(AccountSecurityRet.WrongPassword);
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'first-pass-1' })).body.ret).toBe(Ret.Ok);
    expect(await stillIn(user)).toBe(Ret.SessionInvalid);
    expect(await stillIn(other)).toBe(Ret.SessionInvalid);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
    const [row] = await server.db.query<{ nick_name: string; email: string; deleted_at: Date | null }>('SELECT nick_name, email, deleted_at FROM users WHERE id = $1', [user.id]);
    expect(row).toMatchObject({ nick_name: '已注销用户', email: '' });
    expect(row?.deleted_at).toBeInstanceOf(Date);
  });

  it('with an email bound: a code to it is needed too', async () => {
    const userName = uniqueName('del');
    const user = await server.registerUser({ userName, password: 'first-pass-1' });
    const email = `${userName}@example.com`;
    await server.db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, email]);
    const fresh = (await login(userName, 'first-pass-1')).body.data;
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1' })).body.ret).toBe(AccountSecurityRet.CodeExpired);
    expect((await server.post(AccountSecurityCalls.sendDeleteCode.path, { ...tokenParams(fresh.token), channel: 'sms' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post(AccountSecurityCalls.sendDeleteCode.path, { ...tokenParams(fresh.token), channel: 'email' })).body.ret).toBe(Ret.Ok);
    const code = await server.codeTo(email);
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1', channel: 'email', code: code === '000000' ? '111111' : '000000' })).body.ret).toBe(AccountSecurityRet.CodeWrong);
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1', channel: 'email', code })).body.ret).toBe(Ret.Ok);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
  });

  it('the name stays reserved for 30 days, then a new registration may take it', async () => {
    const userName = uniqueName('del');
    const user = await server.registerUser({ userName, password: 'first-pass-1' });
    expect((await server.post(AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'first-pass-1' })).body.ret).toBe(Ret.Ok);
    const again = () => server.post('/api/Login/Register', { userName, password: 'second-pass-2' }, { ip: uniqueIp() });
    expect((await again()).body.ret).toBe(Ret.UserNameTaken);
    server.clock.advance(30 * 86_400_000);
    expect((await again()).body.ret).toBe(Ret.Ok);
    expect((await login(userName, 'second-pass-2')).body.ret).toBe(Ret.Ok);
  });
});
