import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { unixSeconds } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import type { TokenAnswer } from '../../src/core/shared-kernel/user.ts';
import { loginRequired, sessionInvalid } from '../http/api-error.ts';
import { toUserRecord } from '../user/user-repository.ts';
import type { UserRecord } from '../user/user-repository.ts';
import { tokenHashOf, verifiedSessionCacheOf } from './session-cache.ts';
import type { VerifiedSessionCache } from './session-cache.ts';
import { deleteDeadSessions, findSessionWithUser, insertSession, revokeSession, touchSession } from './session-repository.ts';

/**
 * The token object the client keeps and sends back as the fields token, sign, expire, login_uid: the wire's
 * TokenAnswer (src/core/shared-kernel/user.ts), named for the server's side.
 */
export type SessionToken = TokenAnswer;

/** The token fields as they arrive with a request (any may be missing). */
export interface TokenFields {
  token: string | undefined;
  sign: string | undefined;
  expire: string | undefined;
  loginUid: string | undefined;
}

export interface AuthSession {
  user: UserRecord;
  token: SessionToken;
}

/** A copy of a user row (its dates too): the cached row is never handed out, so no caller can change it. */
function copyOf(user: UserRecord): UserRecord {
  return { ...user, vipExpire: user.vipExpire === null ? null : new Date(user.vipExpire.getTime()), createdAt: new Date(user.createdAt.getTime()) };
}

const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

const SIGN_PATTERN = /^[0-9a-f]{64}$/i;
const INTEGER_PATTERN = /^\d{1,15}$/;
const MAX_TOKEN_LENGTH = 128;

/** Where a session signs in from: the device and browser as people name them, and the region of its address. */
export interface SessionDevice {
  device: string;
  place: string;
}

/** A session's last use is written again once it is older than this (a write per session per 10 minutes at most). */
const LAST_USE_PRECISION_MS = 10 * 60_000;

export interface SessionServiceOptions {
  db: Queryable;
  secret: string;
  clock: Clock;
  lifetimeSeconds?: number;
  /**
   * Verified sessions kept for seconds (session-cache.ts). Default: the cache of the database `db` is a watchWrites
   * wrapper of (so every write the app makes to users and sessions reaches it); none for any other `db`.
   */
  cache?: VerifiedSessionCache | null;
}

/** Creates, verifies and revokes login sessions. */
export class SessionService {
  private readonly db: Queryable;
  private readonly secret: string;
  private readonly clock: Clock;
  private readonly lifetimeSeconds: number;
  /** Verified sessions with their users, dropped at once by every write to users or sessions (undefined: none). */
  readonly cache: VerifiedSessionCache | undefined;

  constructor(options: SessionServiceOptions) {
    this.db = options.db;
    this.secret = options.secret;
    this.clock = options.clock;
    this.lifetimeSeconds = options.lifetimeSeconds ?? SESSION_LIFETIME_SECONDS;
    this.cache = options.cache === undefined ? verifiedSessionCacheOf(options.db) : options.cache ?? undefined;
  }

  sign(uid: number, token: string, expire: number): string {
    return createHmac('sha256', this.secret).update(`${uid}:${token}:${expire}`).digest('hex');
  }

  /** Opens a session for the user (pass the transaction that created the user, if any). */
  async create(uid: number, db: Queryable = this.db, from: SessionDevice = { device: '', place: '' }): Promise<SessionToken> {
    const now = unixSeconds(this.clock);
    const token = randomBytes(32).toString('base64url');
    const expire = now + this.lifetimeSeconds;
    // Drop this user's dead sessions so the table does not grow without bound.
    await deleteDeadSessions(db, uid, now);
    await insertSession(db, { token, uid, expire, device: from.device.slice(0, 100), place: from.place.slice(0, 50), at: new Date(this.clock.now()) });
    return { uid, token, expire, sign: this.sign(uid, token, expire) };
  }

  /**
   * Checks the token fields: all present, signature valid, not expired, session stored and
   * not revoked. Throws ApiError 201 (请先登录 when no token at all, else 登录已失效，请重新登录).
   * The fields are checked on every call; the stored session and its user come from the cache when a call verified
   * them within its TTL and no write to them happened since (session-cache.ts), else from the database.
   */
  async verify(fields: TokenFields): Promise<AuthSession> {
    const { token, sign, expire, loginUid } = fields;
    if (token === undefined) throw loginRequired();
    if (
      sign === undefined || expire === undefined || loginUid === undefined || token.length > MAX_TOKEN_LENGTH
      || !SIGN_PATTERN.test(sign) || !INTEGER_PATTERN.test(expire) || !INTEGER_PATTERN.test(loginUid)
    ) {
      throw sessionInvalid();
    }
    const uid = Number(loginUid);
    const expireAt = Number(expire);
    const expected = Buffer.from(this.sign(uid, token, expireAt), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) throw sessionInvalid();
    if (expireAt <= unixSeconds(this.clock)) throw sessionInvalid();

    const answer = (user: UserRecord): AuthSession => ({ user, token: { uid, token, expire: expireAt, sign: sign.toLowerCase() } });
    const cache = this.cache;
    const tokenHash = cache?.enabled === true ? tokenHashOf(token) : undefined;
    if (cache !== undefined && tokenHash !== undefined) {
      const cached = cache.get(tokenHash);
      if (cached !== undefined) {
        if (cached.uid !== uid || cached.expire !== expireAt) throw sessionInvalid();
        return answer(copyOf(cached.user));
      }
    }
    const epoch = cache?.epoch ?? 0;
    const row = await findSessionWithUser(this.db, token);
    if (row === undefined || row.session_uid !== uid || Number(row.session_expire) !== expireAt || row.revoked_at !== null) {
      throw sessionInvalid();
    }
    const user = toUserRecord(row);
    const now = this.clock.now();
    if (row.last_used_at === null || now - row.last_used_at.getTime() >= LAST_USE_PRECISION_MS) {
      // The device list's 最近使用: this write drops the session from the cache once; the next call remembers it.
      await touchSession(this.db, token, new Date(now));
    }
    if (cache !== undefined && tokenHash !== undefined) cache.remember(epoch, tokenHash, { uid, expire: expireAt, user: copyOf(user) });
    return answer(user);
  }

  /**
   * Ends the session: stored as revoked, dropped from the verified-session cache here at once and, with Redis, from
   * the other processes' (settles once Redis took the announcement, at most half a second later).
   */
  async revoke(token: string): Promise<void> {
    try {
      await revokeSession(this.db, token);
    } finally {
      await this.cache?.changed({ tokenHash: tokenHashOf(token) });
    }
  }
}
