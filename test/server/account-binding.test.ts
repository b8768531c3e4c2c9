import { describe, expect, it } from 'vitest';
import { AccountSecurityCalls, AccountSecurityRet, type Bindings, type PasswordProof } from '../../src/core/account-security/account-security-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import { tokenParams, uniqueIp, uniqueName, type TestUser } from './support.ts';
import { useOutboxServer } from './outbox.ts';

const server = useOutboxServer();

const codeTo = (to: string): Promise<string> => server.codeTo(to);

const call = <T>(user: TestUser, path: string, fields: Record<string, string>) => server.post<T>(path, { ...tokenParams(user.token), ...fields }, { ip: uniqueIp() });
const proofOf = async (user: TestUser, password = 'first-pass-1') => (await call<PasswordProof>(user, AccountSecurityCalls.verifyPassword.path, { password })).body;

describe('binding an email or phone (issue 22)', () => {
  it('password first, then a code to the new email, then it is bound (and the user info says so)', async () => {
    const user = await server.registerUser({ userName: uniqueName('bind'), password: 'first-pass-1' });
    expect((await proofOf(user, 'not-mine-1')).ret).toBe(AccountSecurityRet.WrongPassword);
    const { data } = await proofOf(user);
    const email = `${uniqueName('mail')}@Example.com`;
    expect((await call(user, AccountSecurityCalls.sendBindCode.path, { proof: 'made-up-proof', channel: 'email', target: email })).body.ret).toBe(AccountSecurityRet.ProofExpired);
    expect((await call(user, AccountSecurityCalls.sendBindCode.path, { proof: data.proof, channel: 'email', target: 'not-an-email' })).body).toMatchObject({ ret: Ret.BadParam, msg: '请输入正确的邮箱' });
    expect((await call(user, AccountSecurityCalls.sendBindCode.path, { proof: data.proof, channel: 'email', target: email })).body.ret).toBe(Ret.Ok);
    const code = await codeTo(email.toLowerCase());
    expect((await call(user, AccountSecurityCalls.bindEmailMobile.path, { proof: data.proof, channel: 'email', target: email, code: code === '000000' ? '111111' : '000000' })).body.ret).toBe(AccountSecurityRet.CodeWrong);
    const bound = await call<Bindings>(user, AccountSecurityCalls.bindEmailMobile.path, { proof: data.proof, channel: 'email', target: email, code });
    expect(bound.body).toMatchObject({ ret: Ret.Ok, data: { email: email.toLowerCase(), phone: '' } });
    const info = await server.post<{ email: string }>('/api/User/GetUserInfo', tokenParams(user.token));
    expect(info.body.data.email).toBe(email.toLowerCase());
    expect((await call(user, AccountSecurityCalls.sendBindCode.path, { proof: data.proof, channel: 'email', target: email })).body.ret).toBe(AccountSecurityRet.TargetSame);
  });

  it('a phone with its country calling code; one account per email or phone; the proof is the account\'s own', async () => {
    const a = await server.registerUser({ userName: uniqueName('bind'), password: 'first-pass-1' });
    const b = await server.registerUser({ userName: uniqueName('bind'), password: 'first-pass-1' });
    const proofA = (await proofOf(a)).data.proof;
    const proofB = (await proofOf(b)).data.proof;
    const phone = `1${String(Date.now()).slice(-10)}`;
    expect((await call(a, AccountSecurityCalls.sendBindCode.path, { proof: proofA, channel: 'sms', target: '12ab', areaCode: '60' })).body).toMatchObject({ ret: Ret.BadParam, msg: '请输入正确的手机号' });
    expect((await call(b, AccountSecurityCalls.sendBindCode.path, { proof: proofA, channel: 'sms', target: phone, areaCode: '60' })).body.ret).toBe(AccountSecurityRet.ProofExpired);
    const sent = await call<{ masked: string }>(a, AccountSecurityCalls.sendBindCode.path, { proof: proofA, channel: 'sms', target: phone, areaCode: '60' });
    expect(sent.body.data.masked).toMatch(/^\+60 \d\d\*+\d\d$/);
    const bound = await call<Bindings>(a, AccountSecurityCalls.bindEmailMobile.path, { proof: proofA, channel: 'sms', target: phone, areaCode: '60', code: await codeTo(`+60${phone}`) });
    expect(bound.body).toMatchObject({ ret: Ret.Ok, data: { phone, AreaCode: '60' } });
    expect((await call(b, AccountSecurityCalls.sendBindCode.path, { proof: proofB, channel: 'sms', target: phone, areaCode: '60' })).body).toMatchObject({ ret: AccountSecurityRet.TargetTaken, msg: '该手机号已被其他账号绑定' });
    // The same digits under another calling code are another phone.
    expect((await call(b, AccountSecurityCalls.sendBindCode.path, { proof: proofB, channel: 'sms', target: phone, areaCode: '86' })).body.ret).toBe(Ret.Ok);
  });

  it('a proof lasts 10 minutes; binding needs a session', async () => {
    const user = await server.registerUser({ userName: uniqueName('bind'), password: 'first-pass-1' });
    const { proof } = (await proofOf(user)).data;
    server.clock.advance(10 * 60_000);
    expect((await call(user, AccountSecurityCalls.sendBindCode.path, { proof, channel: 'email', target: 'late@example.com' })).body.ret).toBe(AccountSecurityRet.ProofExpired);
    expect((await server.post(AccountSecurityCalls.verifyPassword.path, { password: 'first-pass-1' })).body.ret).toBe(Ret.SessionInvalid);
  });
});
