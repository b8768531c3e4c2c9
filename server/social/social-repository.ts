import type { Queryable } from '../db/database.ts';
import { listedUserSelect, toListedUser, type ListedUser, type ListedUserRow } from '../user/listed-user-repository.ts';

export async function userExists(db: Queryable, uid: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1', [uid])).length > 0;
}

/** Locks the user's row until the transaction ends; false when there is no such user. */
export async function lockUser(tx: Queryable, uid: number): Promise<boolean> {
  return (await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid])).length > 0;
}

export async function isBlocking(db: Queryable, blocker: number, blocked: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM user_blocks WHERE blocker_uid = $1 AND blocked_uid = $2', [blocker, blocked])).length > 0;
}

/** Follows or unfollows: answers whether the follower follows afterwards. Run inside a transaction. */
export async function toggleFollow(tx: Queryable, follower: number, followed: number, now: Date): Promise<boolean> {
  const removed = await tx.query('DELETE FROM user_follows WHERE follower_uid = $1 AND followed_uid = $2 RETURNING follower_uid', [follower, followed]);
  if (removed.length > 0) return false;
  await tx.query(
    'INSERT INTO user_follows (follower_uid, followed_uid, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [follower, followed, now],
  );
  return true;
}

/** Blocks a user: the block is kept (its first time stays) and follows in both directions end. */
export async function block(tx: Queryable, blocker: number, blocked: number, now: Date): Promise<void> {
  await tx.query(
    'INSERT INTO user_blocks (blocker_uid, blocked_uid, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [blocker, blocked, now],
  );
  await tx.query(
    `DELETE FROM user_follows WHERE (follower_uid = $1 AND followed_uid = $2) OR (follower_uid = $2 AND followed_uid = $1)`,
    [blocker, blocked],
  );
}

export async function unblock(db: Queryable, blocker: number, blocked: number): Promise<void> {
  await db.query('DELETE FROM user_blocks WHERE blocker_uid = $1 AND blocked_uid = $2', [blocker, blocked]);
}

export type UserListKind = 'blocked' | 'fans' | 'focus';

/** Which relation each list reads: the owner's column, the listed user's column and the table. */
const LISTS: Record<UserListKind, { table: string; owner: string; listed: string }> = {
  blocked: { table: 'user_blocks', owner: 'blocker_uid', listed: 'blocked_uid' },
  fans: { table: 'user_follows', owner: 'followed_uid', listed: 'follower_uid' },
  focus: { table: 'user_follows', owner: 'follower_uid', listed: 'followed_uid' },
};

/** A page of the owner's list, newest relation first, each user seen by the owner. */
export async function pageOfUsers(
  db: Queryable,
  kind: UserListKind,
  owner: number,
  page: number,
  pageSize: number,
  now: Date,
): Promise<{ list: ListedUser[]; total: number }> {
  const { table, owner: ownerColumn, listed } = LISTS[kind];
  const rows = await db.query<ListedUserRow>(
    `SELECT ${listedUserSelect('$1', '$4')}
     FROM ${table} r JOIN users u ON u.id = r.${listed} LEFT JOIN user_profiles p ON p.user_id = u.id
     WHERE r.${ownerColumn} = $1
     ORDER BY r.created_at DESC, r.${listed} DESC
     LIMIT $2 OFFSET $3`,
    [owner, pageSize, (page - 1) * pageSize, now],
  );
  const counted = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table} WHERE ${ownerColumn} = $1`, [owner]);
  return { list: rows.map(toListedUser), total: Number(counted[0]?.total ?? 0) };
}

/** Reports the reporter sent since a time (the daily limit). */
export async function countReportsSince(db: Queryable, reporter: number, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_reports WHERE reporter_uid = $1 AND created_at > $2', [reporter, since]);
  return Number(rows[0]?.n ?? 0);
}

export async function insertReport(
  db: Queryable,
  report: { reporter: number; reported: number; reason: string; content: string; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO user_reports (reporter_uid, reported_uid, reason, content, created_at) VALUES ($1, $2, $3, $4, $5)',
    [report.reporter, report.reported, report.reason, report.content, report.at],
  );
}
