/**
 * Account security's calls (issue 22), declared once (src/core/request/protocol.ts): the app's ChangePassword sends
 * them, the reference server (server/account-security/routes.ts) serves them.
 */
import { call } from '../request/protocol.ts';

/** The longest password a form may carry (the password rules allow 128 characters; longer is refused as 1002). */
const MAX_PASSWORD = 128;

/** The answer codes of account security's calls that the app handles itself. */
export const AccountSecurityRet = {
  /** ChangePassword: the current password is not the account's. */
  WrongPassword: 6201,
  /** ChangePassword: the new password is the current one. */
  SamePassword: 6202,
} as const;

export const AccountSecurityTexts = {
  WrongPassword: '原密码错误',
  SamePassword: '新密码不能与原密码相同',
  /** Too many wrong current passwords for the account (ret 1005). */
  TooManyChecks: '密码错误次数过多，请15分钟后再试',
  /** What the account's other signed-in devices are told (userStateChange action 1). */
  SessionEndedByPasswordChange: '密码已修改，请重新登录',
  Changed: '密码修改成功',
} as const;

/** ChangePassword: the password is changed; this many other sessions of the account were ended. */
export interface PasswordChanged {
  endedSessions: number;
}

export const AccountSecurityCalls = {
  /**
   * Changes the caller's password: the current one, then the new one under the password rules. The calling session
   * stays signed in; every other session of the account ends at once. Signed in only.
   */
  changePassword: call<PasswordChanged>()({
    method: 'POST',
    path: '/api/User/ChangePassword',
    carrier: 'form',
    params: {
      oldPassword: { kind: 'text', max: MAX_PASSWORD },
      newPassword: { kind: 'text', max: MAX_PASSWORD },
    },
  }),
} as const;
