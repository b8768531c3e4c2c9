import type { TaskBoard, TaskClaimed, TaskState } from '../../src/core/tasks/tasks-protocol.ts';
import { TasksTexts } from '../../src/core/tasks/tasks-texts.ts';
import {
  DAILY_TASKS,
  NEWBIE_TASKS,
  dayStartMs,
  isValidUtcOffset,
  taskDay,
  taskDefinition,
  watchCredit,
  type TaskDefinition,
  type TaskKey,
} from '../../src/core/tasks/task-rules.ts';
import { levelFor } from '../../src/core/shared-kernel/levels.ts';
import { creditGoldAndExperience } from '../account/account-repository.ts';
import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/database.ts';
import { GoldReason, recordGoldChange } from '../gold/gold-repository.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { findUserById } from '../user/user-repository.ts';
import { dailyProgress, newbieProgress, type DayWindow } from './task-progress.ts';
import { addWatchSeconds, claimedTasks, insertClaim, keepOffset, markWatchReport, storedOffset } from './task-repository.ts';

const DAY_MS = 86_400_000;

function windowOf(day: number, offset: number): DayWindow {
  const from = dayStartMs(day, offset);
  return { day, from: new Date(from), to: new Date(from + DAY_MS) };
}

const stateOf = (task: TaskDefinition, progress: number, claimed: Set<string>): TaskState => ({
  key: task.key,
  progress,
  target: task.target,
  experience: task.experience,
  gold: task.gold,
  claimed: claimed.has(task.key),
});

/**
 * The task centre: the caller's tasks counted from what the server saw, watch reports credited no faster than real
 * time, and claims paid once (a daily task once a day in the user's zone) in experience and gold (the gold ledger).
 */
export class TaskCenter {
  constructor(private readonly services: Pick<AppServices, 'db' | 'clock'>) {}

  /** The zone to count in: the one the app reports now (checked, kept), else the stored one. */
  private async offsetFor(uid: number, reported: number | undefined): Promise<number> {
    if (reported === undefined) return storedOffset(this.services.db, uid);
    if (!isValidUtcOffset(reported)) throw badParam('utcOffset', TasksTexts.BadOffset);
    return keepOffset(this.services.db, uid, reported, new Date(this.services.clock.now()));
  }

  private async progressOf(db: Queryable, uid: number, window: DayWindow): Promise<Record<TaskKey, number>> {
    return { ...(await dailyProgress(db, uid, window)), ...(await newbieProgress(db, uid)) };
  }

  async board(uid: number, reportedOffset: number | undefined): Promise<TaskBoard> {
    const { db, clock } = this.services;
    const offset = await this.offsetFor(uid, reportedOffset);
    const day = taskDay(clock.now(), offset);
    const progress = await this.progressOf(db, uid, windowOf(day, offset));
    const claimed = await claimedTasks(db, uid, day);
    const user = await findUserById(db, uid);
    const experience = user?.experience ?? 0;
    return {
      daily: DAILY_TASKS.map((task) => stateOf(task, progress[task.key], claimed)),
      newbie: NEWBIE_TASKS.map((task) => stateOf(task, progress[task.key], claimed)),
      experience,
      level: levelFor(experience),
      gold: user?.gold ?? 0,
      utcOffset: offset,
      resetsAt: dayStartMs(day + 1, offset),
    };
  }

  /**
   * A watch report (AddPlayRecord, or UpdTask with the seconds the app claims): credits the real time since the
   * previous report, at most 30 s and at most the claim, to the user's day.
   */
  async recordWatch(uid: number, claimedSeconds?: number): Promise<void> {
    const { db, clock } = this.services;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const { last, offset } = await markWatchReport(tx, uid, new Date(now));
      const credit = watchCredit(last, now, claimedSeconds);
      if (credit > 0) await addWatchSeconds(tx, uid, taskDay(now, offset), credit);
    });
  }

  /** UpdTask: a watch report (credited as {@link recordWatch}) or a share report; answers the task as now counted. */
  async update(uid: number, input: { task: string; seconds: number; utcOffset?: number | undefined }): Promise<TaskState> {
    const key: TaskKey = input.task === 'watch' ? 'watch' : 'share';
    const offset = await this.offsetFor(uid, input.utcOffset);
    if (key === 'watch') await this.recordWatch(uid, input.seconds);
    const { db, clock } = this.services;
    const day = taskDay(clock.now(), offset);
    const progress = await dailyProgress(db, uid, windowOf(day, offset));
    return stateOf(taskDefinition(key), progress[key], await claimedTasks(db, uid, day));
  }

  /** Takes a finished task's reward, once: 6301 when unfinished, 6302 when taken already. */
  async claim(uid: number, key: TaskKey, reportedOffset: number | undefined): Promise<TaskClaimed> {
    const { db, clock } = this.services;
    const offset = await this.offsetFor(uid, reportedOffset);
    const task = taskDefinition(key);
    const now = clock.now();
    const today = taskDay(now, offset);
    return db.transaction(async (tx) => {
      const progress = await this.progressOf(tx, uid, windowOf(today, offset));
      if (progress[key] < task.target) throw new ApiError(Ret.TaskNotFinished, TasksTexts.NotFinished);
      const day = task.kind === 'daily' ? today : 0;
      const inserted = await insertClaim(tx, { uid, task: key, day, experience: task.experience, gold: task.gold, at: new Date(now) });
      if (!inserted) throw new ApiError(Ret.TaskAlreadyClaimed, TasksTexts.AlreadyClaimed);
      const gold = (await creditGoldAndExperience(tx, uid, task.gold, task.experience)) ?? 0;
      await recordGoldChange(tx, { userId: uid, amount: task.gold, balanceAfter: gold, reason: GoldReason.Task, note: `任务奖励：${task.title}`, at: now });
      const user = await findUserById(tx, uid);
      const experience = user?.experience ?? task.experience;
      return { key, gainedExperience: task.experience, gainedGold: task.gold, experience, level: levelFor(experience), gold };
    });
  }
}
