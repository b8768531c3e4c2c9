/**
 * The task centre's calls (/taskCenter, /newHandTask, /myLevel), declared once (src/core/request/protocol.ts): the
 * app's TaskService sends them, the reference server (server/tasks/routes.ts) serves them, the fake
 * (adapters/http/fake-tasks-api.ts) answers them. Every call carries the app's zone offset (utcOffset, minutes east
 * of UTC): daily tasks reset at midnight there.
 */
import { call } from '../request/protocol.ts';
import { TASK_KEYS, TaskLimits, type TaskKey } from './task-rules.ts';
import { TasksTexts } from './tasks-texts.ts';

/** The answer codes of the task calls the app handles itself. */
export const TasksRet = {
  /** ReceiveTaskReward: the task is not finished yet. */
  NotFinished: 6301,
  /** ReceiveTaskReward: its reward was already taken (today, for a daily task). */
  AlreadyClaimed: 6302,
} as const;

/** One task as the caller stands with it. */
export interface TaskState {
  key: TaskKey;
  /** Count done (seconds watched for the watch task), as the server counted it. */
  progress: number;
  target: number;
  experience: number;
  gold: number;
  claimed: boolean;
}

/** GetTaskList: every task with the caller's progress, and where the caller stands. */
export interface TaskBoard {
  daily: TaskState[];
  newbie: TaskState[];
  experience: number;
  level: number;
  gold: number;
  /** The zone the server counts the caller's days in (minutes east of UTC). */
  utcOffset: number;
  /** Unix ms of the next midnight in that zone, when the daily tasks start again. */
  resetsAt: number;
}

/** ReceiveTaskReward: what the claim earned, and the totals after it. */
export interface TaskClaimed {
  key: TaskKey;
  gainedExperience: number;
  gainedGold: number;
  experience: number;
  level: number;
  gold: number;
}

const utcOffset = {
  kind: 'int',
  min: TaskLimits.minUtcOffset,
  max: TaskLimits.maxUtcOffset,
  optional: true,
  rangeMessage: TasksTexts.BadOffset,
} as const;

export const TasksCalls = {
  /** The caller's tasks (daily and new-user) with progress, experience, level and gold. Signed in only. */
  board: call<TaskBoard>()({ method: 'GET', path: '/api/Home/GetTaskList', carrier: 'query', params: { utcOffset } }),
  /**
   * A progress report from the app (spec §7): `watch` with the seconds watched since the last report (credited no
   * more than the real time since the previous report, at most 30 s), or `share` after a share (counted from the
   * Share records). Answers the task as the server now counts it. Signed in only.
   */
  update: call<TaskState>()({
    method: 'GET',
    path: '/api/Home/UpdTask',
    carrier: 'query',
    params: {
      task: { kind: 'text', max: 16, oneOf: ['watch', 'share'] },
      seconds: { kind: 'int', min: 0, max: TaskLimits.maxClaimedSeconds, fallback: 0 },
      utcOffset,
    },
  }),
  /** Takes a finished task's reward once (a daily task once a day): experience and gold. Signed in only. */
  claim: call<TaskClaimed>()({
    method: 'POST',
    path: '/api/Home/ReceiveTaskReward',
    carrier: 'form',
    params: { task: { kind: 'text', max: 16, oneOf: TASK_KEYS }, utcOffset },
    refusals: [TasksRet.NotFinished, TasksRet.AlreadyClaimed],
  }),
} as const;
