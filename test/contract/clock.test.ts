import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../adapters/clock/fake-clock.ts';
import { SystemClock } from '../../adapters/clock/system-clock.ts';
import { clockContract } from './clock.contract.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

clockContract('SystemClock (real timers)', () => ({ clock: new SystemClock(), elapse: (ms) => sleep(ms + 5) }));
clockContract('FakeClock', () => {
  const clock = new FakeClock();
  return {
    clock,
    elapse: async (ms) => clock.advance(ms),
  };
});

describe('SystemClock', () => {
  it('reads Date.now and hands out numeric ids in Node too', () => {
    const clock = new SystemClock();
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    const id = clock.schedule(() => {}, 1_000);
    expect(typeof id).toBe('number');
    clock.cancelSchedule(id);
  });
});

describe('FakeClock', () => {
  it('starts at 2026-01-01 UTC by default, or at the given time', () => {
    expect(new FakeClock().now()).toBe(Date.UTC(2026, 0, 1));
    expect(new FakeClock(1_000).now()).toBe(1_000);
  });

  it('runs each timer at its due time, counting the pending ones', () => {
    const clock = new FakeClock(0);
    const seen: Array<[string, number]> = [];
    clock.repeat(() => seen.push(['tick', clock.now()]), 10);
    const once = clock.schedule(() => seen.push(['once', clock.now()]), 15);
    clock.schedule(() => seen.push(['never', clock.now()]), 100);
    expect(clock.pendingTimers()).toBe(3);
    clock.advance(35);
    expect(seen).toEqual([
      ['tick', 10],
      ['once', 15],
      ['tick', 20],
      ['tick', 30],
    ]);
    expect(clock.now()).toBe(35);
    expect(clock.pendingTimers()).toBe(2);
    clock.cancelSchedule(once);
  });

  it('runs a zero-delay timer scheduled during advance within the same advance', () => {
    const clock = new FakeClock(0);
    const seen: number[] = [];
    clock.schedule(() => clock.schedule(() => seen.push(clock.now()), 0), 5);
    clock.advance(5);
    expect(seen).toEqual([5]);
  });

  it('advanceAsync lets promise callbacks run between timers', async () => {
    const clock = new FakeClock(0);
    const seen: string[] = [];
    clock.schedule(() => {
      void Promise.resolve().then(() => seen.push('after first'));
    }, 5);
    clock.schedule(() => seen.push('second'), 6);
    await clock.advanceAsync(10);
    expect(seen).toEqual(['after first', 'second']);
  });
});
