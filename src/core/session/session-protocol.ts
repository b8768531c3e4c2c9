/**
 * The session's calls, declared once (src/core/request/protocol.ts): the app's SessionService sends them, the
 * reference server (server/login/routes.ts, server/user/routes.ts) serves them, the fake
 * (adapters/http/fake-login-api.ts) answers them. Each answers the signed-in user as the shared kernel's UserAnswer,
 * which the app reads as its User ({@link signedInUser}; GetUserInfo's without the token, {@link userFacts}). A
 * login's image captcha travels in the shared kernel's CaptchaFields and is refused with its CaptchaRet codes.
 */
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { CaptchaFields } from '../shared-kernel/captcha-protocol.ts';
import { signedInUser, userFacts } from '../shared-kernel/user.ts';

export const SessionLimits = {
  /** An account name a registration may create (login also looks up seeded names with a dash). */
  userName: /^[A-Za-z0-9_]{4,20}$/,
  userNameMax: 20,
  /** Characters as a person counts them (code points). */
  nickNameMax: 16,
  /** A new password's longest length, in code points (password-rules.ts holds the other rules). */
  passwordMax: 128,
} as const;

/** The refusals (1002) of registration and profile fields, as both the server and the app's form checks word them. */
export const SessionRefusals = {
  userName: '账号为4-20位字母、数字或下划线',
  nickName: '昵称为1-16个字符且不含控制字符',
  passwordTooLong: '密码最多128位',
} as const;

/** UTF-16 units a text of `codePoints` characters may take (each character at most two). */
const unitsOf = (codePoints: number): number => 2 * codePoints;

/**
 * The longest login field or token field taken (far beyond any real one: a longer one is refused, 1002, before the
 * attempt is counted; anything shorter is checked as it always was).
 */
const FIELD_MAX = 4096;

export const SessionCalls = {
  /**
   * Creates an account and signs it in (注册成功). The password is checked against password-rules.ts (at least 8,
   * at most 128 characters, not a common one); the nick name, trimmed, is 1 to 16 characters without control
   * characters (the account name when left out). 1003 the name is taken; 1005 too many registrations from an address.
   */
  register: call({
    method: 'POST',
    path: '/api/Login/Register',
    carrier: 'form',
    params: {
      userName: { kind: 'text', max: SessionLimits.userNameMax, pattern: SessionLimits.userName, badMessage: SessionRefusals.userName },
      password: { kind: 'text', max: unitsOf(SessionLimits.passwordMax), badMessage: SessionRefusals.passwordTooLong },
      nickName: { kind: 'text', max: unitsOf(SessionLimits.nickNameMax), trim: true, optional: true, badMessage: SessionRefusals.nickName },
    },
    answer: signedInUser,
  }),
  /**
   * Signs in with an account name and password (登录成功). 1004 unknown account or wrong password alike; past 3
   * checks for an account within 15 minutes a captcha is needed (1007; wrong, used or expired: 1008); 1005 after 20
   * checks from an address within 15 minutes.
   */
  login: call({
    method: 'POST',
    path: '/api/Login/Login',
    carrier: 'form',
    params: {
      userName: { kind: 'text', max: FIELD_MAX },
      password: { kind: 'text', max: FIELD_MAX },
      [CaptchaFields.id]: { kind: 'text', max: FIELD_MAX, optional: true },
      [CaptchaFields.code]: { kind: 'text', max: FIELD_MAX, optional: true },
    },
    answer: signedInUser,
  }),
  /**
   * Confirms the session the token fields name and answers its user with the same token; 201 when they name none.
   * The token travels in the common parameters; a page opened with a token in its URL query sends that one instead.
   */
  validate: call({
    method: 'POST',
    path: '/api/Login/Validates',
    carrier: 'form',
    params: {
      token: { kind: 'text', max: FIELD_MAX, optional: true },
      sign: { kind: 'text', max: FIELD_MAX, optional: true },
      expire: { kind: 'text', max: FIELD_MAX, optional: true },
      login_uid: { kind: 'text', max: FIELD_MAX, optional: true },
    },
    answer: signedInUser,
  }),
  /** Ends the session: its token stops working (已退出登录). Signed in only. */
  logout: call({ method: 'POST', path: '/api/Login/Logout', carrier: 'form', params: {}, answer: wire.none }),
  /** The signed-in user, fresh, with the token the call was made with. Signed in only. */
  userInfo: call({ method: 'POST', path: '/api/User/GetUserInfo', carrier: 'form', params: {}, answer: userFacts }),
} as const;
