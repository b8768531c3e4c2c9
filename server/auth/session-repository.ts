import type { Queryable } from '../db/database.ts';
import { userColumns } from '../user/user-repository.ts';
import type { UserRow } from '../user/user-repository.ts';

/**
 * The sessions table: login sessions (sessions.ts opens, verifies and revokes them; account security lists and ends
 * them). Every statement here that writes sessions names the token or the uid in its WHERE, so the verified-session
 * caches drop exactly what it touches (cache/write-watch.ts, auth/session-cache.ts).
 */

/** A stored session with its user's row (SessionService.verify). */
export interface SessionJoinRow extends UserRow {
  session_uid: number;
  session_expire: number;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** A live session as the device list shows it. */
export interface DeviceSessionRow {
  token: string;
  device: string;
  place: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Drops the user's dead sessions (expired by `nowSeconds` or revoked), so the table does not grow without bound. */
export async function deleteDeadSessions(db: Queryable, uid: number, nowSeconds: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE uid = $1 AND (expire <= $2 OR revoked_at IS NOT NULL)', [uid, nowSeconds]);
}

/** Stores a new session. */
export async function insertSession(
  db: Queryable,
  session: { token: string; uid: number; expire: number; device: string; place: string; at: Date },
): Promise<void> {
  await db.query('INSERT INTO sessions (token, uid, expire, device, place, last_used_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    session.token, session.uid, session.expire, session.device, session.place, session.at,
  ]);
}

/** The stored session of a token with its user's row (revoked or not), or undefined. */
export async function findSessionWithUser(db: Queryable, token: string): Promise<SessionJoinRow | undefined> {
  const rows = await db.query<SessionJoinRow>(
    `SELECT s.uid AS session_uid, s.expire AS session_expire, s.revoked_at, s.last_used_at, ${userColumns('u')}
       FROM sessions s JOIN users u ON u.id = s.uid WHERE s.token = $1`,
    [token],
  );
  return rows[0];
}

/** Writes the session's last use (the device list's 最近使用). */
export async function touchSession(db: Queryable, token: string, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_used_at = $2 WHERE token = $1', [token, at]);
}

/** Revokes the session of a token (a revoked one stays as it is). */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token = $1 AND revoked_at IS NULL', [token]);
}

/** Revokes every live session of the user; answers their tokens. */
export async function revokeSessionsOf(db: Queryable, uid: number): Promise<string[]> {
  const rows = await db.query<{ token: string }>('UPDATE sessions SET revoked_at = now() WHERE uid = $1 AND revoked_at IS NULL RETURNING token', [uid]);
  return rows.map((row) => row.token);
}

/** Revokes every live session of the user but the one of `keep`; answers their tokens. */
export async function revokeOtherSessions(db: Queryable, uid: number, keep: string): Promise<string[]> {
  const rows = await db.query<{ token: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE uid = $1 AND token <> $2 AND revoked_at IS NULL RETURNING token',
    [uid, keep],
  );
  return rows.map((row) => row.token);
}

/** Revokes one session of the user while it is live; false when it was not (another's, gone, revoked already). */
export async function revokeSessionOf(db: Queryable, uid: number, token: string): Promise<boolean> {
  const rows = await db.query<{ token: string }>('UPDATE sessions SET revoked_at = now() WHERE token = $1 AND uid = $2 AND revoked_at IS NULL RETURNING token', [token, uid]);
  return rows.length > 0;
}

/** The user's live sessions (not revoked, not expired by `nowSeconds`): `current`'s first, then the last used first. */
export async function liveSessionsOf(db: Queryable, uid: number, nowSeconds: number, current: string): Promise<DeviceSessionRow[]> {
  return db.query<DeviceSessionRow>(
    `SELECT token, device, place, created_at, last_used_at FROM sessions
      WHERE uid = $1 AND revoked_at IS NULL AND expire > $2
      ORDER BY (token = $3) DESC, COALESCE(last_used_at, created_at) DESC`,
    [uid, nowSeconds, current],
  );
}

/** The tokens of the user's sessions not revoked, but for `current`'s. */
export async function otherUnrevokedTokens(db: Queryable, uid: number, current: string): Promise<string[]> {
  const rows = await db.query<{ token: string }>('SELECT token FROM sessions WHERE uid = $1 AND revoked_at IS NULL AND token <> $2', [uid, current]);
  return rows.map((row) => row.token);
}
