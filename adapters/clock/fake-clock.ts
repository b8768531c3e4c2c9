import type { Clock, TimerId } from '../../src/core/ports/clock.ts';

interface Timer {
  at: number;
  /** Order of scheduling, to run timers due at the same time in that order. */
  seq: number;
  callback: () => void;
  /** Repeat period for intervals. */
  every: number | null;
}

/** Time that only moves when a test advances it. */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private nextSeq = 1;
  private readonly timers = new Map<TimerId, Timer>();

  /** startMs: the starting instant; offsetMinutes: the fake local time zone (default UTC+8, China). */
  constructor(
    startMs: number = Date.UTC(2026, 0, 1),
    private readonly offsetMinutes = 480,
  ) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  utcOffsetMinutes(_at: number): number {
    return this.offsetMinutes;
  }

  schedule(callback: () => void, ms: number): TimerId {
    return this.add(callback, Math.max(0, ms), null);
  }

  cancelSchedule(id: TimerId): void {
    this.timers.delete(id);
  }

  repeat(callback: () => void, ms: number): TimerId {
    const every = Math.max(1, ms);
    return this.add(callback, every, every);
  }

  cancelRepeat(id: TimerId): void {
    this.timers.delete(id);
  }

  /**
   * Moves time forward by ms, running every timer that falls due on the way, in time order (timers
   * scheduled meanwhile included; intervals repeat).
   */
  advance(ms: number): void {
    const target = this.current + Math.max(0, ms);
    for (let due = this.nextDue(target); due; due = this.nextDue(target)) this.fire(due);
    this.current = target;
  }

  /** Like advance, but lets promise callbacks run after each timer (for code that awaits between timers). */
  async advanceAsync(ms: number): Promise<void> {
    const target = this.current + Math.max(0, ms);
    await flushMicrotasks();
    for (let due = this.nextDue(target); due; due = this.nextDue(target)) {
      this.fire(due);
      await flushMicrotasks();
    }
    this.current = target;
  }

  /** How many timers are scheduled (an interval counts until cleared). */
  pendingTimers(): number {
    return this.timers.size;
  }

  private add(callback: () => void, delay: number, every: number | null): TimerId {
    const id = this.nextId++;
    this.timers.set(id, { at: this.current + delay, seq: this.nextSeq++, callback, every });
    return id;
  }

  private nextDue(target: number): [TimerId, Timer] | null {
    let next: [TimerId, Timer] | null = null;
    for (const entry of this.timers) {
      const timer = entry[1];
      if (timer.at > target) continue;
      if (!next || timer.at < next[1].at || (timer.at === next[1].at && timer.seq < next[1].seq)) next = entry;
    }
    return next;
  }

  private fire([id, timer]: [TimerId, Timer]): void {
    this.current = timer.at;
    if (timer.every === null) this.timers.delete(id);
    else this.timers.set(id, { ...timer, at: timer.at + timer.every, seq: this.nextSeq++ });
    timer.callback();
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
