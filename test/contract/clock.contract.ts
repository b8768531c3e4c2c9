import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/core/ports/clock.ts';

export interface ClockHarness {
  clock: Clock;
  /** Lets at least ms pass: real time for the system clock, advancing a fake one. Keep ms ≤ 30. */
  elapse(ms: number): Promise<void>;
}

export function clockContract(name: string, makeHarness: () => ClockHarness): void {
  describe(`Clock contract: ${name}`, () => {
    it('tells the time in epoch milliseconds, moving forward as time passes', async () => {
      const { clock, elapse } = makeHarness();
      const start = clock.now();
      expect(Number.isInteger(start)).toBe(true);
      expect(start).toBeGreaterThan(Date.UTC(2020, 0, 1));
      await elapse(20);
      expect(clock.now() - start).toBeGreaterThanOrEqual(18);
    });

    it('tells the local offset from UTC in whole minutes within ±14 hours', () => {
      const { clock } = makeHarness();
      const offset = clock.utcOffsetMinutes(clock.now());
      expect(Number.isInteger(offset)).toBe(true);
      expect(Math.abs(offset)).toBeLessThanOrEqual(14 * 60);
    });

    it('runs a timeout once, after its delay and not before', async () => {
      const { clock, elapse } = makeHarness();
      let runs = 0;
      clock.schedule(() => (runs += 1), 25);
      await elapse(5);
      expect(runs).toBe(0);
      await elapse(25);
      expect(runs).toBe(1);
      await elapse(25);
      expect(runs).toBe(1);
    });

    it('never runs a cleared timeout; clearing unknown ids is harmless', async () => {
      const { clock, elapse } = makeHarness();
      let runs = 0;
      const id = clock.schedule(() => (runs += 1), 10);
      clock.cancelSchedule(id);
      clock.cancelSchedule(id);
      clock.cancelSchedule(987_654);
      clock.cancelRepeat(987_654);
      await elapse(20);
      expect(runs).toBe(0);
    });

    it('runs timeouts in the order they fall due', async () => {
      const { clock, elapse } = makeHarness();
      const order: string[] = [];
      clock.schedule(() => order.push('late'), 20);
      clock.schedule(() => order.push('early'), 5);
      clock.schedule(() => order.push('early-second'), 5);
      await elapse(30);
      expect(order).toEqual(['early', 'early-second', 'late']);
    });

    it('gives every timer its own id', () => {
      const { clock } = makeHarness();
      const ids = [clock.schedule(() => {}, 10), clock.schedule(() => {}, 10), clock.repeat(() => {}, 10)];
      expect(new Set(ids).size).toBe(3);
      clock.cancelSchedule(ids[0]!);
      clock.cancelSchedule(ids[1]!);
      clock.cancelRepeat(ids[2]!);
    });

    it('runs a timeout scheduled by another timer when it falls due', async () => {
      const { clock, elapse } = makeHarness();
      let inner = false;
      clock.schedule(() => clock.schedule(() => (inner = true), 5), 5);
      // Two steps: the outer timer has run (and scheduled the inner one) before the second starts, so on real timers
      // the inner one falls due before the second wait ends however late a busy machine ran the outer one.
      await elapse(5);
      await elapse(20);
      expect(inner).toBe(true);
    });

    it('repeats an interval until it is cleared', async () => {
      const { clock, elapse } = makeHarness();
      let runs = 0;
      const id = clock.repeat(() => (runs += 1), 8);
      await elapse(30);
      expect(runs).toBeGreaterThanOrEqual(2);
      clock.cancelRepeat(id);
      const stopped = runs;
      await elapse(20);
      expect(runs).toBe(stopped);
    });
  });
}
