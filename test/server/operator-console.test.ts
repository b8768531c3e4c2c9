import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { createOperator } from '../../server/operators/operator-accounts.ts';
import { Ret } from '../../server/http/ret.ts';
import { CONSOLE_COOKIE, ConsoleOperatorCalls, ConsoleRet, type AuditPage, type ConsoleOperator, type ConsoleSession } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import type { OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { useServerFixture } from './server-fixture.ts';
import { FakeClock, MINUTE, TEST_ARGON2, get, post, uniqueIp, uniqueName } from './support.ts';

/**
 * The console's operators on the server (issue 33): sign-in with its own session (an HttpOnly, SameSite=Strict cookie
 * on /api/admin only, never in the answer), the app's sign-in limits and captcha, a change refused without the
 * console's Origin, sessions listed and ended (one's own only), the audit log for owners only, and every sign-in,
 * sign-out and ended session in it.
 */
const clock = new FakeClock(Date.parse('2026-12-07T10:00:00Z'));
const server = useServerFixture({ clock });
const HOST = 'localhost:80';
const ORIGIN = `http://${HOST}`;

async function makeOperator(role: OperatorRole, password = 'operator password 1') {
  const name = uniqueName(role.slice(0, 3)).slice(0, 32);
  const made = await createOperator({ db: server.db, hasher: new PasswordHasher(TEST_ARGON2), now: () => new Date(clock.now()) }, { operatorId: null, name: '命令行' }, { name, role, password });
  if (!made.ok) throw new Error(made.problem);
  return { name, password, id: made.operator.id };
}

/** Signs in as a browser on the console would: the answer, and the cookie it set. */
async function signIn(name: string, password: string, ip = uniqueIp(), extra: Record<string, string> = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: ConsoleOperatorCalls.signIn.path,
    payload: new URLSearchParams({ name, password, ...extra }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST, origin: ORIGIN, 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/131 console' },
    remoteAddress: ip,
  });
  const setCookie = String(response.headers['set-cookie'] ?? '');
  const token = new RegExp(`^${CONSOLE_COOKIE}=([^;]+)`).exec(setCookie)?.[1] ?? null;
  return { body: JSON.parse(response.body) as { ret: number; msg: string; data: ConsoleOperator | null }, setCookie, token };
}

const as = (token: string | null, origin = true) => ({ headers: { host: HOST, ...(origin ? { origin: ORIGIN } : {}), ...(token ? { cookie: `other=1; ${CONSOLE_COOKIE}=${token}` } : {}) } });

describe('the console’s operators on the server', () => {
  it('signs in with a cookie only the console’s API gets; Me answers the operator; the token is in no answer', async () => {
    const editor = await makeOperator('editor');
    const signed = await signIn(editor.name, editor.password);
    expect(signed.body).toMatchObject({ ret: Ret.Ok, data: { id: editor.id, name: editor.name, role: 'editor' } });
    expect(signed.setCookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age=43200$`));
    expect(JSON.stringify(signed.body)).not.toContain(signed.token!);
    const me = await get<ConsoleOperator>(server.app, ConsoleOperatorCalls.me.path, {}, as(signed.token));
    expect(me.body).toMatchObject({ ret: Ret.Ok, data: { id: editor.id, name: editor.name, role: 'editor' } });
    // Only a digest of the token is stored.
    const stored = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM operator_sessions WHERE operator_id = $1', [editor.id]);
    expect(stored.map((row) => row.token_hash)).not.toContain(signed.token);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(null))).body.ret).toBe(ConsoleRet.SignInRequired);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as('forged-token'))).body.ret).toBe(ConsoleRet.SignInRequired);
  });

  it('an unknown name and a wrong password answer alike; a disabled operator’s right password says so; an app user is no operator', async () => {
    const editor = await makeOperator('editor');
    const wrong = await signIn(editor.name, 'not the password');
    const unknown = await signIn('nobody-at-all', 'not the password');
    expect(wrong.body).toEqual({ ret: ConsoleRet.WrongCredentials, msg: '操作员名或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookie).toBe('');
    const user = await server.registerUser({ userName: uniqueName('app'), password: 'secret123456' });
    expect((await signIn(user.userNameRaw, 'secret123456')).body.ret).toBe(ConsoleRet.WrongCredentials);
    await server.db.query('UPDATE operators SET disabled = true WHERE id = $1', [editor.id]);
    expect((await signIn(editor.name, editor.password)).body).toMatchObject({ ret: ConsoleRet.Disabled, msg: '该操作员已停用' });
  });

  it('keeps the app’s sign-in limits: after 3 wrong passwords for a name the captcha is asked for, even for the right one', async () => {
    const owner = await makeOperator('owner');
    for (let i = 0; i < 3; i++) expect((await signIn(owner.name, `wrong ${i}`)).body.ret).toBe(ConsoleRet.WrongCredentials);
    expect((await signIn(owner.name, owner.password)).body.ret).toBe(Ret.CaptchaRequired);
    expect((await signIn(owner.name, owner.password, uniqueIp(), { captchaId: 'none', captchaCode: 'abcd' })).body.ret).toBe(Ret.CaptchaWrong);
  });

  it('refuses a change without the console’s Origin (a cross-site request), and a sign-in from another site', async () => {
    const editor = await makeOperator('editor');
    const { token } = await signIn(editor.name, editor.password);
    const crossSite = await post(server.app, ConsoleOperatorCalls.signOut.path, {}, { headers: { host: HOST, origin: 'https://evil.example', cookie: `${CONSOLE_COOKIE}=${token}` } });
    expect(crossSite.body).toMatchObject({ ret: ConsoleRet.BadOrigin, msg: '请求来源无效' });
    expect((await post(server.app, ConsoleOperatorCalls.signOut.path, {}, as(token, false))).body.ret).toBe(ConsoleRet.BadOrigin);
    const forged = await server.app.inject({
      method: 'POST',
      url: ConsoleOperatorCalls.signIn.path,
      payload: new URLSearchParams({ name: editor.name, password: editor.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST, origin: 'https://evil.example' },
    });
    expect(JSON.parse(forged.body).ret).toBe(ConsoleRet.BadOrigin);
    expect(forged.headers['set-cookie']).toBeUndefined();
    // Still signed in: nothing above ended the session.
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(token))).body.ret).toBe(Ret.Ok);
  });

  it('lists one’s sessions with this one marked, ends another of one’s own but never someone else’s, and signs out', async () => {
    const editor = await makeOperator('editor');
    const other = await makeOperator('moderator');
    const first = await signIn(editor.name, editor.password);
    clock.advance(MINUTE);
    const second = await signIn(editor.name, editor.password);
    const theirs = await signIn(other.name, other.password);
    const listed = await get<ConsoleSession[]>(server.app, ConsoleOperatorCalls.sessions.path, {}, as(second.token));
    expect(listed.body.data?.map((session) => session.current)).toEqual([true, false]);
    expect(listed.body.data?.[0]?.userAgent).toContain('console');
    const [, older] = listed.body.data!;
    const theirSessions = await get<ConsoleSession[]>(server.app, ConsoleOperatorCalls.sessions.path, {}, as(theirs.token));
    const theirId = theirSessions.body.data![0]!.id;
    expect((await post(server.app, ConsoleOperatorCalls.endSession.path, { id: String(theirId) }, as(second.token))).body.ret).toBe(ConsoleRet.SessionNotFound);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(theirs.token))).body.ret).toBe(Ret.Ok);
    expect((await post(server.app, ConsoleOperatorCalls.endSession.path, { id: String(older!.id) }, as(second.token))).body.ret).toBe(Ret.Ok);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(first.token))).body.ret).toBe(ConsoleRet.SignInRequired);

    const response = await server.app.inject({ method: 'POST', url: ConsoleOperatorCalls.signOut.path, headers: { ...as(second.token).headers } });
    expect(JSON.parse(response.body).ret).toBe(Ret.Ok);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${CONSOLE_COOKIE}=; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age=0`));
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(second.token))).body.ret).toBe(ConsoleRet.SignInRequired);
  });

  it('ends a session after 2 hours unused and after 12 hours in all; disabling an operator ends theirs at once', async () => {
    const editor = await makeOperator('editor');
    const idle = await signIn(editor.name, editor.password);
    clock.advance(119 * MINUTE);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(idle.token))).body.ret).toBe(Ret.Ok);
    clock.advance(119 * MINUTE);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(idle.token))).body.ret).toBe(Ret.Ok);
    // Used every 90 minutes (3 h 58 min in, then up to 11 h 28 min), it still ends 12 hours after it began.
    for (let i = 0; i < 5; i++) {
      clock.advance(90 * MINUTE);
      expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(idle.token))).body.ret).toBe(Ret.Ok);
    }
    clock.advance(60 * MINUTE);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(idle.token))).body.ret).toBe(ConsoleRet.SignInRequired);

    const unused = await signIn(editor.name, editor.password);
    clock.advance(121 * MINUTE);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(unused.token))).body.ret).toBe(ConsoleRet.SignInRequired);

    const live = await signIn(editor.name, editor.password);
    await server.db.query('UPDATE operators SET disabled = true WHERE id = $1', [editor.id]);
    expect((await get(server.app, ConsoleOperatorCalls.me.path, {}, as(live.token))).body.ret).toBe(ConsoleRet.SignInRequired);
  });

  it('the audit log is an owner’s: each other role is refused by the server; it lists sign-ins, sign-outs and ended sessions, filtered', async () => {
    const owner = await makeOperator('owner');
    const { token } = await signIn(owner.name, owner.password);
    for (const role of ['editor', 'moderator', 'finance'] as const) {
      const someone = await makeOperator(role);
      const signed = await signIn(someone.name, someone.password);
      expect((await get(server.app, ConsoleOperatorCalls.audit.path, {}, as(signed.token))).body).toMatchObject({ ret: ConsoleRet.Forbidden, msg: '无权进行此操作' });
    }
    const mine = await get<AuditPage>(server.app, ConsoleOperatorCalls.audit.path, { operatorId: String(owner.id) }, as(token));
    expect(mine.body.ret).toBe(Ret.Ok);
    expect(mine.body.data?.list.map((row) => [row.actor, row.action])).toEqual([[owner.name, 'operators.sign-in']]);
    const made = await get<AuditPage>(server.app, ConsoleOperatorCalls.audit.path, { action: 'operators.create', pageSize: '2' }, as(token));
    expect(made.body.data?.list).toHaveLength(2);
    expect(made.body.data?.total).toBeGreaterThanOrEqual(4);
    expect(made.body.data?.list[0]).toMatchObject({ actor: '命令行', operatorId: null, action: 'operators.create', before: null });
    expect((await get(server.app, ConsoleOperatorCalls.audit.path, { action: 'DROP TABLE' }, as(token))).body.ret).toBe(Ret.BadParam);
  });
});
