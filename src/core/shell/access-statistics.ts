import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ShellCalls } from './shell-protocol.ts';

/** Session storage: when the last statistics call failed (milliseconds since the epoch). */
export const ACCESS_STATISTICS_ERR_KEY = 'accessStatisticsErrTime';
/** Spec §9: statistics retry block. */
export const STATISTICS_RETRY_BLOCK_MS = 600_000;

/** Whether a failure recorded at `errTime` still blocks statistics calls at `now` (a bad or future value does not). */
export function statisticsBlocked(errTime: string | null, now: number): boolean {
  if (errTime === null || errTime.trim() === '') return false;
  const at = Number(errTime);
  if (!Number.isFinite(at)) return false;
  return now >= at && now - at < STATISTICS_RETRY_BLOCK_MS;
}

export type StatisticsOutcome = 'sent' | 'blocked' | 'failed';

/** Reports a visit: GET with cineam=1, no toasts; a failure records its time and blocks calls for 10 minutes. */
export class AccessStatistics {
  constructor(
    private readonly api: ApiClient,
    private readonly session: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  async report(): Promise<StatisticsOutcome> {
    if (statisticsBlocked(this.session.get(ACCESS_STATISTICS_ERR_KEY), this.clock.now())) return 'blocked';
    try {
      await this.api.request(ShellCalls.accessStatistics, { cineam: 1 }, { suppressTips: true });
      this.session.remove(ACCESS_STATISTICS_ERR_KEY);
      return 'sent';
    } catch {
      this.session.set(ACCESS_STATISTICS_ERR_KEY, String(this.clock.now()));
      return 'failed';
    }
  }
}
