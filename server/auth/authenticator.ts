import type { Params } from '../http/params.ts';
import type { AuthSession, SessionService, TokenFields } from './sessions.ts';

/** How a route treats the caller's token fields. */
export type AuthMode =
  /** Token fields are ignored. */
  | 'none'
  /** No token: visitor (null). A token that fails verification: 201, so the client logs out. */
  | 'optional'
  /** No token: 201 请先登录. A bad token: 201 登录已失效，请重新登录. */
  | 'required';

export type AuthFor<A extends AuthMode> = A extends 'required' ? AuthSession : A extends 'optional' ? AuthSession | null : null;

/** Reads the common token params (token, sign, expire, login_uid) sent with every logged-in call. */
function tokenFieldsOf(params: Params): TokenFields {
  const text = (name: string): string | undefined => {
    const value = params.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  return { token: text('token'), sign: text('sign'), expire: text('expire'), loginUid: text('login_uid') };
}

export class Authenticator {
  constructor(private readonly sessions: SessionService) {}

  /** The logged-in caller; throws ApiError 201 when there is none or the token is bad. */
  required(params: Params): Promise<AuthSession> {
    return this.sessions.verify(tokenFieldsOf(params));
  }

  /** The logged-in caller or null for a visitor; a token that is present but bad still throws 201. */
  async optional(params: Params): Promise<AuthSession | null> {
    const fields = tokenFieldsOf(params);
    if (fields.token === undefined && fields.sign === undefined && fields.loginUid === undefined) return null;
    return this.sessions.verify(fields);
  }

  async resolve<A extends AuthMode>(mode: A, params: Params): Promise<AuthFor<A>> {
    switch (mode) {
      case 'required':
        return (await this.required(params)) as AuthFor<A>;
      case 'optional':
        return (await this.optional(params)) as AuthFor<A>;
      default:
        return null as AuthFor<A>;
    }
  }
}
