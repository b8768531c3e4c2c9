/**
 * Port for sliding-window hit counters (login failures, registrations). Time is passed in by the
 * caller, so adapters hold no clock. Adapters: memory (default, one process) and Redis
 * (REDIS_URL, shared by several processes). Both must pass test/server/rate-limit-store-contract.ts.
 */
export interface RateLimitStore {
  /** Hits of `key` recorded at a time t with now - windowMs < t <= now. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Records a hit of `key` at `now`; returns the count within the window, this hit included. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
