import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Random } from '../ports/random.ts';
import { ensureVisitorId } from '../shared-kernel/visitor-id.ts';
import type { AccessStatistics } from './access-statistics.ts';
import type { AppConfig } from './app-config.ts';

/** Login recognition as the session does it: true when a stored login is still valid. */
export interface LoginRecognition {
  start(): Promise<boolean>;
}

/** The region as the region service refreshes it; its errors are never shown. */
export interface RegionRefresh {
  refresh(): Promise<unknown>;
}

/**
 * What happens once when the app starts: the visitor id, login recognition, then the region, the global configuration
 * and the visit statistics call (once per app start, unless a failure within 10 minutes blocks it). The browser
 * has these three wait for its first screen (`after`): the first screen needs none of them, so they do not compete
 * with what it needs.
 */
export class AppStart {
  constructor(
    private readonly local: KeyValueStore,
    private readonly random: Random,
    private readonly sessions: LoginRecognition,
    private readonly region: RegionRefresh,
    private readonly config: AppConfig,
    private readonly statistics?: AccessStatistics,
  ) {}

  async run(options: { after?: Promise<void> } = {}): Promise<{ loggedIn: boolean }> {
    ensureVisitorId(this.local, this.random);
    const loggedIn = await this.sessions.start();
    await options.after;
    await Promise.all([this.region.refresh(), this.config.load(), this.statistics?.report()]);
    return { loggedIn };
  }
}
