import type { Clock } from '../ports/clock.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { AccountCalls, AccountRet, type SignInInfo } from './account-protocol.ts';
import { dayNumber, type CalendarDay } from './sign-in-rules.ts';

export interface SignInStatus {
  signedToday: boolean;
  /** Consecutive days up to today (or yesterday, when not yet signed today). */
  streak: number;
  /** What today's sign-in earns (or earned). */
  todayReward: number;
  gold: number;
  calendar: CalendarDay[];
  /** The China day the status was read on (a page left open past midnight reloads). */
  day: number;
}

export type SignInOutcome =
  | { kind: 'signed'; reward: number; status: SignInStatus; message: string }
  | { kind: 'already'; message: string }
  | { kind: 'failed'; message: string };

/** Daily sign-in: the status of today and the sign-in itself (the server keeps the record). */
export class SignInService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly clock: Clock,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  today(): number {
    return dayNumber(this.clock.now());
  }

  /** Whether a status read earlier is for another day by now. */
  isStale(status: SignInStatus): boolean {
    return status.day !== this.today();
  }

  /** quiet: a failure shows no toast (a check the user did not ask for). */
  async status(options: { quiet?: boolean } = {}): Promise<SignInStatus> {
    return this.read(await this.api.request(AccountCalls.signInInfo, {}, options.quiet ? { suppressTips: true } : {}));
  }

  async signIn(): Promise<SignInOutcome> {
    try {
      const signed = await this.api.request(AccountCalls.signIn, {});
      return { kind: 'signed', reward: signed.reward, status: this.read(signed), message: `签到成功，获得${signed.reward}金币` };
    } catch (error) {
      if (error instanceof ApiError && error.ret === AccountRet.AlreadySignedIn) return { kind: 'already', message: error.msg };
      return { kind: 'failed', message: error instanceof ApiError ? error.msg : '签到失败' };
    }
  }

  /** The status of an answer (read by the call's declaration: counts that do not read are 0, the week follows from the streak). */
  private read(info: SignInInfo): SignInStatus {
    return { signedToday: info.signedToday, streak: info.streak, todayReward: info.todayReward, gold: info.gold, calendar: info.calendar, day: this.today() };
  }
}
