/**
 * The task centre's rules, shared by the app and the reference server (pure): the tasks with their targets and
 * rewards, a task's state, the day a moment falls on in the user's zone, and how much watch time a report earns.
 */

/** Tasks done again every day (reset at midnight in the user's zone). */
export type DailyTaskKey = 'signIn' | 'watch' | 'barrage' | 'comment' | 'share';
/** One-time tasks of a new account (新手任务). */
export type NewbieTaskKey = 'avatar' | 'nickname' | 'phone' | 'firstPost' | 'follow';
export type TaskKey = DailyTaskKey | NewbieTaskKey;

export interface TaskDefinition {
  key: TaskKey;
  kind: 'daily' | 'newbie';
  title: string;
  /** What counts towards it, as /taskCenter explains it. */
  hint: string;
  /** Progress needed: a count, or seconds for the watch task. */
  target: number;
  /** Where 去完成 leads. */
  route: string;
  experience: number;
  gold: number;
}

const DAY_MS = 86_400_000;

/** Seconds of watching the 观看视频10分钟 task needs. */
const WATCH_TARGET_SECONDS = 600;

export const TaskLimits = {
  /** The zone offsets the app may report, in minutes east of UTC (UTC−12:00 to UTC+14:00, quarter hours). */
  minUtcOffset: -720,
  maxUtcOffset: 840,
  /** China Standard Time: the zone of a user who never reported one. */
  defaultUtcOffset: 480,
  /** The most one watch report earns, in seconds (the app reports every 15 s while playing). */
  maxWatchCredit: 30,
  /** The most seconds UpdTask may claim in one report. */
  maxClaimedSeconds: 60,
} as const;

export const DAILY_TASKS: readonly TaskDefinition[] = [
  { key: 'signIn', kind: 'daily', title: '每日签到', hint: '在签到页完成今日签到', target: 1, route: '/signIn', experience: 10, gold: 5 },
  { key: 'watch', kind: 'daily', title: '观看视频10分钟', hint: '播放任意视频累计10分钟', target: WATCH_TARGET_SECONDS, route: '/', experience: 15, gold: 10 },
  { key: 'barrage', kind: 'daily', title: '发送一条弹幕', hint: '在播放页发送一条弹幕', target: 1, route: '/', experience: 5, gold: 5 },
  { key: 'comment', kind: 'daily', title: '发表一条评论', hint: '在视频下发表评论或回复', target: 1, route: '/', experience: 10, gold: 5 },
  { key: 'share', kind: 'daily', title: '分享一个视频', hint: '在播放页分享任意视频', target: 1, route: '/', experience: 10, gold: 5 },
];

export const NEWBIE_TASKS: readonly TaskDefinition[] = [
  { key: 'avatar', kind: 'newbie', title: '设置头像', hint: '换一个自己的头像', target: 1, route: '/editInfo', experience: 10, gold: 20 },
  { key: 'nickname', kind: 'newbie', title: '设置昵称', hint: '起一个与账号不同的昵称', target: 1, route: '/editNickname', experience: 10, gold: 20 },
  { key: 'phone', kind: 'newbie', title: '绑定手机', hint: '在账号与安全中绑定手机号', target: 1, route: '/emailMobileSetting', experience: 20, gold: 50 },
  { key: 'firstPost', kind: 'newbie', title: '发布第一条动态', hint: '发布一条视频动态', target: 1, route: '/myDynamic', experience: 20, gold: 50 },
  { key: 'follow', kind: 'newbie', title: '关注一位UP主', hint: '在视频页或个人空间关注一位UP主', target: 1, route: '/', experience: 10, gold: 20 },
];

export const TASK_KEYS: readonly TaskKey[] = [...DAILY_TASKS, ...NEWBIE_TASKS].map((task) => task.key);

export function taskDefinition(key: TaskKey): TaskDefinition {
  const found = [...DAILY_TASKS, ...NEWBIE_TASKS].find((task) => task.key === key);
  if (!found) throw new Error(`unknown task ${key}`);
  return found;
}

export function isTaskKey(value: string): value is TaskKey {
  return (TASK_KEYS as readonly string[]).includes(value);
}

/** todo: not finished (去完成); claimable: finished, reward waiting (领取); claimed: reward taken (已领取). */
export type TaskStatus = 'todo' | 'claimable' | 'claimed';

export function taskStatus(progress: number, target: number, claimed: boolean): TaskStatus {
  if (claimed) return 'claimed';
  return progress >= target ? 'claimable' : 'todo';
}

/** 3/10分钟 for the watch task (whole minutes, never past the target), 0/1 for the others. */
export function progressText(task: Pick<TaskDefinition, 'key' | 'target'>, progress: number): string {
  const done = Math.max(0, Math.min(progress, task.target));
  if (task.key === 'watch') return `${Math.floor(done / 60)}/${Math.floor(task.target / 60)}分钟`;
  return `${Math.floor(done)}/${task.target}`;
}

/** +10经验 +5金币. */
export function rewardText(task: Pick<TaskDefinition, 'experience' | 'gold'>): string {
  return `+${task.experience}经验 +${task.gold}金币`;
}

/** A zone offset the app may report: whole quarter hours from UTC−12:00 to UTC+14:00. */
export function isValidUtcOffset(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= TaskLimits.minUtcOffset && minutes <= TaskLimits.maxUtcOffset && minutes % 15 === 0;
}

/** Days since 1970-01-01 of the calendar day `ms` falls on in the zone `utcOffset` minutes east of UTC. */
export function taskDay(ms: number, utcOffset: number): number {
  return Math.floor((ms + utcOffset * 60_000) / DAY_MS);
}

/** The instant (unix ms) a day of {@link taskDay} starts: midnight in that zone. */
export function dayStartMs(day: number, utcOffset: number): number {
  return day * DAY_MS - utcOffset * 60_000;
}

/**
 * Seconds a watch report earns: the real time since the previous report (none before the first one), at most
 * {@link TaskLimits.maxWatchCredit}, and never more than the report itself claims (UpdTask's seconds).
 */
export function watchCredit(lastReportMs: number | null, nowMs: number, claimedSeconds: number = TaskLimits.maxWatchCredit): number {
  if (lastReportMs === null) return 0;
  const elapsed = Math.floor((nowMs - lastReportMs) / 1000);
  return Math.max(0, Math.min(elapsed, TaskLimits.maxWatchCredit, Math.floor(claimedSeconds)));
}
