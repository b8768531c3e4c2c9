import type { Clock } from '../ports/clock.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { TaskLimits, type TaskKey } from './task-rules.ts';
import { TasksCalls, TasksRet, type TaskBoard, type TaskClaimed } from './tasks-protocol.ts';

export type { TaskBoard, TaskState } from './tasks-protocol.ts';

export type ClaimOutcome =
  /** Paid now (the server's 领取成功 was toasted). */
  | { kind: 'claimed'; claimed: TaskClaimed }
  /** Not finished yet, or taken already (another tap, another device): the server's message. */
  | { kind: 'refused'; reason: 'unfinished' | 'claimed'; message: string }
  /** Any other failure (the request layer toasted it). */
  | { kind: 'failed' };

/** The device's zone offset as the server takes it: whole quarter hours within UTC−12:00…UTC+14:00. */
export function reportableOffset(minutes: number): number {
  const quarter = Math.round(minutes / 15) * 15;
  return Math.min(TaskLimits.maxUtcOffset, Math.max(TaskLimits.minUtcOffset, quarter));
}

/**
 * The task centre: the caller's tasks counted by the server in the device's zone, claiming a reward (one request in
 * flight per task however often 领取 is tapped; the stored user's level and gold kept current), and the app's
 * progress reports (UpdTask).
 */
export class TaskService {
  private readonly claiming = new Map<TaskKey, Promise<ClaimOutcome>>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly clock: Clock,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  private utcOffset(): number {
    return reportableOffset(this.clock.utcOffsetMinutes(this.clock.now()));
  }

  /** GetTaskList. Throws ApiError (the request layer toasted it). */
  async board(): Promise<TaskBoard> {
    const board = await this.api.request(TasksCalls.board, { utcOffset: this.utcOffset() });
    this.keep(board.level, board.gold);
    return board;
  }

  /** ReceiveTaskReward; a second tap while the first is on its way gets the same answer without a second request. */
  claim(key: TaskKey): Promise<ClaimOutcome> {
    const running = this.claiming.get(key);
    if (running) return running;
    const request = this.send(key).finally(() => this.claiming.delete(key));
    this.claiming.set(key, request);
    return request;
  }

  /** Tells the server a video was shared (UpdTask share); it counts its own Share records. Quiet; signed in only. */
  async reportShare(): Promise<void> {
    if (!this.loggedIn()) return;
    await this.api.request(TasksCalls.update, { task: 'share', seconds: 0, utcOffset: this.utcOffset() }, { suppressTips: true }).catch(() => undefined);
  }

  private async send(key: TaskKey): Promise<ClaimOutcome> {
    try {
      const claimed = await this.api.request(TasksCalls.claim, { task: key, utcOffset: this.utcOffset() }, { notice: true });
      this.keep(claimed.level, claimed.gold);
      return { kind: 'claimed', claimed };
    } catch (error) {
      if (error instanceof ApiError && error.ret === TasksRet.NotFinished) return { kind: 'refused', reason: 'unfinished', message: error.msg };
      if (error instanceof ApiError && error.ret === TasksRet.AlreadyClaimed) return { kind: 'refused', reason: 'claimed', message: error.msg };
      return { kind: 'failed' };
    }
  }

  /** The stored user carries the level and the gold (/user shows them): keep them current. */
  private keep(level: number, gold: number): void {
    const user = this.session.user();
    if (user && (user.level !== level || user.gold !== gold)) this.session.signedIn({ ...user, level, gold });
  }
}
