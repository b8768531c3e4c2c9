import type { Authenticator } from './auth/authenticator.ts';
import type { SharedReadCache } from './cache/shared-read-cache.ts';
import type { PasswordHasher } from './auth/password.ts';
import type { SessionService } from './auth/sessions.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Realtime } from './socket/realtime.ts';
import type { CodeSenders } from './verification/code-delivery.ts';
import type { VerificationCodes } from './verification/verification-codes.ts';

/** What feature route modules get: `registerXRoutes(api, services)`. */
export interface AppServices {
  /** The database; its writes to the tables shared reads come from invalidate them (cache/write-watch.ts). */
  db: Database;
  config: Config;
  clock: Clock;
  passwords: PasswordHasher;
  sessions: SessionService;
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Pushes to connected sockets (private messages, userLiveTest, userStateChange). */
  realtime: Realtime;
  /**
   * What every visitor sees alike, kept for seconds (cache/shared-read-cache.ts). Writes through `db` invalidate it by
   * themselves; a write the server makes another way calls `sharedReads.invalidate([table, …])` once it is done.
   */
  sharedReads: SharedReadCache;
  /** Codes sent to email addresses and phones (6 digits, 10 minutes, once, 5 tries), and how they are sent. */
  verification: { codes: VerificationCodes; senders: CodeSenders };
}
