import { describe, expect, it } from 'vitest';
import { AccountSecurityCalls, AccountSecurityRet, type CodeSent, type RecoveryStarted } from '../../src/core/account-security/account-security-protocol.ts';
import { maskText } from '../../src/core/display/mask.ts';
import { CaptchaCalls, type CaptchaChallenge } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import { tokenParams, uniqueIp, uniqueName, type TestUser } from './support.ts';
import { useOutboxServer } from './outbox.ts';

const server = useOutboxServer();

/** A captcha and its answer (read where the server keeps it). */
async function captcha(): Promise<{ captchaId: string; captchaCode: string }> {
  const { body } = await server.get<CaptchaChallenge>(CaptchaCalls.challenge.path, {}, { ip: uniqueIp() });
  const [row] = await server.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [body.data.id]);
  return { captchaId: body.data.id, captchaCode: row?.answer ?? '' };
}

/** The code in the newest outbox message to `to`. */
const mailedCode = (to: string): Promise<string> => server.codeTo(to);

async function userWithEmail(password = 'first-pass-1'): Promise<{ user: TestUser; userName: string; email: string }> {
  const userName = uniqueName('rec');
  const user = await server.registerUser({ userName, password });
  const email = `${userName}@example.com`;
  await server.db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, email]);
  return { user, userName, email };
}

const start = async (account: string) => server.post<RecoveryStarted>(AccountSecurityCalls.startRecovery.path, { account, ...(await captcha()) });
const sendCode = (ticket: string, ip = uniqueIp()) => server.post<CodeSent>(AccountSecurityCalls.sendRecoveryCode.path, { ticket, channel: 'email' }, { ip });
const check = (ticket: string, code: string) => server.post(AccountSecurityCalls.checkRecoveryCode.path, { ticket, channel: 'email', code });
const reset = (ticket: string, newPassword: string) => server.post(AccountSecurityCalls.resetPassword.path, { ticket, newPassword });
const login = (userName: string, password: string) => server.post('/api/Login/Login', { userName, password }, { ip: uniqueIp() });

describe('password recovery (issue 22)', () => {
  it('by account name, or by the bound email: a captcha, a mailed code, a new password; every session ends', async () => {
    const { user, userName, email } = await userWithEmail();
    const started = await start(email.toUpperCase());
    expect(started.body.ret).toBe(Ret.Ok);
    expect(started.body.data.channels).toEqual([{ channel: 'email', masked: maskText(email, { email: true }) }]);
    expect(started.body.data.channels[0]?.masked).toMatch(/^re\*+@example\.com$/);
    const { ticket } = started.body.data;
    expect((await reset(ticket, 'second-pass-2')).body.ret).toBe(AccountSecurityRet.RecoveryExpired);

    const sent = await sendCode(ticket);
    expect(sent.body).toMatchObject({ ret: Ret.Ok, data: { resendAfterMs: 60_000 } });
    const code = await mailedCode(email.toLowerCase());
    expect((await check(ticket, code === '000000' ? '111111' : '000000')).body.ret).toBe(AccountSecurityRet.CodeWrong);
    expect((await check(ticket, code)).body.ret).toBe(Ret.Ok);
    expect((await reset(ticket, 'short')).body).toMatchObject({ ret: Ret.BadParam, msg: '密码至少8位' });
    expect((await reset(ticket, 'second-pass-2')).body.ret).toBe(Ret.Ok);
    expect((await reset(ticket, 'third-pass-3')).body.ret).toBe(AccountSecurityRet.RecoveryExpired);
    expect((await server.post('/api/Login/Validates', tokenParams(user.token))).body.ret).toBe(Ret.SessionInvalid);
    expect((await login(userName, 'first-pass-1')).body.ret).toBe(Ret.BadCredentials);
    expect((await login(userName, 'second-pass-2')).body.ret).toBe(Ret.Ok);
  });

  it('needs the captcha, once', async () => {
    const { userName } = await userWithEmail();
    const { captchaId } = await captcha();
    expect((await server.post(AccountSecurityCalls.startRecovery.path, { account: userName, captchaId, captchaCode: 'WRONG' })).body.ret).toBe(Ret.CaptchaWrong);
    const right = await captcha();
    expect((await server.post(AccountSecurityCalls.startRecovery.path, { account: userName, ...right })).body.ret).toBe(Ret.Ok);
    expect((await server.post(AccountSecurityCalls.startRecovery.path, { account: userName, ...right })).body.ret).toBe(Ret.CaptchaWrong);
  });

  it('never says whether an account exists: an unknown one answers like one with nothing bound', async () => {
    const bare = await server.registerUser({ userName: uniqueName('bare') });
    const unknown = await start(uniqueName('nobody'));
    const unbound = await start(bare.userNameRaw);
    for (const answer of [unknown, unbound]) {
      expect(answer.body.ret).toBe(Ret.Ok);
      expect(answer.body.data.channels).toEqual([]);
      expect(answer.body.data.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await sendCode(answer.body.data.ticket)).body.ret).toBe(Ret.BadParam);
    }
  });

  it('sends again only after 60 s, with the wait', async () => {
    const { email } = await userWithEmail();
    const { ticket } = (await start(email)).body.data;
    expect((await sendCode(ticket)).body.ret).toBe(Ret.Ok);
    server.clock.advance(20_000);
    expect((await sendCode(ticket)).body).toMatchObject({ ret: AccountSecurityRet.CodeTooSoon, data: { waitMs: 40_000 } });
    server.clock.advance(40_000);
    expect((await sendCode(ticket)).body.ret).toBe(Ret.Ok);
  });

  it('a ticket lasts 30 minutes', async () => {
    const { email } = await userWithEmail();
    const { ticket } = (await start(email)).body.data;
    server.clock.advance(30 * 60_000);
    expect((await sendCode(ticket)).body.ret).toBe(AccountSecurityRet.RecoveryExpired);
    expect((await sendCode('no-such-ticket')).body.ret).toBe(AccountSecurityRet.RecoveryExpired);
    expect((await sendCode('bad ticket!')).body.ret).toBe(Ret.BadParam);
  });
});
