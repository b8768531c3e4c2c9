import type { DailyTaskKey, NewbieTaskKey } from '../../src/core/tasks/task-rules.ts';
import type { Queryable } from '../db/database.ts';

/**
 * What the server counts towards each task, read from the tables the other features write (never from the app's
 * word): sign-ins, barrages, comments and replies, shares, posts, follows and the account's own fields; watch time
 * from task_watch_days, which AddPlayRecord and UpdTask reports fill (watch-time.ts).
 */

/** A day in the user's zone: [from, to) as instants, and its day number (task_watch_days.day). */
export interface DayWindow {
  day: number;
  from: Date;
  to: Date;
}

/** The default avatar a new account has (users.avatar's column default). */
const DEFAULT_AVATAR = '/assets/avatar-default.svg';

/** Each daily task's count on that day (seconds for watch). */
export async function dailyProgress(db: Queryable, uid: number, window: DayWindow): Promise<Record<DailyTaskKey, number>> {
  const rows = await db.query<{ sign_in: number; watch: number; barrage: number; comment: number; share: number }>(
    `SELECT
       (SELECT count(*)::int FROM sign_ins WHERE uid = $1 AND created_at >= $2 AND created_at < $3) AS sign_in,
       (SELECT coalesce(sum(seconds), 0)::int FROM task_watch_days WHERE user_id = $1 AND day = $4) AS watch,
       (SELECT count(*)::int FROM barrages WHERE user_id = $1 AND NOT seeded AND created_at >= $2 AND created_at < $3) AS barrage,
       (SELECT count(*)::int FROM video_comments WHERE user_id = $1 AND created_at >= $2 AND created_at < $3) AS comment,
       (SELECT count(*)::int FROM video_shares WHERE user_id = $1 AND created_at >= $2 AND created_at < $3) AS share`,
    [uid, window.from, window.to, window.day],
  );
  const row = rows[0];
  return {
    signIn: Number(row?.sign_in ?? 0),
    watch: Number(row?.watch ?? 0),
    barrage: Number(row?.barrage ?? 0),
    comment: Number(row?.comment ?? 0),
    share: Number(row?.share ?? 0),
  };
}

/** Each new-user task: 1 when done (the account's own avatar, a nickname not its name, a phone, a post, a follow). */
export async function newbieProgress(db: Queryable, uid: number): Promise<Record<NewbieTaskKey, number>> {
  const rows = await db.query<{ avatar: boolean; nickname: boolean; phone: boolean; first_post: boolean; follow: boolean }>(
    `SELECT u.avatar <> $2 AS avatar,
            u.nick_name <> u.user_name AS nickname,
            u.phone <> '' AS phone,
            EXISTS (SELECT 1 FROM posts WHERE user_id = u.id) AS first_post,
            EXISTS (SELECT 1 FROM user_follows WHERE follower_uid = u.id) AS follow
       FROM users u WHERE u.id = $1`,
    [uid, DEFAULT_AVATAR],
  );
  const row = rows[0];
  const one = (done: boolean | undefined) => (done === true ? 1 : 0);
  return { avatar: one(row?.avatar), nickname: one(row?.nickname), phone: one(row?.phone), firstPost: one(row?.first_post), follow: one(row?.follow) };
}
