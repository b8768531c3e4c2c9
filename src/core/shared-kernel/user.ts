import type { HttpParams } from '../ports/http.ts';
import { countOf, lenientAnswer, recordOf, textOf } from '../request/answer-values.ts';

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

/** Reads a token object: a positive numeric uid and scalar fields. */
function parseToken(value: unknown): UserToken | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  const token: Record<string, string | number> = {};
  for (const [key, field] of entries) {
    if (typeof field === 'string' || (typeof field === 'number' && Number.isFinite(field))) token[key] = field;
  }
  const uid = Number(token.uid);
  if (!Number.isInteger(uid) || uid <= 0) return null;
  return { ...token, uid };
}

/** A user's facts as an answer or a stored copy gives them, without the token; the id null when it gives no usable one. */
export type UserFacts = Omit<User, 'id' | 'token'> & { id: number | null };

function userFactsOf(raw: Record<string, unknown>): UserFacts {
  const id = raw.id === null || raw.id === undefined ? null : Number(raw.id);
  const vipCategoryId = raw.vipCategoryId === null || raw.vipCategoryId === undefined || raw.vipCategoryId === '' ? null : Number(raw.vipCategoryId);
  return {
    id: id !== null && Number.isInteger(id) && id > 0 ? id : null,
    nickName: textOf(raw.nickName),
    avatar: textOf(raw.avatar),
    vipLevel: countOf(raw.vipLevel),
    vipCategoryId: vipCategoryId !== null && Number.isFinite(vipCategoryId) ? vipCategoryId : null,
    vipTypeName: textOf(raw.vipTypeName),
    eDate: textOf(raw.eDate),
    userNameRaw: textOf(raw.userNameRaw),
    email: textOf(raw.email),
    phone: textOf(raw.phone),
    AreaCode: textOf(raw.AreaCode),
    region: textOf(raw.region),
    newWorks: raw.newWorks === true || raw.newWorks === 1 || raw.newWorks === '1',
    totalMsgCount: countOf(raw.totalMsgCount),
    gender: raw.gender === 0 || raw.gender === '0' ? 0 : raw.gender === 1 || raw.gender === '1' ? 1 : null,
    introduction: textOf(raw.introduction),
    level: Math.max(countOf(raw.level), 1),
    gold: countOf(raw.gold),
  };
}

/** The user of these facts with this token: the token's uid is the id when the facts give none. */
export function withToken(facts: UserFacts, token: UserToken): User {
  const { id, ...rest } = facts;
  return { id: id ?? token.uid, ...rest, token };
}

/** Reads a user as the server or storage holds it; null when it is not a usable logged-in user. */
export function parseUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const token = parseToken(raw.token);
  return token ? withToken(userFactsOf(raw), token) : null;
}

/**
 * The signed-in user an answer carries (Login, Register, Validates, UpdateUserInfo, a confirmed QR ticket), read by
 * parseUser: null when it is no usable signed-in user (no token with a uid), which each caller handles.
 */
export const signedInUser = lenientAnswer(parseUser);

/**
 * GetUserInfo's user: its facts without the token (the session keeps its own: the answer's is not taken, and may be
 * left out); null when the answer is no object.
 */
export const userFacts = lenientAnswer((value) => {
  const raw = recordOf(value);
  return raw === null ? null : userFactsOf(raw);
});

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
  return parseToken({ ...fields, uid: query.login_uid });
}

/** Asks the server for the signed-in user's facts again (after a purchase or a profile change), as the session does. */
export interface UserInfoRefresher {
  refreshUserInfo(): Promise<User | null>;
}
