import type { HttpParams } from '../ports/http.ts';
import { pipe, record, string, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';

/**
 * The token as the server answers it (login, registration, validation, user info). A type rather than an interface,
 * so that it is a {@link UserToken} too (the user answers are read as the app's User).
 */
export type TokenAnswer = {
  uid: number;
  /** Random session id. */
  token: string;
  /** Unix seconds. */
  expire: number;
  /** HMAC-SHA256 hex of `${uid}:${token}:${expire}` with the server's session secret. */
  sign: string;
};

/**
 * The signed-in user as the server answers it (Login, Register, Validates, GetUserInfo, UpdateUserInfo): the wire
 * type of the session's and the account's calls; {@link parseUser} reads it (or a stored copy) into a {@link User}.
 */
export interface UserAnswer {
  id: number;
  uid: number;
  userNameRaw: string;
  nickName: string;
  avatar: string;
  vipLevel: number;
  /** 0 when not a VIP. */
  vipCategoryId: number;
  vipTypeName: string;
  /** VIP expiry as YYYY-MM-DD (China time), '' when not a VIP. */
  eDate: string;
  email: string;
  phone: string;
  AreaCode: string;
  /** Saved region code, '' when none. */
  region: string;
  /** 0 female, 1 male, null not given. */
  gender: 0 | 1 | null;
  introduction: string;
  /** 1 to 8, from experience. */
  level: number;
  experience: number;
  /** Gold coin balance. */
  gold: number;
  newWorks: boolean;
  totalMsgCount: number;
  token: TokenAnswer;
}

/** The token the server signs at login. Its uid names the user; every field travels with each call. */
export interface UserToken {
  uid: number;
  [field: string]: string | number;
}

export interface User {
  id: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  vipCategoryId: number | null;
  vipTypeName: string;
  /** VIP expiry date, '' when none. */
  eDate: string;
  userNameRaw: string;
  email: string;
  phone: string;
  AreaCode: string;
  region: string;
  newWorks: boolean;
  totalMsgCount: number;
  /** 0 female, 1 male, null not given. */
  gender: 0 | 1 | null;
  /** Self-introduction, '' when none. */
  introduction: string;
  /** 1 to 8 (1 when the server gives none). */
  level: number;
  /** Gold coin balance. */
  gold: number;
  token: UserToken;
}

/**
 * A token as answers and stored copies give it: its scalar fields (every one travels with each call), its uid a
 * positive whole number; null without one.
 */
const userToken = pipe(
  record(string(), unknown()),
  transform((fields): Record<string, string | number> => {
    const scalars: Record<string, string | number> = {};
    for (const [key, field] of Object.entries(fields)) {
      if (typeof field === 'string' || (typeof field === 'number' && Number.isFinite(field))) scalars[key] = field;
    }
    return scalars;
  }),
  transform((scalars): UserToken | null => {
    const uid = Number(scalars.uid);
    return Number.isInteger(uid) && uid > 0 ? { ...scalars, uid } : null;
  }),
);

/** A whole number above 0, or null (absent, odd, 0 or below). */
const positiveOrNull = wire.lenientAnswer((value) => {
  const n = value === null || value === undefined ? Number.NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
});

/** A finite number, or null (absent, null or '': not a VIP category). */
const numberOrNull = wire.lenientAnswer((value) => {
  const n = value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
});

/**
 * A user's facts as an answer or a stored copy gives them, without the token, field by field (data that is no object
 * reads as none of them): the id null when it gives no usable one, the level at least 1, the gender 0, 1 or null.
 */
const userFactsFields = wire.fields({
  id: positiveOrNull,
  nickName: wire.text,
  avatar: wire.text,
  vipLevel: wire.count,
  vipCategoryId: numberOrNull,
  vipTypeName: wire.text,
  eDate: wire.text,
  userNameRaw: wire.text,
  email: wire.text,
  phone: wire.text,
  AreaCode: wire.text,
  region: wire.text,
  newWorks: wire.lenientAnswer((value) => value === true || value === 1 || value === '1'),
  totalMsgCount: wire.count,
  gender: wire.lenientAnswer((value): 0 | 1 | null => (value === 0 || value === '0' ? 0 : value === 1 || value === '1' ? 1 : null)),
  introduction: wire.text,
  level: wire.lenientAnswer((value) => Math.max(wire.countOf(value), 1)),
  gold: wire.count,
});

/** A user's facts as an answer or a stored copy gives them, without the token; the id null when it gives no usable one. */
export type UserFacts = InferOutput<typeof userFactsFields>;

/** The user of these facts with this token: the token's uid is the id when the facts give none. */
export function withToken(facts: UserFacts, token: UserToken): User {
  const { id, ...rest } = facts;
  return { id: id ?? token.uid, ...rest, token };
}

/** Reads a user as the server or storage holds it (its facts beside its token); null when it is not a usable logged-in user. */
export function parseUser(value: unknown): User | null {
  const raw = wire.recordOf(value);
  const token = raw === null ? null : wire.parsed(userToken, raw.token);
  const facts = token === null ? null : wire.parsed(userFactsFields, raw);
  return token !== null && facts !== null ? withToken(facts, token) : null;
}

/**
 * The signed-in user an answer carries (Login, Register, Validates, UpdateUserInfo, a confirmed QR ticket), read by
 * parseUser: null when it is no usable signed-in user (no token with a uid), which each caller handles.
 */
export const signedInUser = wire.lenientAnswer(parseUser);

/**
 * GetUserInfo's user: its facts without the token (the session keeps its own: the answer's is not taken, and may be
 * left out); null when the answer is no object.
 */
export const userFacts = wire.lenientAnswer((value) => (wire.recordOf(value) === null ? null : wire.parsed(userFactsFields, value)));

/** Every token field plus login_uid, as each call carries them. */
export function tokenParams(token: UserToken): HttpParams {
  return { ...token, login_uid: token.uid };
}

/** Token fields that may arrive in a URL query (a native app opening a page for its user). */
export const QUERY_TOKEN_FIELDS = ['token', 'sign', 'expire', 'login_uid'] as const;

/** A token given in the URL query, or null when the query carries none. */
export function tokenFromQuery(query: Record<string, string>): UserToken | null {
  if (!query.token) return null;
  const fields: Record<string, string | number> = {};
  for (const key of QUERY_TOKEN_FIELDS) {
    const value = query[key];
    if (value !== undefined && key !== 'login_uid') fields[key] = key === 'expire' && /^\d+$/.test(value) ? Number(value) : value;
  }
  return wire.parsed(userToken, { ...fields, uid: query.login_uid }) ?? null;
}

/** Asks the server for the signed-in user's facts again (after a purchase or a profile change), as the session does. */
export interface UserInfoRefresher {
  refreshUserInfo(): Promise<User | null>;
}
