export type TimerId = number;

/** Time and timers. The core never reads the system clock or schedules work any other way. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** The local time zone's offset from UTC at that instant, in minutes (480 for China Standard Time). */
  utcOffsetMinutes(at: number): number;
  /** Runs the callback once, after ms milliseconds. */
  schedule(callback: () => void, ms: number): TimerId;
  cancelSchedule(id: TimerId): void;
  /** Runs the callback every ms milliseconds until cancelled. */
  repeat(callback: () => void, ms: number): TimerId;
  cancelRepeat(id: TimerId): void;
}
export const Clock = Symbol('Clock');
