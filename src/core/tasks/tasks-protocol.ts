/**
 * The task centre's calls (/taskCenter, /newHandTask, /myLevel), declared once (src/core/request/protocol.ts): the
 * app's TaskService sends them, the reference server (server/tasks/routes.ts) serves them, the fake
 * (adapters/http/fake-tasks-api.ts) answers them. Every call carries the app's zone offset (utcOffset, minutes east
 * of UTC): daily tasks reset at midnight there.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { TASK_KEYS, TaskLimits } from './task-rules.ts';
import { TasksTexts } from './tasks-texts.ts';

/** The answer codes of the task calls the app handles itself. */
export const TasksRet = {
  /** ReceiveTaskReward: the task is not finished yet. */
  NotFinished: 6301,
  /** ReceiveTaskReward: its reward was already taken (today, for a daily task). */
  AlreadyClaimed: 6302,
} as const;

/** A task's key: one the app knows, else unreadable (the task is left out). */
const taskKey = picklist(TASK_KEYS);

/**
 * One task as the caller stands with it: the count done (seconds watched for the watch task) as the server counted
 * it, the target, the experience and gold it gives, and whether its reward was taken.
 */
const taskState = object({ key: taskKey, progress: wire.amount(), target: wire.amount(), experience: wire.amount(), gold: wire.amount(), claimed: wire.flag });

export type TaskState = InferOutput<typeof taskState>;

/**
 * GetTaskList: every task with the caller's progress, and where the caller stands: experience, level and gold, the
 * zone the server counts the caller's days in (minutes east of UTC) and when the daily tasks start again (Unix ms of
 * the next midnight there).
 */
const taskBoard = object({
  daily: wire.items(taskState),
  newbie: wire.items(taskState),
  experience: wire.amount(),
  level: wire.amount(),
  gold: wire.amount(),
  utcOffset: wire.number(),
  resetsAt: wire.amount(),
});

export type TaskBoard = InferOutput<typeof taskBoard>;

/** ReceiveTaskReward: what the claim earned, and the totals after it. */
const taskClaimed = object({
  key: taskKey,
  gainedExperience: wire.amount(),
  gainedGold: wire.amount(),
  experience: wire.amount(),
  level: wire.amount(),
  gold: wire.amount(),
});

export type TaskClaimed = InferOutput<typeof taskClaimed>;

const utcOffset = {
  kind: 'int',
  min: TaskLimits.minUtcOffset,
  max: TaskLimits.maxUtcOffset,
  optional: true,
  rangeMessage: TasksTexts.BadOffset,
} as const;

export const TasksCalls = {
  /** The caller's tasks (daily and new-user) with progress, experience, level and gold. Signed in only. */
  board: call({ method: 'GET', path: '/api/Home/GetTaskList', carrier: 'query', params: { utcOffset }, answer: taskBoard }),
  /**
   * A progress report from the app (spec §7): `watch` with the seconds watched since the last report (credited no
   * more than the real time since the previous report, at most 30 s), or `share` after a share (counted from the
   * Share records). Answers the task as the server now counts it (not read: whatever comes is no failure). Signed in
   * only.
   */
  update: call({
    method: 'GET',
    path: '/api/Home/UpdTask',
    carrier: 'query',
    params: {
      task: { kind: 'text', max: 16, oneOf: ['watch', 'share'] },
      seconds: { kind: 'int', min: 0, max: TaskLimits.maxClaimedSeconds, fallback: 0 },
      utcOffset,
    },
    answer: wire.orNull(taskState),
  }),
  /** Takes a finished task's reward once (a daily task once a day): experience and gold. Signed in only. */
  claim: call({
    method: 'POST',
    path: '/api/Home/ReceiveTaskReward',
    carrier: 'form',
    params: { task: { kind: 'text', max: 16, oneOf: TASK_KEYS }, utcOffset },
    answer: taskClaimed,
    refusals: [TasksRet.NotFinished, TasksRet.AlreadyClaimed],
  }),
} as const;
