import { AccountSecurityCalls, AccountSecurityRet, AccountSecurityTexts } from '../../src/core/account-security/account-security-protocol.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeAccountSecurityState {
  /** Each account's password, by user id. */
  readonly passwords: Map<number, string>;
  /** Wrong current passwords per user id in the running window (5 allowed). */
  readonly wrongChecks: Map<number, number>;
  /** Sessions ended by a password change, as `${uid}` once per change (the fake has no sessions of its own). */
  readonly ended: number[];
}

export interface FakeAccountSecurityOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** How many other sessions the account has when its password changes (the server counts its own). */
  otherSessions?: (uid: number) => number;
}

/** Current-password checks per account before a wait (the server's PASSWORD_CHECKS_PER_USER). */
const MAX_CHECKS = 5;

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });

/**
 * An in-memory imitation of the reference server's account security calls, answering what
 * account-security-protocol.ts declares (test/contract/account-security-protocol.test.ts runs one suite against it
 * and against the real server).
 */
export function installFakeAccountSecurityApi(http: FakeHttp, options: FakeAccountSecurityOptions): FakeAccountSecurityState {
  const state: FakeAccountSecurityState = { passwords: new Map(), wrongChecks: new Map(), ended: [] };
  const param = (call: FakeHttpCall, name: string): string => String(call.params[name] ?? call.body[name] ?? '');

  http.route('POST', AccountSecurityCalls.changePassword.path, (call) => {
    const uid = options.caller(call);
    if (uid === null) return fail(201, '请先登录');
    const oldPassword = param(call, 'oldPassword');
    const newPassword = param(call, 'newPassword');
    if (oldPassword === '') return fail(1001, '缺少参数：oldPassword');
    if (newPassword === '') return fail(1001, '缺少参数：newPassword');
    if (oldPassword.length > 128) return fail(1002, '参数格式错误：oldPassword');
    const problem = newPasswordProblem(newPassword);
    if (problem !== null) return fail(1002, problem);
    const checks = state.wrongChecks.get(uid) ?? 0;
    if (checks >= MAX_CHECKS) return fail(1005, AccountSecurityTexts.TooManyChecks);
    if (state.passwords.get(uid) !== oldPassword) {
      state.wrongChecks.set(uid, checks + 1);
      return fail(AccountSecurityRet.WrongPassword, AccountSecurityTexts.WrongPassword);
    }
    state.wrongChecks.delete(uid);
    if (newPassword === oldPassword) return fail(AccountSecurityRet.SamePassword, AccountSecurityTexts.SamePassword);
    state.passwords.set(uid, newPassword);
    const endedSessions = options.otherSessions?.(uid) ?? 0;
    state.ended.push(uid);
    return ok({ endedSessions });
  });
  return state;
}
