/** Time source, injectable so tests can move time (session expiry, rate-limit windows). */
export interface Clock {
  /** Milliseconds since the unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
