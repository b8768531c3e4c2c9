import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { installFakeAccountSecurityApi, type FakeAccountSecurityState } from '../../adapters/http/fake-account-security-api.ts';
import { AccountSecurityCalls, AccountSecurityRet, type PasswordChanged } from '../../src/core/account-security/account-security-protocol.ts';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { createTestDatabase, registerUser, testConfig, tokenParams, uniqueIp } from '../server/support.ts';
import { sendToFake, sendToServer, type Send } from './protocol-support.ts';

/**
 * Account security's calls (src/core/account-security/account-security-protocol.ts) as the app sends them, answered
 * by the fake the app's tests use (adapters/http/fake-account-security-api.ts) and by the reference server (in
 * process, on its test database): both must answer alike, so the fake cannot drift from the server.
 */
interface World {
  send: Send;
  /** A new account with this password, signed in (its token fields) with one other session. */
  userWith(password: string): Promise<Record<string, string>>;
}

function accountSecurityContract(name: string, makeWorld: () => Promise<{ world: World; close: () => Promise<void> }>): void {
  describe(`account security protocol: ${name}`, () => {
    let world: World;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ world, close } = await makeWorld());
    });
    afterAll(() => close());
    const change = (caller: Record<string, string>, oldPassword: string, newPassword: string) =>
      world.send(AccountSecurityCalls.changePassword, { oldPassword, newPassword }, caller);

    it('ChangePassword changes it and ends the other session', async () => {
      const user = await world.userWith('first-pass-1');
      const answer = await change(user, 'first-pass-1', 'second-pass-2');
      expect(answer.ret).toBe(200);
      expect((answer.data as PasswordChanged).endedSessions).toBe(1);
      expect((await change(user, 'first-pass-1', 'third-pass-3')).ret).toBe(AccountSecurityRet.WrongPassword);
      expect((await change(user, 'second-pass-2', 'third-pass-3')).ret).toBe(200);
    });

    it('refuses the wrong current password, the same password and a password against the rules', async () => {
      const user = await world.userWith('first-pass-1');
      expect(await change(user, 'nope-nope-1', 'second-pass-2')).toMatchObject({ ret: AccountSecurityRet.WrongPassword, msg: '原密码错误' });
      expect(await change(user, 'first-pass-1', 'first-pass-1')).toMatchObject({ ret: AccountSecurityRet.SamePassword, msg: '新密码不能与原密码相同' });
      expect(await change(user, 'first-pass-1', 'short')).toMatchObject({ ret: 1002, msg: '密码至少8位' });
      expect(await change(user, 'first-pass-1', 'x'.repeat(129))).toMatchObject({ ret: 1002 });
      expect((await world.send(AccountSecurityCalls.changePassword, { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' }, { ...user, newPassword: undefined })).ret).toBe(1001);
    });

    it('after 5 wrong current passwords even the right one waits (1005)', async () => {
      const user = await world.userWith('first-pass-1');
      for (let i = 0; i < 5; i++) expect((await change(user, `wrong-pass-${i}`, 'second-pass-2')).ret).toBe(AccountSecurityRet.WrongPassword);
      expect((await change(user, 'first-pass-1', 'second-pass-2')).ret).toBe(1005);
    });

    it('a visitor is asked to sign in (201)', async () => {
      expect((await world.send(AccountSecurityCalls.changePassword, { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' })).ret).toBe(201);
    });
  });
}

accountSecurityContract('the fake', async () => {
  const http = new FakeHttp();
  const state: FakeAccountSecurityState = installFakeAccountSecurityApi(http, {
    caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
    otherSessions: () => 1,
  });
  let next = 0;
  const world: World = {
    send: sendToFake(http),
    userWith: async (password) => {
      next += 1;
      state.passwords.set(next, password);
      return { login_uid: String(next), uid: String(next), token: `t${next}` };
    },
  };
  return { world, close: async () => undefined };
});

accountSecurityContract('the reference server', async () => {
  const db: Database = await createTestDatabase();
  const app: FastifyInstance = await createApp({ db, config: testConfig(), logger: false });
  const world: World = {
    send: sendToServer(app),
    userWith: async (password) => {
      const user = await registerUser(app, { password });
      // A second session of the account (another device).
      await app.inject({ method: 'POST', url: '/api/Login/Login', payload: new URLSearchParams({ userName: user.userNameRaw, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: uniqueIp() });
      return tokenParams(user.token);
    },
  };
  return { world, close: async () => { await app.close(); await db.close(); } };
});
