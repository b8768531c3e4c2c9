import type { TaskKey } from '../../src/core/tasks/task-rules.ts';
import { TaskLimits } from '../../src/core/tasks/task-rules.ts';
import type { Queryable } from '../db/database.ts';

/** The user's zone for tasks: the stored offset, or China's until the app reports one. */
export async function storedOffset(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ utc_offset: number }>('SELECT utc_offset FROM task_profiles WHERE user_id = $1', [uid]);
  return rows[0] ? Number(rows[0].utc_offset) : TaskLimits.defaultUtcOffset;
}

/**
 * Keeps the zone the app reports: a change from the one in force (China's until then) counts when the last change is
 * a day old (so hopping zones cannot start a new day early again and again). Answers the offset in force.
 */
export async function keepOffset(db: Queryable, uid: number, offset: number, now: Date): Promise<number> {
  await db.query(
    `INSERT INTO task_profiles (user_id, utc_offset, offset_changed_at)
       VALUES ($1, $2, CASE WHEN $2::smallint <> ${TaskLimits.defaultUtcOffset} THEN $3::timestamptz END)
       ON CONFLICT (user_id) DO UPDATE SET utc_offset = EXCLUDED.utc_offset, offset_changed_at = EXCLUDED.offset_changed_at
       WHERE task_profiles.utc_offset <> EXCLUDED.utc_offset
         AND (task_profiles.offset_changed_at IS NULL OR task_profiles.offset_changed_at <= $3 - interval '1 day')`,
    [uid, offset, now],
  );
  return storedOffset(db, uid);
}

/**
 * Marks a watch report at `now` and answers the previous report's time and the zone (the row locked, so reports
 * arriving together are counted one after the other). Use inside a transaction.
 */
export async function markWatchReport(tx: Queryable, uid: number, now: Date): Promise<{ last: number | null; offset: number }> {
  await tx.query('INSERT INTO task_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [uid]);
  const rows = await tx.query<{ last_watch_at: Date | string | null; utc_offset: number }>(
    'SELECT last_watch_at, utc_offset FROM task_profiles WHERE user_id = $1 FOR UPDATE',
    [uid],
  );
  const row = rows[0];
  await tx.query('UPDATE task_profiles SET last_watch_at = greatest(coalesce(last_watch_at, $2), $2) WHERE user_id = $1', [uid, now]);
  const last = row?.last_watch_at ? new Date(row.last_watch_at).getTime() : null;
  return { last, offset: Number(row?.utc_offset ?? TaskLimits.defaultUtcOffset) };
}

/** Adds watched seconds to the user's day. */
export async function addWatchSeconds(db: Queryable, uid: number, day: number, seconds: number): Promise<void> {
  await db.query(
    `INSERT INTO task_watch_days (user_id, day, seconds) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, day) DO UPDATE SET seconds = task_watch_days.seconds + EXCLUDED.seconds`,
    [uid, day, seconds],
  );
}

/** The tasks whose reward the user took on `day` (daily) or ever (one-time, day 0). */
export async function claimedTasks(db: Queryable, uid: number, day: number): Promise<Set<string>> {
  const rows = await db.query<{ task: string }>('SELECT task FROM task_claims WHERE user_id = $1 AND day IN ($2, 0)', [uid, day]);
  return new Set(rows.map((row) => row.task));
}

/** Records a claim; false when this user, task and day has one already (the primary key). */
export async function insertClaim(
  tx: Queryable,
  claim: { uid: number; task: TaskKey; day: number; experience: number; gold: number; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO task_claims (user_id, task, day, experience, gold, claimed_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, task, day) DO NOTHING RETURNING task`,
    [claim.uid, claim.task, claim.day, claim.experience, claim.gold, claim.at],
  );
  return rows.length === 1;
}

/** The counts of a day's tasks: [from, to) as instants, `day` its number (task_watch_days.day). */
export async function dailyCounts(
  db: Queryable,
  uid: number,
  window: { day: number; from: Date; to: Date },
): Promise<{ sign_in: number; watch: number; barrage: number; comment: number; share: number } | undefined> {
  const rows = await db.query<{ sign_in: number; watch: number; barrage: number; comment: number; share: number }>(
    `SELECT
       (SELECT count(*)::int FROM sign_ins WHERE uid = $1 AND created_at >= $2 AND created_at < $3) AS sign_in,
       (SELECT coalesce(sum(seconds), 0)::int FROM task_watch_days WHERE user_id = $1 AND day = $4) AS watch,
       (SELECT count(*)::int FROM barrages WHERE user_id = $1 AND NOT seeded AND created_at >= $2 AND created_at < $3) AS barrage,
       (SELECT count(*)::int FROM video_comments WHERE user_id = $1 AND created_at >= $2 AND created_at < $3) AS comment,
       (SELECT count(*)::int FROM video_shares WHERE user_id = $1 AND created_at >= $2 AND created_at < $3) AS share`,
    [uid, window.from, window.to, window.day],
  );
  return rows[0];
}

/** Which new-user tasks the account has done: an avatar other than `defaultAvatar`, its own nickname, a phone, a post, a follow. */
export async function newbieFlags(
  db: Queryable,
  uid: number,
  defaultAvatar: string,
): Promise<{ avatar: boolean; nickname: boolean; phone: boolean; first_post: boolean; follow: boolean } | undefined> {
  const rows = await db.query<{ avatar: boolean; nickname: boolean; phone: boolean; first_post: boolean; follow: boolean }>(
    `SELECT u.avatar <> $2 AS avatar,
            u.nick_name <> u.user_name AS nickname,
            u.phone <> '' AS phone,
            EXISTS (SELECT 1 FROM posts WHERE user_id = u.id) AS first_post,
            EXISTS (SELECT 1 FROM user_follows WHERE follower_uid = u.id) AS follow
       FROM users u WHERE u.id = $1`,
    [uid, defaultAvatar],
  );
  return rows[0];
}
