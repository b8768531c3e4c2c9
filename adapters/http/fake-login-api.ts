import type { Clock } from '../../src/core/ports/clock.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { SessionCalls, SessionLimits, SessionRefusals } from '../../src/core/session/session-protocol.ts';
import { CaptchaCalls, CaptchaRet, CaptchaRules, normalizeCaptchaCode, type CaptchaChallenge } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../src/core/shared-kernel/captcha-texts.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { fail, fakeApi, LOGIN_REQUIRED, ok, SESSION_INVALID } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';
import { installFakeRegionApi } from './fake-region-api.ts';

interface FakeLoginUser {
  uid: number;
  userName: string;
  password: string;
  nickName: string;
}

interface FakeLoginSession {
  uid: number;
  token: string;
  expire: number;
  sign: string;
}

export interface FakeLoginApiOptions {
  /** Drives token expiry (expire is in seconds); Date.now when left out. */
  clock?: Clock;
  /** Accounts that exist from the start. */
  users?: ReadonlyArray<{ userName: string; password: string; nickName?: string }>;
  /** How long a token lives, in seconds (30 days by default). */
  tokenLifetimeS?: number;
}

/** The imitation's state, for tests: clear sessions to invalidate every token. */
export interface FakeLoginState {
  readonly users: Map<string, FakeLoginUser>;
  readonly sessions: Map<string, FakeLoginSession>;
  /** Captchas handed out and not used yet: id → answer (tests read the answer here). */
  readonly captchas: Map<string, string>;
  /** Failed logins per account name since its last login (the imitation has no time window). */
  readonly failures: Map<string, number>;
}

/** Failures for one account name after which the imitation, like the server, asks for a captcha. */
const FAKE_LOGIN_FREE_ATTEMPTS = 3;
/** The picture the imitation answers with (any captcha looks the same). */
const FAKE_CAPTCHA_IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><rect width="150" height="50" fill="#eee"/></svg>')}`;

const FIRST_UID = 10001;

/** A call's fields: the query, and for a POST its form body too (as the server reads both). */
function fieldsOf(call: FakeHttpCall): Record<string, string> {
  const fields: Record<string, string> = { ...call.params };
  for (const [key, value] of Object.entries(call.body)) if (value !== undefined && value !== null) fields[key] = String(value);
  return fields;
}

/**
 * An in-memory imitation of the reference server's session calls (session-protocol.ts: register, login, validation,
 * logout, user info) and the captcha (captcha-protocol.ts), answering what they declare
 * (test/contract/session-protocol.test.ts runs the same suite against it and the real server); also the region
 * calls a start makes.
 */
export function installFakeLoginApi(http: FakeHttp, options: FakeLoginApiOptions = {}): FakeLoginState {
  const state: FakeLoginState = { users: new Map(), sessions: new Map(), captchas: new Map(), failures: new Map() };
  let captchasIssued = 0;
  const nowS = () => Math.floor((options.clock?.now() ?? Date.now()) / 1000);
  const lifetimeS = options.tokenLifetimeS ?? 30 * 24 * 3600;
  let issued = 0;
  /** Who is signed in is the session's to say (signedIn below), not a caller's login_uid. */
  const { serve } = fakeApi(http, { caller: () => null });

  const addUser = (userName: string, password: string, nickName?: string): FakeLoginUser => {
    const user = { uid: FIRST_UID + state.users.size, userName, password, nickName: nickName || userName };
    state.users.set(userName.toLowerCase(), user);
    return user;
  };
  for (const seed of options.users ?? []) addUser(seed.userName, seed.password, seed.nickName);

  const signIn = (user: FakeLoginUser, msg: string): FakeHttpAnswer => {
    issued += 1;
    const token = `fake-token-${user.uid}-${issued}`;
    const session = { uid: user.uid, token, expire: nowS() + lifetimeS, sign: `fake-sign-${issued}` };
    state.sessions.set(token, session);
    return ok(view(user, session), msg);
  };

  /** The session the call's token fields name, or null when they are wrong or expired; undefined when no token is sent. */
  const sessionOf = (fields: Record<string, string>): FakeLoginSession | null | undefined => {
    if (!fields['token']) return undefined;
    const session = state.sessions.get(fields['token']);
    if (!session || String(session.uid) !== fields['login_uid'] || session.sign !== fields['sign'] || String(session.expire) !== fields['expire']) return null;
    if (session.expire <= nowS()) {
      state.sessions.delete(session.token);
      return null;
    }
    return session;
  };
  const userOf = (uid: number) => [...state.users.values()].find((user) => user.uid === uid);
  /** A call for the signed-in only: 201 请先登录 without token fields, 201 登录已失效 with bad ones. */
  const signedIn = (handle: (session: FakeLoginSession, user: FakeLoginUser) => FakeHttpAnswer) => (_input: unknown, _uid: number | null, call: FakeHttpCall) => {
    const session = sessionOf(fieldsOf(call));
    if (session === undefined) return LOGIN_REQUIRED;
    const user = session && userOf(session.uid);
    return session && user ? handle(session, user) : SESSION_INVALID;
  };

  serve(SessionCalls.register, 'optional', ({ userName, password, nickName }) => {
    const weak = newPasswordProblem(password);
    if (weak) return fail(1002, weak);
    const nick = nickName ?? '';
    if ([...nick].length > SessionLimits.nickNameMax || /\p{Cc}/u.test(nick)) return fail(1002, SessionRefusals.nickName);
    if (state.users.has(userName.toLowerCase())) return fail(1003, '该账号已被注册');
    return signIn(addUser(userName, password, nick), '注册成功');
  });
  serve(SessionCalls.login, 'optional', ({ userName, password, captchaId = '', captchaCode = '' }) => {
    const failures = state.failures.get(userName) ?? 0;
    if (failures >= FAKE_LOGIN_FREE_ATTEMPTS) {
      if (!captchaId || !captchaCode) return fail(CaptchaRet.Required, CaptchaTexts.Required);
      const expected = state.captchas.get(captchaId);
      state.captchas.delete(captchaId);
      if (expected === undefined || expected !== normalizeCaptchaCode(captchaCode)) return fail(CaptchaRet.Wrong, CaptchaTexts.Wrong);
    }
    const user = state.users.get(userName.toLowerCase());
    if (user && user.password === password) {
      state.failures.delete(userName);
      return signIn(user, '登录成功');
    }
    state.failures.set(userName, failures + 1);
    return fail(1004, '账号或密码错误');
  });
  serve(CaptchaCalls.challenge, 'optional', () => {
    captchasIssued += 1;
    const { alphabet, length } = CaptchaRules;
    const code = Array.from({ length }, (_, i) => alphabet[(captchasIssued * 7 + i * 3) % alphabet.length]).join('');
    const id = `fake-captcha-${captchasIssued}`;
    state.captchas.set(id, code);
    return ok({ id, image: FAKE_CAPTCHA_IMAGE, expiresIn: CaptchaRules.lifetimeMs / 1000 } satisfies CaptchaChallenge, '');
  });
  serve(SessionCalls.validate, 'optional', signedIn((session, user) => ok(view(user, session), '')));
  serve(SessionCalls.userInfo, 'optional', signedIn((session, user) => ok(view(user, session), '')));
  serve(SessionCalls.logout, 'optional', signedIn((session) => {
    state.sessions.delete(session.token);
    return ok(null, '已退出登录');
  }));
  // The app asks the region as it signs in: the region's fake answers it.
  installFakeRegionApi(http);
  return state;
}

function view(user: FakeLoginUser, session: FakeLoginSession): UserAnswer {
  return {
    id: user.uid,
    uid: user.uid,
    userNameRaw: user.userName,
    nickName: user.nickName,
    avatar: '',
    vipLevel: 0,
    vipCategoryId: 0,
    vipTypeName: '',
    eDate: '',
    email: '',
    phone: '',
    AreaCode: '',
    region: '',
    gender: null,
    introduction: '',
    level: 1,
    experience: 0,
    gold: 0,
    newWorks: false,
    totalMsgCount: 0,
    token: { uid: session.uid, token: session.token, expire: session.expire, sign: session.sign },
  };
}
