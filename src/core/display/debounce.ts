import type { Clock, TimerId } from '../ports/clock.ts';

const DEFAULT_DEBOUNCE_MS = 300;

export interface Debounced<A extends unknown[]> {
  /** Calls fn once the calls stop for the wait, with the last arguments. */
  (...args: A): void;
  cancel(): void;
  /** Runs a pending call now. */
  flush(): void;
}

/** Debounce on the Clock port (300 ms by default), so tests move fake time instead of waiting. */
export function debounce<A extends unknown[]>(clock: Clock, fn: (...args: A) => void, waitMs = DEFAULT_DEBOUNCE_MS): Debounced<A> {
  let timer: TimerId | null = null;
  let pending: A | null = null;
  const run = (): void => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = ((...args: A) => {
    pending = args;
    if (timer !== null) clock.cancelSchedule(timer);
    timer = clock.schedule(run, waitMs);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer !== null) clock.cancelSchedule(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer === null) return;
    clock.cancelSchedule(timer);
    run();
  };
  return debounced;
}
