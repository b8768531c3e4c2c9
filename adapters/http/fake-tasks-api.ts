import { levelFor } from '../../src/core/shared-kernel/levels.ts';
import { TasksCalls, TasksRet, type TaskBoard, type TaskClaimed, type TaskState } from '../../src/core/tasks/tasks-protocol.ts';
import { TasksTexts } from '../../src/core/tasks/tasks-texts.ts';
import {
  DAILY_TASKS,
  NEWBIE_TASKS,
  TaskLimits,
  dayStartMs,
  isTaskKey,
  isValidUtcOffset,
  taskDay,
  taskDefinition,
  watchCredit,
  type DailyTaskKey,
  type NewbieTaskKey,
  type TaskDefinition,
  type TaskKey,
} from '../../src/core/tasks/task-rules.ts';
import { fail, fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** One user as the imitation knows them. */
interface FakeTaskUser {
  utcOffset: number;
  offsetChangedAt: number | null;
  lastWatchAt: number | null;
  /** Seconds watched per day number. */
  watched: Map<number, number>;
  /** What the user did that counts for a daily task (a sign-in, a barrage, a comment, a share), with when. */
  done: Array<{ task: Exclude<DailyTaskKey, 'watch'>; at: number }>;
  /** New-user tasks the account has done. */
  newbie: Set<NewbieTaskKey>;
  /** `${task}:${day}` of each claim (day 0 for a one-time task). */
  claims: Set<string>;
  experience: number;
  gold: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeTasksState {
  /** The user's record (made on first use). */
  user(uid: number): FakeTaskUser;
  /** The user did something a daily task counts (now, unless `at` is given). */
  did(uid: number, task: Exclude<DailyTaskKey, 'watch'>, at?: number): void;
}

export interface FakeTasksApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
}

const DAY_MS = 86_400_000;

/**
 * An in-memory imitation of the reference server's task calls, answering what tasks-protocol.ts declares
 * (test/contract/tasks-protocol.test.ts runs one suite against it and against the real server). Tests arrange what
 * the server would have seen through {@link FakeTasksState}.
 */
export function installFakeTasksApi(http: FakeHttp, options: FakeTasksApiOptions): FakeTasksState {
  const now = options.now ?? (() => Date.now());
  const users = new Map<number, FakeTaskUser>();
  const state: FakeTasksState = {
    user(uid) {
      let user = users.get(uid);
      if (!user) {
        user = { utcOffset: TaskLimits.defaultUtcOffset, offsetChangedAt: null, lastWatchAt: null, watched: new Map(), done: [], newbie: new Set(), claims: new Set(), experience: 0, gold: 0 };
        users.set(uid, user);
      }
      return user;
    },
    did(uid, task, at = now()) {
      state.user(uid).done.push({ task, at });
    },
  };

  /** The zone as the server keeps it: China's until changed; a change when the last one is a day old. */
  const offsetFor = (user: FakeTaskUser, reported: number | undefined): number => {
    if (reported === undefined) return user.utcOffset;
    if (!isValidUtcOffset(reported)) throw refuse(1002, TasksTexts.BadOffset);
    const changeable = user.offsetChangedAt === null || user.offsetChangedAt <= now() - DAY_MS;
    if (reported !== user.utcOffset && changeable) {
      user.utcOffset = reported;
      user.offsetChangedAt = now();
    }
    return user.utcOffset;
  };
  const progressOf = (user: FakeTaskUser, key: TaskKey, day: number): number => {
    if (key === 'watch') return user.watched.get(day) ?? 0;
    if (NEWBIE_TASKS.some((task) => task.key === key)) return user.newbie.has(key as NewbieTaskKey) ? 1 : 0;
    const from = dayStartMs(day, user.utcOffset);
    return user.done.filter((entry) => entry.task === key && entry.at >= from && entry.at < from + DAY_MS).length;
  };
  const claimKey = (task: TaskDefinition, day: number) => `${task.key}:${task.kind === 'daily' ? day : 0}`;
  const stateOf = (user: FakeTaskUser, task: TaskDefinition, day: number): TaskState => ({
    key: task.key,
    progress: progressOf(user, task.key, day),
    target: task.target,
    experience: task.experience,
    gold: task.gold,
    claimed: user.claims.has(claimKey(task, day)),
  });
  const { serve } = fakeApi(http, { caller: options.caller });

  serve(TasksCalls.board, 'required', (input, uid) => {
    const user = state.user(uid);
    const offset = offsetFor(user, input.utcOffset);
    const day = taskDay(now(), offset);
    const board: TaskBoard = {
      daily: DAILY_TASKS.map((task) => stateOf(user, task, day)),
      newbie: NEWBIE_TASKS.map((task) => stateOf(user, task, day)),
      experience: user.experience,
      level: levelFor(user.experience),
      gold: user.gold,
      utcOffset: offset,
      resetsAt: dayStartMs(day + 1, offset),
    };
    return ok(board);
  });

  serve(TasksCalls.update, 'required', (input, uid) => {
    const user = state.user(uid);
    const offset = offsetFor(user, input.utcOffset);
    const at = now();
    const day = taskDay(at, offset);
    const key: TaskKey = input.task === 'watch' ? 'watch' : 'share';
    if (key === 'watch') {
      const credit = watchCredit(user.lastWatchAt, at, input.seconds);
      user.lastWatchAt = Math.max(user.lastWatchAt ?? at, at);
      if (credit > 0) user.watched.set(day, (user.watched.get(day) ?? 0) + credit);
    }
    return ok(stateOf(user, taskDefinition(key), day));
  });

  serve(TasksCalls.claim, 'required', (input, uid) => {
    const user = state.user(uid);
    const offset = offsetFor(user, input.utcOffset);
    if (!isTaskKey(input.task)) return fail(1002, '参数格式错误：task');
    const task = taskDefinition(input.task);
    const day = taskDay(now(), offset);
    if (progressOf(user, task.key, day) < task.target) return fail(TasksRet.NotFinished, TasksTexts.NotFinished);
    const key = claimKey(task, day);
    if (user.claims.has(key)) return fail(TasksRet.AlreadyClaimed, TasksTexts.AlreadyClaimed);
    user.claims.add(key);
    user.experience += task.experience;
    user.gold += task.gold;
    const claimed: TaskClaimed = { key: task.key, gainedExperience: task.experience, gainedGold: task.gold, experience: user.experience, level: levelFor(user.experience), gold: user.gold };
    return ok(claimed, TasksTexts.Claimed);
  });

  return state;
}
