import type { Navigator, Query } from '../ports/navigator.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { CaptchaRet } from '../shared-kernel/captcha-protocol.ts';
import { RequestTexts } from '../request/texts.ts';
import { checkLoginForm, checkRegisterForm, type LoginForm, type RegisterForm } from './credentials.ts';
import { QUERY_TOKEN_FIELDS, tokenFromQuery, withToken, type User, type UserToken } from '../shared-kernel/user.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { SessionCalls } from './session-protocol.ts';

/**
 * What a login or registration attempt came to. `captchaNeeded`: the server asks for an image captcha (this
 * account had failures; a captcha sent was wrong or used): fetch a new one and try again with it.
 */
export type SignInOutcome = { ok: true; user: User } | { ok: false; message: string; captchaNeeded?: boolean };

const CAPTCHA_CODES: readonly number[] = [CaptchaRet.Required, CaptchaRet.Wrong];

const MALFORMED_USER = '登录信息异常，请重试';

/** Login sessions: recognition at start, validation, login, registration, logout and user refresh. */
export class SessionService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly navigator: Navigator,
  ) {}

  /**
   * Login recognition: a token in the URL query wins over the stored user (a native app opening the page
   * for its user); either one is then validated with the server. Resolves whether a session is confirmed.
   */
  async start(): Promise<boolean> {
    const here = this.navigator.current();
    const fromQuery = tokenFromQuery(here.query);
    if (fromQuery) {
      this.navigator.replace(here.path, withoutTokenFields(here.query));
      return this.validate(fromQuery);
    }
    if (!this.session.restore()) return false;
    return this.validate();
  }

  /**
   * Asks the server to confirm the session. Success stores the user it answers with; a refusal clears the
   * user. When the server cannot be reached the stored user is kept, unconfirmed. `explicitToken` (a token given in
   * the URL query) is sent instead of the stored user's.
   */
  async validate(explicitToken?: UserToken): Promise<boolean> {
    try {
      const token = explicitToken === undefined
        ? {}
        : { token: String(explicitToken['token'] ?? ''), sign: String(explicitToken['sign'] ?? ''), expire: String(explicitToken['expire'] ?? ''), login_uid: String(explicitToken.uid) };
      const user = await this.api.request(SessionCalls.validate, token);
      if (!user) {
        this.session.clear();
        return false;
      }
      this.session.signedIn(user);
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.isNetworkFailure || error.isCancelled)) {
        this.session.unconfirmed();
      } else {
        this.session.clear();
      }
      return false;
    }
  }

  async logIn(form: LoginForm): Promise<SignInOutcome> {
    const problem = checkLoginForm(form);
    if (problem) return { ok: false, message: problem };
    const captcha = form.captchaId === undefined ? {} : { captchaId: form.captchaId, captchaCode: form.captchaCode?.trim() ?? '' };
    return this.signIn(() => this.api.request(SessionCalls.login, { userName: form.userName.trim(), password: form.password, ...captcha }));
  }

  async register(form: RegisterForm): Promise<SignInOutcome> {
    let passwordProblem: (password: string) => string | null;
    try {
      // The rules carry the common-password list: loaded when someone registers, not with the app.
      ({ newPasswordProblem: passwordProblem } = await import('./password-rules.ts'));
    } catch {
      return { ok: false, message: RequestTexts.networkError };
    }
    const problem = checkRegisterForm(form, passwordProblem);
    if (problem) return { ok: false, message: problem };
    const nickName = form.nickName.trim();
    return this.signIn(() => this.api.request(SessionCalls.register, { userName: form.userName.trim(), password: form.password, ...(nickName ? { nickName } : {}) }));
  }

  /** Ends the session on the server (best effort) and forgets the user here. */
  async logOut(): Promise<void> {
    if (!this.session.user()) return;
    this.session.loggingOut();
    try {
      await this.api.request(SessionCalls.logout, {}, { suppressTips: true });
    } catch {
      // The user asked to leave: forget them here whatever the server said.
    }
    this.session.clear();
  }

  /**
   * Refreshes the user from the server (POST GetUserInfo): the answer replaces the stored user's fields, and the
   * stored token is kept (the answer's, if any, is not taken). A refusal clears the login.
   */
  async refreshUserInfo(): Promise<User | null> {
    const current = this.session.user();
    if (!current) return null;
    try {
      const facts = await this.api.request(SessionCalls.userInfo, {});
      const user = facts === null ? null : withToken(facts, current.token);
      // Logged out (or another user logged in) while the answer was on its way: it is not this session's.
      if (user && this.session.user()?.token.uid === current.token.uid) this.session.signedIn(user);
      return user;
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkFailure && !error.isCancelled) this.session.clear();
      return null;
    }
  }

  private async signIn(send: () => Promise<User | null>): Promise<SignInOutcome> {
    try {
      const user = await send();
      if (!user) return { ok: false, message: MALFORMED_USER };
      this.session.signedIn(user);
      return { ok: true, user };
    } catch (error) {
      if (!(error instanceof ApiError)) return { ok: false, message: MALFORMED_USER };
      return CAPTCHA_CODES.includes(error.ret) ? { ok: false, message: error.msg, captchaNeeded: true } : { ok: false, message: error.msg };
    }
  }
}

function withoutTokenFields(query: Query): Query {
  const rest: Query = {};
  for (const [key, value] of Object.entries(query)) {
    if (!(QUERY_TOKEN_FIELDS as readonly string[]).includes(key)) rest[key] = value;
  }
  return rest;
}
