import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_THRESHOLDS, MAX_LEVEL, levelFor } from '../../src/core/shared-kernel/levels.ts';
import { levelProgress } from '../../src/core/tasks/level-rules.ts';
import { TaskLimits, dayStartMs, isValidUtcOffset, taskDay, taskStatus, watchCredit } from '../../src/core/tasks/task-rules.ts';
import { reportableOffset } from '../../src/core/tasks/task-service.ts';

const experience = fc.integer({ min: 0, max: 100_000 });
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const offset = fc.integer({ min: TaskLimits.minUtcOffset / 15, max: TaskLimits.maxUtcOffset / 15 }).map((q) => q * 15);

describe('levels', () => {
  it('the level never falls as experience grows, stays within 1 to 8 and rises exactly at the thresholds', () => {
    fc.assert(
      fc.property(experience, experience, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(levelFor(low)).toBeLessThanOrEqual(levelFor(high));
        expect(levelFor(high)).toBeGreaterThanOrEqual(1);
        expect(levelFor(high)).toBeLessThanOrEqual(MAX_LEVEL);
      }),
    );
    LEVEL_THRESHOLDS.forEach((threshold, index) => {
      expect(levelFor(threshold)).toBe(index + 1);
      if (threshold > 0) expect(levelFor(threshold - 1)).toBe(index);
    });
  });

  it('the bar to the next level lies between the level\'s threshold and the next, 0 to 100 per cent, 100 at the top', () => {
    fc.assert(
      fc.property(experience, (exp) => {
        const progress = levelProgress(exp);
        expect(progress.level).toBe(levelFor(exp));
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThanOrEqual(100);
        expect(exp).toBeGreaterThanOrEqual(progress.floor);
        if (progress.next === null) expect(progress.percent).toBe(100);
        else expect(exp).toBeLessThan(progress.next);
      }),
    );
  });
});

describe('task days and watch credit', () => {
  it('an instant falls inside the day taskDay names, which starts at midnight in that zone and lasts 24 hours', () => {
    fc.assert(
      fc.property(instant, offset, (ms, utcOffset) => {
        const day = taskDay(ms, utcOffset);
        expect(ms).toBeGreaterThanOrEqual(dayStartMs(day, utcOffset));
        expect(ms).toBeLessThan(dayStartMs(day + 1, utcOffset));
        expect(dayStartMs(day + 1, utcOffset) - dayStartMs(day, utcOffset)).toBe(86_400_000);
        expect(isValidUtcOffset(utcOffset)).toBe(true);
      }),
    );
  });

  it('a report never earns more than the real time since the last one, the claim, or 30 s; the first earns nothing', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -60_000, max: 3_600_000 }), fc.integer({ min: 0, max: 60 }), (last, gapMs, claimed) => {
        const credit = watchCredit(last, last + gapMs, claimed);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(Math.max(0, gapMs / 1000));
        expect(credit).toBeLessThanOrEqual(claimed);
        expect(credit).toBeLessThanOrEqual(TaskLimits.maxWatchCredit);
        expect(watchCredit(null, last, claimed)).toBe(0);
      }),
    );
  });

  it('reports spread over any stretch of time earn no more than that stretch', () => {
    fc.assert(
      fc.property(instant, fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 80 }), (start, gaps) => {
        let last: number | null = null;
        let at = start;
        let total = 0;
        for (const gap of gaps) {
          at += gap;
          total += watchCredit(last, at);
          last = at;
        }
        expect(total).toBeLessThanOrEqual((at - start) / 1000);
      }),
    );
  });

  it('a device offset is sent as a valid quarter hour; a task is claimable only when finished and not claimed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.nat(700), fc.integer({ min: 1, max: 600 }), fc.boolean(), (minutes, progress, target, claimed) => {
        expect(isValidUtcOffset(reportableOffset(minutes))).toBe(true);
        const status = taskStatus(progress, target, claimed);
        expect(status === 'claimable').toBe(!claimed && progress >= target);
        expect(status === 'claimed').toBe(claimed);
      }),
    );
  });
});
