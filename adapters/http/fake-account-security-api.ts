import { AccountSecurityCalls, AccountSecurityRet, EMAIL_PATTERN, PHONE_PATTERN, type CodeChannel, type RecoveryChannel, type SignedInDevice } from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { VerificationRules } from '../../src/core/account-security/verification-rules.ts';
import { maskText } from '../../src/core/display/mask.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { normalizeCaptchaCode } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../src/core/shared-kernel/captcha-texts.ts';
import { fail, fakeApi, ok, refuse, type FakeCaller } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeAccountSecurityState {
  /** Each account's password, by user id. */
  readonly passwords: Map<number, string>;
  /** Wrong current passwords per user id in the running window (5 allowed). */
  readonly wrongChecks: Map<number, number>;
  /** Sessions ended by a password change, as `${uid}` once per change (the fake has no sessions of its own). */
  readonly ended: number[];
  /** Accounts recovery can find, by user id. */
  readonly accounts: Map<number, { userName: string; email: string; phone: string; areaCode: string }>;
  /** Captcha answers by id (a test puts one, as the server's captcha store holds them); used once. */
  readonly captchas: Map<string, string>;
  /** Codes sent, newest last: where, and the code. */
  readonly sent: { to: string; code: string }[];
  /** Each account's signed-in devices (the caller's own is the one whose id is `current:<uid>`'s value). */
  readonly devices: Map<number, SignedInDevice[]>;
}

export interface FakeAccountSecurityOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: FakeCaller;
  /** How many other sessions the account has when its password changes (the server counts its own). */
  otherSessions?: (uid: number) => number;
  /** Unix milliseconds (codes' resend interval and lifetime); Date.now when left out. */
  now?: () => number;
}

interface Ticket {
  uid: number | null;
  expiresAt: number;
  verified: boolean;
  used: boolean;
}

interface SentCode {
  code: string;
  sentAt: number;
  tries: number;
  used: boolean;
}

/** Current-password checks per account before a wait (the server's PASSWORD_CHECKS_PER_USER). */
const MAX_CHECKS = 5;

/**
 * An in-memory imitation of the reference server's account security calls, answering what
 * account-security-protocol.ts declares (test/contract/account-security-protocol.test.ts runs one suite against it
 * and against the real server).
 */
export function installFakeAccountSecurityApi(http: FakeHttp, options: FakeAccountSecurityOptions): FakeAccountSecurityState {
  const state: FakeAccountSecurityState = { passwords: new Map(), wrongChecks: new Map(), ended: [], accounts: new Map(), captchas: new Map(), sent: [], devices: new Map() };
  const { serve } = fakeApi(http, { caller: options.caller });
  const now = options.now ?? (() => Date.now());
  const tickets = new Map<string, Ticket>();
  const codes = new Map<string, SentCode>();
  let nextTicket = 0;

  const areaOf = (areaCode: string) => areaCode.replace(/^\+/, '') || '86';
  const targetOf = (uid: number | null, channel: string): string | null => {
    const account = uid === null ? undefined : state.accounts.get(uid);
    if (!account) return null;
    if (channel === 'email') return account.email === '' ? null : account.email.toLowerCase();
    if (channel === 'sms') return account.phone === '' ? null : `+${areaOf(account.areaCode)}${account.phone}`;
    return null;
  };
  const channelsOf = (uid: number | null): RecoveryChannel[] => {
    const account = uid === null ? undefined : state.accounts.get(uid);
    if (!account) return [];
    const channels: RecoveryChannel[] = [];
    if (account.email !== '') channels.push({ channel: 'email', masked: maskText(account.email, { email: true }) });
    if (account.phone !== '') channels.push({ channel: 'sms', masked: `+${areaOf(account.areaCode)} ${maskText(account.phone)}` });
    return channels;
  };
  /** Sends a code to `target` unless the last one is younger than the resend interval (6211 with the wait). */
  const sendFakeCode = (target: string): FakeHttpAnswer | null => {
    const last = codes.get(target);
    if (last && now() - last.sentAt < VerificationRules.resendAfterMs) {
      return { body: { ret: AccountSecurityRet.CodeTooSoon, msg: AccountSecurityTexts.CodeTooSoon, data: { waitMs: last.sentAt + VerificationRules.resendAfterMs - now() } } };
    }
    const code = String(100_000 + ((state.sent.length * 7919 + 12_345) % 900_000));
    codes.set(target, { code, sentAt: now(), tries: 0, used: false });
    state.sent.push({ to: target, code });
    return null;
  };
  const openTicket = (ticket: string): Ticket | null => {
    const found = tickets.get(ticket);
    return found && !found.used && found.expiresAt > now() ? found : null;
  };

  /** The caller's own password: 5 wrong ones, then 1005 until a right one (the server's PASSWORD_CHECKS_PER_USER). */
  const checkFakePassword = (uid: number, password: string, wrongText: string): void => {
    const checks = state.wrongChecks.get(uid) ?? 0;
    if (checks >= MAX_CHECKS) throw refuse(1005, AccountSecurityTexts.TooManyChecks);
    if (state.passwords.get(uid) !== password) {
      state.wrongChecks.set(uid, checks + 1);
      throw refuse(AccountSecurityRet.WrongPassword, wrongText);
    }
    state.wrongChecks.delete(uid);
  };

  serve(AccountSecurityCalls.changePassword, 'required', ({ oldPassword, newPassword }, uid) => {
    const problem = newPasswordProblem(newPassword);
    if (problem !== null) return fail(1002, problem);
    checkFakePassword(uid, oldPassword, AccountSecurityTexts.WrongPassword);
    if (newPassword === oldPassword) return fail(AccountSecurityRet.SamePassword, AccountSecurityTexts.SamePassword);
    state.passwords.set(uid, newPassword);
    const endedSessions = options.otherSessions?.(uid) ?? 0;
    state.ended.push(uid);
    return ok({ endedSessions });
  });

  serve(AccountSecurityCalls.startRecovery, 'optional', ({ account, captchaId, captchaCode }) => {
    const answer = state.captchas.get(captchaId);
    state.captchas.delete(captchaId);
    if (answer === undefined || answer !== normalizeCaptchaCode(captchaCode)) return fail(1008, CaptchaTexts.Wrong);
    const lower = account.toLowerCase();
    const digits = account.replace(/[\s-]/g, '').replace(/^\+/, '');
    const found = [...state.accounts.entries()].find(
      ([, each]) => each.userName.toLowerCase() === lower || (each.email !== '' && each.email.toLowerCase() === lower) || (each.phone !== '' && (each.phone === digits || `${areaOf(each.areaCode)}${each.phone}` === digits)),
    );
    nextTicket += 1;
    const ticket = `fake-ticket-${nextTicket}-${'x'.repeat(20)}`;
    tickets.set(ticket, { uid: found?.[0] ?? null, expiresAt: now() + 30 * 60_000, verified: false, used: false });
    return ok({ ticket, channels: channelsOf(found?.[0] ?? null) });
  });

  serve(AccountSecurityCalls.sendRecoveryCode, 'optional', (input) => {
    const ticket = openTicket(input.ticket);
    if (!ticket) return fail(AccountSecurityRet.RecoveryExpired, AccountSecurityTexts.RecoveryExpired);
    const target = targetOf(ticket.uid, input.channel);
    if (target === null) return fail(1002, '参数格式错误：channel');
    const refused = sendFakeCode(target);
    if (refused) return refused;
    return ok({ masked: channelsOf(ticket.uid).find((each) => each.channel === input.channel)?.masked ?? '', resendAfterMs: VerificationRules.resendAfterMs });
  });

  serve(AccountSecurityCalls.checkRecoveryCode, 'optional', (input) => {
    const ticket = openTicket(input.ticket);
    if (!ticket) return fail(AccountSecurityRet.RecoveryExpired, AccountSecurityTexts.RecoveryExpired);
    const target = targetOf(ticket.uid, input.channel);
    if (target === null) return fail(1002, '参数格式错误：channel');
    const sent = codes.get(target);
    if (!sent || sent.used || now() >= sent.sentAt + VerificationRules.lifetimeMs) return fail(AccountSecurityRet.CodeExpired, AccountSecurityTexts.CodeExpired);
    if (sent.tries >= VerificationRules.maxTries) return fail(AccountSecurityRet.CodeExhausted, AccountSecurityTexts.CodeExhausted);
    sent.tries += 1;
    if (input.code !== sent.code) {
      return sent.tries >= VerificationRules.maxTries
        ? fail(AccountSecurityRet.CodeExhausted, AccountSecurityTexts.CodeExhausted)
        : fail(AccountSecurityRet.CodeWrong, AccountSecurityTexts.CodeWrong);
    }
    sent.used = true;
    ticket.verified = true;
    return ok(null);
  });

  serve(AccountSecurityCalls.resetPassword, 'optional', ({ ticket: id, newPassword }) => {
    const problem = newPasswordProblem(newPassword);
    if (problem !== null) return fail(1002, problem);
    const ticket = openTicket(id);
    if (!ticket || !ticket.verified || ticket.uid === null) return fail(AccountSecurityRet.RecoveryExpired, AccountSecurityTexts.RecoveryExpired);
    ticket.used = true;
    state.passwords.set(ticket.uid, newPassword);
    state.ended.push(ticket.uid);
    return ok(null);
  });

  const proofs = new Map<string, { uid: number; expiresAt: number }>();
  let nextProof = 0;
  /** The bind calls' common checks: a live proof of this account, a well-formed target not bound elsewhere. */
  const bindTarget = (uid: number, input: { proof: string; channel: string; target: string; areaCode?: string }): { uid: number; channel: CodeChannel; key: string; email: string; phone: string; areaCode: string } => {
    const areaCode = input.areaCode ?? '86';
    const held = proofs.get(input.proof);
    if (!held || held.uid !== uid || held.expiresAt <= now()) throw refuse(AccountSecurityRet.ProofExpired, AccountSecurityTexts.ProofExpired);
    const account = state.accounts.get(uid) ?? { userName: `u${uid}`, email: '', phone: '', areaCode: '' };
    if (input.channel === 'email') {
      const email = input.target.toLowerCase();
      if (!EMAIL_PATTERN.test(email)) throw refuse(1002, AccountSecurityTexts.EmailInvalid);
      if (account.email.toLowerCase() === email) throw refuse(AccountSecurityRet.TargetSame, AccountSecurityTexts.TargetSame);
      if ([...state.accounts.entries()].some(([id, each]) => id !== uid && each.email.toLowerCase() === email)) throw refuse(AccountSecurityRet.TargetTaken, AccountSecurityTexts.EmailTaken);
      return { uid, channel: 'email', key: email, email, phone: '', areaCode: '' };
    }
    const phone = input.target.replace(/[\s-]/g, '');
    if (!PHONE_PATTERN.test(phone)) throw refuse(1002, AccountSecurityTexts.PhoneInvalid);
    if (account.phone === phone && account.areaCode === areaCode) throw refuse(AccountSecurityRet.TargetSame, AccountSecurityTexts.TargetSame);
    if ([...state.accounts.entries()].some(([id, each]) => id !== uid && each.phone === phone && each.areaCode === areaCode)) throw refuse(AccountSecurityRet.TargetTaken, AccountSecurityTexts.PhoneTaken);
    return { uid, channel: 'sms', key: `+${areaCode}${phone}`, email: '', phone, areaCode };
  };

  serve(AccountSecurityCalls.verifyPassword, 'required', ({ password }, uid) => {
    checkFakePassword(uid, password, AccountSecurityTexts.PasswordWrong);
    nextProof += 1;
    const proof = `fake-proof-${nextProof}-${'y'.repeat(20)}`;
    proofs.set(proof, { uid, expiresAt: now() + 10 * 60_000 });
    return ok({ proof, expiresInMs: 10 * 60_000 });
  });

  serve(AccountSecurityCalls.sendBindCode, 'required', (input, uid) => {
    const target = bindTarget(uid, input);
    const refused = sendFakeCode(target.key);
    if (refused) return refused;
    const masked = target.channel === 'email' ? maskText(target.email, { email: true }) : `+${target.areaCode} ${maskText(target.phone)}`;
    return ok({ masked, resendAfterMs: VerificationRules.resendAfterMs });
  });

  serve(AccountSecurityCalls.bindEmailMobile, 'required', (input, uid) => {
    const target = bindTarget(uid, input);
    const sent = codes.get(target.key);
    if (!sent || sent.used || now() >= sent.sentAt + VerificationRules.lifetimeMs) return fail(AccountSecurityRet.CodeExpired, AccountSecurityTexts.CodeExpired);
    if (sent.tries >= VerificationRules.maxTries) return fail(AccountSecurityRet.CodeExhausted, AccountSecurityTexts.CodeExhausted);
    sent.tries += 1;
    if (input.code !== sent.code) return fail(sent.tries >= VerificationRules.maxTries ? AccountSecurityRet.CodeExhausted : AccountSecurityRet.CodeWrong, sent.tries >= VerificationRules.maxTries ? AccountSecurityTexts.CodeExhausted : AccountSecurityTexts.CodeWrong);
    sent.used = true;
    const account = state.accounts.get(target.uid) ?? { userName: `u${target.uid}`, email: '', phone: '', areaCode: '' };
    const next = target.channel === 'email' ? { ...account, email: target.email } : { ...account, phone: target.phone, areaCode: target.areaCode };
    state.accounts.set(target.uid, next);
    return ok({ email: next.email, phone: next.phone, AreaCode: next.areaCode });
  });

  serve(AccountSecurityCalls.sendDeleteCode, 'required', ({ channel }, uid) => {
    const target = targetOf(uid, channel);
    if (target === null) return fail(1002, '参数格式错误：channel');
    const refused = sendFakeCode(target);
    if (refused) return refused;
    return ok(null);
  });

  serve(AccountSecurityCalls.deleteAccount, 'required', ({ password, channel, code: typed = '' }, uid) => {
    checkFakePassword(uid, password, AccountSecurityTexts.PasswordWrong);
    const account = state.accounts.get(uid);
    if (account && (account.email !== '' || account.phone !== '')) {
      const target = targetOf(uid, channel === 'sms' ? 'sms' : 'email');
      const sent = target === null ? undefined : codes.get(target);
      if (!sent || typed === '' || sent.used) return fail(AccountSecurityRet.CodeExpired, typed === '' ? AccountSecurityTexts.CodeNeeded : AccountSecurityTexts.CodeExpired);
      sent.tries += 1;
      if (typed !== sent.code) return fail(AccountSecurityRet.CodeWrong, AccountSecurityTexts.CodeWrong);
      sent.used = true;
    }
    state.passwords.delete(uid);
    state.accounts.delete(uid);
    state.devices.delete(uid);
    state.ended.push(uid);
    return ok(null);
  });

  serve(AccountSecurityCalls.devices, 'required', (_input, uid) => {
    const devices = state.devices.get(uid) ?? [];
    return ok([...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)]);
  });

  serve(AccountSecurityCalls.endDevice, 'required', ({ id, all }, uid) => {
    const devices = state.devices.get(uid) ?? [];
    const ending = all === 1 ? devices.filter((device) => !device.current) : devices.filter((device) => !device.current && device.id === id);
    if (all !== 1 && ending.length === 0) return fail(AccountSecurityRet.DeviceNotFound, AccountSecurityTexts.DeviceNotFound);
    state.devices.set(uid, devices.filter((device) => !ending.includes(device)));
    return ok({ ended: ending.length });
  });
  return state;
}
