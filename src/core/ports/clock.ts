export type TimerId = number;

/** Time and timers. The core never reads the system clock or schedules work any other way. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  setInterval(callback: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
}
export const Clock = Symbol('Clock');
