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
  /**
   * In one atomic step: when fewer than `max` hits of `key` are within the window, records a hit at `now` and
   * answers its id (for release); otherwise records nothing and answers null. Parallel claims, from one
   * process or many, never get more than `max` ids within a window.
   */
  claim(key: string, windowMs: number, now: number, max: number): Promise<string | null>;
  /** Forgets the one hit `id` (from claim) of `key`: an attempt given back. Unknown ids are ignored. */
  release(key: string, id: string): Promise<void>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
