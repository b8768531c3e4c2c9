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

    it('runs a timeout once, after its delay and not before', async () => {
      const { clock, elapse } = makeHarness();
      let runs = 0;
      clock.setTimeout(() => (runs += 1), 25);
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
      const id = clock.setTimeout(() => (runs += 1), 10);
      clock.clearTimeout(id);
      clock.clearTimeout(id);
      clock.clearTimeout(987_654);
      clock.clearInterval(987_654);
      await elapse(20);
      expect(runs).toBe(0);
    });

    it('runs timeouts in the order they fall due', async () => {
      const { clock, elapse } = makeHarness();
      const order: string[] = [];
      clock.setTimeout(() => order.push('late'), 20);
      clock.setTimeout(() => order.push('early'), 5);
      clock.setTimeout(() => order.push('early-second'), 5);
      await elapse(30);
      expect(order).toEqual(['early', 'early-second', 'late']);
    });

    it('gives every timer its own id', () => {
      const { clock } = makeHarness();
      const ids = [clock.setTimeout(() => {}, 10), clock.setTimeout(() => {}, 10), clock.setInterval(() => {}, 10)];
      expect(new Set(ids).size).toBe(3);
      clock.clearTimeout(ids[0]!);
      clock.clearTimeout(ids[1]!);
      clock.clearInterval(ids[2]!);
    });

    it('runs a timeout scheduled by another timer when it falls due', async () => {
      const { clock, elapse } = makeHarness();
      let inner = false;
      clock.setTimeout(() => clock.setTimeout(() => (inner = true), 5), 5);
      await elapse(25);
      expect(inner).toBe(true);
    });

    it('repeats an interval until it is cleared', async () => {
      const { clock, elapse } = makeHarness();
      let runs = 0;
      const id = clock.setInterval(() => (runs += 1), 8);
      await elapse(30);
      expect(runs).toBeGreaterThanOrEqual(2);
      clock.clearInterval(id);
      const stopped = runs;
      await elapse(20);
      expect(runs).toBe(stopped);
    });
  });
}
