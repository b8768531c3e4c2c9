import { expect, it } from 'vitest';
import { installFakeAccountSecurityApi, type FakeAccountSecurityState } from '../../adapters/http/fake-account-security-api.ts';
import { AccountSecurityCalls, AccountSecurityRet, type PasswordChanged, type PasswordProof, type RecoveryStarted, type SignedInDevice } from '../../src/core/account-security/account-security-protocol.ts';
import { maskText } from '../../src/core/display/mask.ts';
import { CaptchaCalls, type CaptchaChallenge } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { registerUser, tokenParams, uniqueIp, uniqueName } from '../server/support.ts';
import { outboxCode } from '../server/outbox.ts';
import { protocolContract, type Send } from './protocol-contract.ts';

/**
 * Account security's calls (src/core/account-security/account-security-protocol.ts) as the app sends them, answered
 * by the fake the app's tests use (adapters/http/fake-account-security-api.ts) and by the reference server (in
 * process, on its test database): both must answer alike, so the fake cannot drift from the server.
 */
interface World {
  send: Send;
  /** A new account with this password, signed in (its token fields) with one other session. */
  userWith(password: string): Promise<Record<string, string>>;
  /** A new account with this password and a bound email; its name and email. */
  recoverable(password: string): Promise<{ userName: string; email: string }>;
  /** A captcha and its answer. */
  captcha(): Promise<{ captchaId: string; captchaCode: string }>;
  /** The last code sent to `to`. */
  lastCode(to: string): Promise<string>;
  /** Moves the clock on. */
  later(ms: number): void;
  /** A new account with this password and a bound email, signed in: its email and token fields. */
  recoverableSignedIn(password: string): Promise<{ email: string; caller: Record<string, string> }>;
  /** A new account signed in on two devices (an iPhone and an Android phone); the iPhone's token fields. */
  onTwoDevices(): Promise<Record<string, string>>;
}

protocolContract<World>('account security protocol', {
  fake: ({ http, send, clock }) => {
    const state: FakeAccountSecurityState = installFakeAccountSecurityApi(http, {
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      otherSessions: () => 1,
      now: () => clock.now(),
    });
    let next = 0;
    return {
      send,
      userWith: async (password) => {
        next += 1;
        state.passwords.set(next, password);
        return { login_uid: String(next), uid: String(next), token: `t${next}` };
      },
      recoverable: async (password) => {
        next += 1;
        const userName = `rec_${next}_fake`;
        const email = `${userName}@example.com`;
        state.passwords.set(next, password);
        state.accounts.set(next, { userName, email, phone: '', areaCode: '' });
        return { userName, email };
      },
      captcha: async () => {
        next += 1;
        state.captchas.set(`c${next}`, 'K7M3P');
        return { captchaId: `c${next}`, captchaCode: 'k7m3p' };
      },
      lastCode: async (to) => state.sent.filter((each) => each.to === to).at(-1)?.code ?? '',
      later: (ms) => clock.advance(ms),
      recoverableSignedIn: async (password) => {
        next += 1;
        const email = `del_${next}@example.com`;
        state.passwords.set(next, password);
        state.accounts.set(next, { userName: `del_${next}`, email, phone: '', areaCode: '' });
        return { email, caller: { login_uid: String(next), uid: String(next), token: `t${next}` } };
      },
      onTwoDevices: async () => {
        next += 1;
        const time = clock.now();
        state.passwords.set(next, 'first-pass-1');
        state.devices.set(next, [
          { id: `d${next}a`, device: 'iPhone · Safari', place: '中国', signedInAt: time, lastUsedAt: time, current: true },
          { id: `d${next}b`, device: 'Android · 微信', place: '中国', signedInAt: time, lastUsedAt: time, current: false },
        ]);
        return { login_uid: String(next), uid: String(next), token: `t${next}` };
      },
    };
  },
  server: {
    address: uniqueIp,
    world: ({ app, db, clock, dataDir, send }) => ({
      send,
      recoverable: async (password) => {
        const userName = uniqueName('rec');
        const user = await registerUser(app, { userName, password });
        const email = `${userName}@example.com`;
        await db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, email]);
        return { userName, email };
      },
      captcha: async () => {
        const challenge = (await app.inject({ method: 'GET', url: CaptchaCalls.challenge.path, remoteAddress: uniqueIp() })).json() as { data: CaptchaChallenge };
        const [row] = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [challenge.data.id]);
        return { captchaId: challenge.data.id, captchaCode: (row?.answer ?? '').toLowerCase() };
      },
      lastCode: (to) => outboxCode(dataDir, to),
      later: (ms) => clock.advance(ms),
      recoverableSignedIn: async (password) => {
        const userName = uniqueName('del');
        const user = await registerUser(app, { userName, password });
        const email = `${userName}@example.com`;
        await db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, email]);
        const login = (await app.inject({ method: 'POST', url: '/api/Login/Login', payload: new URLSearchParams({ userName, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: uniqueIp() })).json() as { data: { token: Parameters<typeof tokenParams>[0] } };
        return { email, caller: tokenParams(login.data.token) };
      },
      onTwoDevices: async () => {
        const userName = uniqueName('dev');
        await registerUser(app, { userName });
        const loginFrom = async (userAgent: string) =>
          (await app.inject({ method: 'POST', url: '/api/Login/Login', payload: new URLSearchParams({ userName, password: 'secret123' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent }, remoteAddress: uniqueIp() })).json() as { data: { token: Parameters<typeof tokenParams>[0] } };
        const iphone = await loginFrom('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
        await loginFrom('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49');
        const caller = tokenParams(iphone.data.token);
        // The registration's own session is a third device: end it, so the account has exactly the two.
        const listed = (await app.inject({ method: 'GET', url: AccountSecurityCalls.devices.path, query: caller })).json() as { data: SignedInDevice[] };
        const registration = listed.data.find((device) => !device.current && device.device !== 'Android · 微信');
        if (registration) await app.inject({ method: 'POST', url: AccountSecurityCalls.endDevice.path, payload: new URLSearchParams({ ...caller, id: registration.id }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        return caller;
      },
      userWith: async (password) => {
        const user = await registerUser(app, { password });
        // A second session of the account (another device).
        await app.inject({ method: 'POST', url: '/api/Login/Login', payload: new URLSearchParams({ userName: user.userNameRaw, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: uniqueIp() });
        return tokenParams(user.token);
      },
    }),
  },
}, (world) => {
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

  it('password recovery: captcha, ticket, masked channels, a code (60 s apart), once; the new password only after the code', async () => {
    const { email } = await world.recoverable('first-pass-1');
    const wrongCaptcha = await world.captcha();
    expect((await world.send(AccountSecurityCalls.startRecovery, { account: email, captchaId: wrongCaptcha.captchaId, captchaCode: 'WRONG' })).ret).toBe(1008);
    const started = await world.send(AccountSecurityCalls.startRecovery, { account: email, ...(await world.captcha()) });
    expect(started.ret).toBe(200);
    const { ticket, channels } = started.data as RecoveryStarted;
    expect(channels).toEqual([{ channel: 'email', masked: maskText(email, { email: true }) }]);
    expect((await world.send(AccountSecurityCalls.resetPassword, { ticket, newPassword: 'second-pass-2' })).ret).toBe(AccountSecurityRet.RecoveryExpired);
    const sent = await world.send(AccountSecurityCalls.sendRecoveryCode, { ticket, channel: 'email' });
    expect(sent).toMatchObject({ ret: 200, data: { masked: channels[0]?.masked, resendAfterMs: 60_000 } });
    world.later(10_000);
    expect(await world.send(AccountSecurityCalls.sendRecoveryCode, { ticket, channel: 'email' })).toMatchObject({ ret: AccountSecurityRet.CodeTooSoon, data: { waitMs: 50_000 } });
    const code = await world.lastCode(email.toLowerCase());
    expect((await world.send(AccountSecurityCalls.checkRecoveryCode, { ticket, channel: 'email', code: code === '000000' ? '111111' : '000000' })).ret).toBe(AccountSecurityRet.CodeWrong);
    expect((await world.send(AccountSecurityCalls.checkRecoveryCode, { ticket, channel: 'email', code: '1234567' })).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.checkRecoveryCode, { ticket, channel: 'email', code })).ret).toBe(200);
    expect((await world.send(AccountSecurityCalls.resetPassword, { ticket, newPassword: 'short' })).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.resetPassword, { ticket, newPassword: 'second-pass-2' })).ret).toBe(200);
    expect((await world.send(AccountSecurityCalls.resetPassword, { ticket, newPassword: 'third-pass-3' })).ret).toBe(AccountSecurityRet.RecoveryExpired);
  });

  it('password recovery never says whether an account exists', async () => {
    const started = await world.send(AccountSecurityCalls.startRecovery, { account: 'nobody_here_42', ...(await world.captcha()) });
    expect(started.ret).toBe(200);
    const { ticket, channels } = started.data as RecoveryStarted;
    expect(channels).toEqual([]);
    expect((await world.send(AccountSecurityCalls.sendRecoveryCode, { ticket, channel: 'email' })).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.sendRecoveryCode, { ticket: 'no-such-ticket', channel: 'email' })).ret).toBe(AccountSecurityRet.RecoveryExpired);
    expect((await world.send(AccountSecurityCalls.sendRecoveryCode, { ticket, channel: 'fax' })).ret).toBe(1002);
  });

  it('binding: the password, a code to the new email or phone, then bound; one account per phone', async () => {
    const caller = await world.userWith('first-pass-1');
    expect((await world.send(AccountSecurityCalls.verifyPassword, { password: 'not-mine-1' }, caller)).ret).toBe(AccountSecurityRet.WrongPassword);
    const proofAnswer = await world.send(AccountSecurityCalls.verifyPassword, { password: 'first-pass-1' }, caller);
    expect(proofAnswer.ret).toBe(200);
    const { proof } = proofAnswer.data as PasswordProof;
    const phone = `1${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof: 'made-up-proof', channel: 'sms', target: phone, areaCode: '60' }, caller)).ret).toBe(AccountSecurityRet.ProofExpired);
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof, channel: 'sms', target: '12ab', areaCode: '60' }, caller)).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof, channel: 'email', target: 'nope' }, caller)).ret).toBe(1002);
    const sent = await world.send(AccountSecurityCalls.sendBindCode, { proof, channel: 'sms', target: phone, areaCode: '60' }, caller);
    expect(sent).toMatchObject({ ret: 200, data: { masked: `+60 ${maskText(phone)}`, resendAfterMs: 60_000 } });
    const code = await world.lastCode(`+60${phone}`);
    expect((await world.send(AccountSecurityCalls.bindEmailMobile, { proof, channel: 'sms', target: phone, areaCode: '60', code: code === '000000' ? '111111' : '000000' }, caller)).ret).toBe(AccountSecurityRet.CodeWrong);
    const bound = await world.send(AccountSecurityCalls.bindEmailMobile, { proof, channel: 'sms', target: phone, areaCode: '60', code }, caller);
    expect(bound).toMatchObject({ ret: 200, data: { phone, AreaCode: '60' } });
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof, channel: 'sms', target: phone, areaCode: '60' }, caller)).ret).toBe(AccountSecurityRet.TargetSame);
    const other = await world.userWith('first-pass-1');
    const otherProof = ((await world.send(AccountSecurityCalls.verifyPassword, { password: 'first-pass-1' }, other)).data as PasswordProof).proof;
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof: otherProof, channel: 'sms', target: phone, areaCode: '60' }, other)).ret).toBe(AccountSecurityRet.TargetTaken);
    expect((await world.send(AccountSecurityCalls.sendBindCode, { proof, channel: 'sms', target: phone, areaCode: '60' }, other)).ret).toBe(AccountSecurityRet.ProofExpired);
    expect((await world.send(AccountSecurityCalls.verifyPassword, { password: 'first-pass-1' })).ret).toBe(201);
  });

  it('signed-in devices: listed with this one first; one other ended, then all others; never this one', async () => {
    const caller = await world.onTwoDevices();
    const listed = await world.send(AccountSecurityCalls.devices, {}, caller);
    expect(listed.ret).toBe(200);
    const devices = listed.data as SignedInDevice[];
    expect(devices.map((device) => [device.device, device.current])).toEqual([['iPhone · Safari', true], ['Android · 微信', false]]);
    const mine = devices[0]?.id ?? '';
    const other = devices[1]?.id ?? '';
    expect((await world.send(AccountSecurityCalls.endDevice, { id: mine, all: 0 }, caller)).ret).toBe(AccountSecurityRet.DeviceNotFound);
    expect((await world.send(AccountSecurityCalls.endDevice, { id: other, all: 0 }, caller))).toMatchObject({ ret: 200, data: { ended: 1 } });
    expect((await world.send(AccountSecurityCalls.endDevice, { id: other, all: 0 }, caller)).ret).toBe(AccountSecurityRet.DeviceNotFound);
    expect((await world.send(AccountSecurityCalls.endDevice, { all: 1 }, caller))).toMatchObject({ ret: 200, data: { ended: 0 } });
    expect(((await world.send(AccountSecurityCalls.devices, {}, caller)).data as SignedInDevice[]).length).toBe(1);
    expect((await world.send(AccountSecurityCalls.endDevice, { id: 'bad id!', all: 0 }, caller)).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.devices, {})).ret).toBe(201);
  });

  it('deleting an account: the password, and a code when an email is bound; then it is gone', async () => {
    const bare = await world.userWith('first-pass-1');
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'nope-nope-1' }, bare)).ret).toBe(AccountSecurityRet.WrongPassword);
    expect((await world.send(AccountSecurityCalls.sendDeleteCode, { channel: 'email' }, bare)).ret).toBe(1002);
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'first-pass-1' }, bare)).ret).toBe(200);
    const { email, caller } = await world.recoverableSignedIn('first-pass-1');
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'first-pass-1' }, caller)).ret).toBe(AccountSecurityRet.CodeExpired);
    expect((await world.send(AccountSecurityCalls.sendDeleteCode, { channel: 'email' }, caller)).ret).toBe(200);
    const code = await world.lastCode(email.toLowerCase());
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'first-pass-1', channel: 'email', code: code === '000000' ? '111111' : '000000' }, caller)).ret).toBe(AccountSecurityRet.CodeWrong);
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'first-pass-1', channel: 'email', code }, caller)).ret).toBe(200);
    expect((await world.send(AccountSecurityCalls.deleteAccount, { password: 'first-pass-1' })).ret).toBe(201);
  });

  it('a visitor is asked to sign in (201)', async () => {
    expect((await world.send(AccountSecurityCalls.changePassword, { oldPassword: 'first-pass-1', newPassword: 'second-pass-2' })).ret).toBe(201);
  });
});
