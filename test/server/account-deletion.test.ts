import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSecurityCalls, AccountSecurityRet } from '../../src/core/account-security/account-security-protocol.ts';
import type { Database } from '../../server/db/database.ts';
import { Ret } from '../../server/http/ret.ts';
import { appWithOutbox, type OutboxApp } from './outbox.ts';
import { post, registerUser, tokenParams, uniqueIp, uniqueName, type TestUser } from './support.ts';

let world: OutboxApp;
let db: Database;
let app: FastifyInstance;
let clock: OutboxApp['clock'];

beforeAll(async () => {
  world = await appWithOutbox();
  ({ app, db, clock } = world);
});
afterAll(() => world?.close());

const login = (userName: string, password: string) => post<TestUser>(app, '/api/Login/Login', { userName, password }, { ip: uniqueIp() });
const stillIn = async (user: TestUser) => (await post(app, '/api/Login/Validates', tokenParams(user.token))).body.ret;

describe('deleting an account (issue 22)', () => {
  it('with nothing bound: the password; then no sign-in, every session ended, the posts\' author shown as 已注销用户', async () => {
    const userName = uniqueName('del');
    const user = await registerUser(app, { userName, password: 'first-pass-1', nickName: '要走的人' });
    const other = (await login(userName, 'first-pass-1')).body.data;
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'nope-nope-1' })).body.ret).toBe(AccountSecurityRet.WrongPassword);
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'first-pass-1' })).body.ret).toBe(Ret.Ok);
    expect(await stillIn(user)).toBe(Ret.SessionInvalid);
    expect(await stillIn(other)).toBe(Ret.SessionInvalid);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
    const [row] = await db.query<{ nick_name: string; email: string; deleted_at: Date | null }>('SELECT nick_name, email, deleted_at FROM users WHERE id = $1', [user.id]);
    expect(row).toMatchObject({ nick_name: '已注销用户', email: '' });
    expect(row?.deleted_at).toBeInstanceOf(Date);
  });

  it('with an email bound: a code to it is needed too', async () => {
    const userName = uniqueName('del');
    const user = await registerUser(app, { userName, password: 'first-pass-1' });
    const email = `${userName}@example.com`;
    await db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, email]);
    const fresh = (await login(userName, 'first-pass-1')).body.data;
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1' })).body.ret).toBe(AccountSecurityRet.CodeExpired);
    expect((await post(app, AccountSecurityCalls.sendDeleteCode.path, { ...tokenParams(fresh.token), channel: 'sms' })).body.ret).toBe(Ret.BadParam);
    expect((await post(app, AccountSecurityCalls.sendDeleteCode.path, { ...tokenParams(fresh.token), channel: 'email' })).body.ret).toBe(Ret.Ok);
    const code = await world.codeTo(email);
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1', channel: 'email', code: code === '000000' ? '111111' : '000000' })).body.ret).toBe(AccountSecurityRet.CodeWrong);
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(fresh.token), password: 'first-pass-1', channel: 'email', code })).body.ret).toBe(Ret.Ok);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
  });

  it('the name stays reserved for 30 days, then a new registration may take it', async () => {
    const userName = uniqueName('del');
    const user = await registerUser(app, { userName, password: 'first-pass-1' });
    expect((await post(app, AccountSecurityCalls.deleteAccount.path, { ...tokenParams(user.token), password: 'first-pass-1' })).body.ret).toBe(Ret.Ok);
    const again = () => post(app, '/api/Login/Register', { userName, password: 'second-pass-2' }, { ip: uniqueIp() });
    expect((await again()).body.ret).toBe(Ret.UserNameTaken);
    clock.advance(30 * 86_400_000);
    expect((await again()).body.ret).toBe(Ret.Ok);
    expect((await login(userName, 'second-pass-2')).body.ret).toBe(Ret.Ok);
  });
});
