import type { Clock } from '../../src/core/ports/clock.ts';
import { CaptchaFields, CaptchaPaths, CaptchaRet, CaptchaRules, CaptchaTexts, normalizeCaptchaCode } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CredentialTexts } from '../../src/core/session/credentials.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

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

const USER_NAME = /^[A-Za-z0-9_]{4,20}$/;
const NICK_NAME_MAX = 16;
const FIRST_UID = 10001;

const ok = (data: unknown, msg = ''): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });
const SESSION_INVALID = fail(201, '登录已失效，请重新登录');

/** An in-memory imitation of the reference server's login calls (register, login, validation, user info, region). */
export function installFakeLoginApi(http: FakeHttp, options: FakeLoginApiOptions = {}): FakeLoginState {
  const state: FakeLoginState = { users: new Map(), sessions: new Map(), captchas: new Map(), failures: new Map() };
  let captchasIssued = 0;
  const nowS = () => Math.floor((options.clock?.now() ?? Date.now()) / 1000);
  const lifetimeS = options.tokenLifetimeS ?? 30 * 24 * 3600;
  let issued = 0;

  const addUser = (userName: string, password: string, nickName?: string): FakeLoginUser => {
    const user = { uid: FIRST_UID + state.users.size, userName, password, nickName: nickName || userName };
    state.users.set(userName, user);
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

  /** The session the call's token fields name, or null when they are missing, wrong or expired. */
  const sessionOf = (fields: Record<string, string>): FakeLoginSession | null => {
    const session = fields.token ? state.sessions.get(fields.token) : undefined;
    const uid = fields.login_uid ?? fields.uid;
    if (!session || String(session.uid) !== uid || session.sign !== fields.sign || String(session.expire) !== fields.expire) return null;
    if (session.expire <= nowS()) {
      state.sessions.delete(session.token);
      return null;
    }
    return session;
  };
  const userOf = (uid: number) => [...state.users.values()].find((user) => user.uid === uid);
  const withSession = (handle: (session: FakeLoginSession, user: FakeLoginUser) => FakeHttpAnswer) => (call: FakeHttpCall) => {
    const session = sessionOf(fieldsOf(call));
    const user = session && userOf(session.uid);
    return session && user ? handle(session, user) : SESSION_INVALID;
  };

  http.route('POST', '/api/Login/Register', (call) => {
    const { userName = '', password = '', nickName = '' } = fieldsOf(call);
    if (!userName || !password) return missing(userName ? 'password' : 'userName');
    if (!USER_NAME.test(userName)) return fail(1002, CredentialTexts.userNameBad);
    const weak = newPasswordProblem(password);
    if (weak) return fail(1002, weak);
    if ([...nickName.trim()].length > NICK_NAME_MAX) return fail(1002, CredentialTexts.nickNameBad);
    if (state.users.has(userName)) return fail(1003, '该账号已被注册');
    return signIn(addUser(userName, password, nickName.trim()), '注册成功');
  });
  http.route('POST', '/api/Login/Login', (call) => {
    const fields = fieldsOf(call);
    const { userName = '', password = '' } = fields;
    if (!userName || !password) return missing(userName ? 'password' : 'userName');
    const failures = state.failures.get(userName) ?? 0;
    if (failures >= FAKE_LOGIN_FREE_ATTEMPTS) {
      const id = fields[CaptchaFields.id] ?? '';
      const code = fields[CaptchaFields.code] ?? '';
      if (!id || !code) return fail(CaptchaRet.Required, CaptchaTexts.Required);
      const answer = state.captchas.get(id);
      state.captchas.delete(id);
      if (answer === undefined || answer !== normalizeCaptchaCode(code)) return fail(CaptchaRet.Wrong, CaptchaTexts.Wrong);
    }
    const user = state.users.get(userName);
    if (user && user.password === password) {
      state.failures.delete(userName);
      return signIn(user, '登录成功');
    }
    state.failures.set(userName, failures + 1);
    return fail(1004, '账号或密码错误');
  });
  http.route('GET', CaptchaPaths.get, () => {
    captchasIssued += 1;
    const { alphabet, length } = CaptchaRules;
    const answer = Array.from({ length }, (_, i) => alphabet[(captchasIssued * 7 + i * 3) % alphabet.length]).join('');
    const id = `fake-captcha-${captchasIssued}`;
    state.captchas.set(id, answer);
    return ok({ id, image: FAKE_CAPTCHA_IMAGE, expiresIn: CaptchaRules.lifetimeMs / 1000 });
  });
  http.route('POST', '/api/Login/Validates', withSession((session, user) => ok(view(user, session))));
  http.route('POST', '/api/User/GetUserInfo', withSession((session, user) => ok(view(user, session))));
  http.route('POST', '/api/Login/Logout', withSession((session) => {
    state.sessions.delete(session.token);
    return ok(null);
  }));
  http.route('GET', '/api/home/GetUserRegion', () => ok({ country: '中国', code: 'CN' }));
  http.route('GET', '/api/user/IsMalaysia', () => ok(null));
  return state;
}

/** A call's fields: the query for GET, the body for POST. */
function fieldsOf(call: FakeHttpCall): Record<string, string> {
  const source = call.method === 'GET' ? call.params : call.body;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== null) fields[key] = String(value);
  return fields;
}

function missing(name: string): FakeHttpAnswer {
  return fail(1001, `缺少参数：${name}`);
}

function view(user: FakeLoginUser, session: FakeLoginSession) {
  return {
    id: user.uid,
    uid: user.uid,
    userNameRaw: user.userName,
    nickName: user.nickName,
    avatar: '',
    vipLevel: 0,
    vipCategoryId: null,
    vipTypeName: '',
    eDate: '',
    email: '',
    phone: '',
    AreaCode: '',
    region: '',
    newWorks: false,
    totalMsgCount: 0,
    token: { uid: session.uid, token: session.token, expire: session.expire, sign: session.sign },
  };
}
