import type { DailyTaskKey, NewbieTaskKey } from '../../src/core/tasks/task-rules.ts';
import type { Queryable } from '../db/database.ts';
import { dailyCounts, newbieFlags } from './task-repository.ts';

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
  const row = await dailyCounts(db, uid, window);
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
  const row = await newbieFlags(db, uid, DEFAULT_AVATAR);
  const one = (done: boolean | undefined) => (done === true ? 1 : 0);
  return { avatar: one(row?.avatar), nickname: one(row?.nickname), phone: one(row?.phone), firstPost: one(row?.first_post), follow: one(row?.follow) };
}
