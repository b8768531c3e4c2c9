import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { LEVEL_THRESHOLDS, levelFor } from '../../../src/core/shared-kernel/levels.ts';
import { SIGN_IN_REWARDS, currentStreak, dayNumber, nextStreak, rewardFor, weekCalendar } from '../../../src/core/account/sign-in-rules.ts';

const HOUR = 3_600_000;

describe('dayNumber', () => {
  it('changes at midnight China time, not UTC', () => {
    // 2026-01-01 15:59 UTC is 23:59 in Shanghai; one minute later it is the 2nd there.
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 15, 59));
    const first = dayNumber(clock.now());
    clock.advance(60_000);
    expect(dayNumber(clock.now())).toBe(first + 1);
    clock.advance(23 * HOUR + 59 * 60_000);
    expect(dayNumber(clock.now())).toBe(first + 1);
    clock.advance(60_000);
    expect(dayNumber(clock.now())).toBe(first + 2);
  });
});

describe('streak', () => {
  it('grows day after day, refuses a second sign-in the same day and resets after a missed day', () => {
    expect(nextStreak(null, 100)).toBe(1);
    expect(nextStreak({ day: 100, streak: 1 }, 100)).toBeNull();
    expect(nextStreak({ day: 100, streak: 1 }, 101)).toBe(2);
    expect(nextStreak({ day: 100, streak: 9 }, 102)).toBe(1);
    expect(currentStreak({ day: 100, streak: 4 }, 101)).toBe(4);
    expect(currentStreak({ day: 100, streak: 4 }, 102)).toBe(0);
    expect(currentStreak(null, 5)).toBe(0);
  });

  it('simulated over days with fake time: the streak is the run of consecutive days', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), (pattern) => {
        const clock = new FakeClock(Date.UTC(2026, 2, 1, 1));
        let last: { day: number; streak: number } | null = null;
        let run = 0;
        for (const signs of pattern) {
          const today = dayNumber(clock.now());
          if (signs) {
            const streak = nextStreak(last, today);
            run += 1;
            expect(streak).toBe(run);
            last = { day: today, streak: streak ?? 0 };
            expect(nextStreak(last, today)).toBeNull();
          } else {
            run = 0;
          }
          clock.advance(24 * HOUR);
        }
      }),
    );
  });
});

describe('rewards', () => {
  it('rise for seven days and stay at the top after', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(rewardFor)).toEqual([5, 10, 15, 20, 25, 30, 50, 50, 50]);
    expect(rewardFor(0)).toBe(5);
  });

  it('the week calendar marks signed days and today', () => {
    expect(weekCalendar(0, false).map((d) => [d.signed, d.today])).toEqual([
      [false, true], [false, false], [false, false], [false, false], [false, false], [false, false], [false, false],
    ]);
    const three = weekCalendar(3, true);
    expect(three.filter((d) => d.signed).map((d) => d.index)).toEqual([1, 2, 3]);
    expect(three.find((d) => d.today)?.index).toBe(3);
    expect(weekCalendar(3, false).find((d) => d.today)?.index).toBe(4);
    // A full week done yesterday: a new cycle starts today, all at the top reward.
    const next = weekCalendar(7, false);
    expect(next.some((d) => d.signed)).toBe(false);
    expect(next.map((d) => d.reward)).toEqual(Array(7).fill(50));
  });

  it('the calendar always has 7 days, signed ones first, and today earns the reward of the streak it makes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.boolean(), (streak, signedToday) => {
        fc.pre(!(signedToday && streak === 0));
        const days = weekCalendar(streak, signedToday);
        expect(days).toHaveLength(SIGN_IN_REWARDS.length);
        const signed = days.map((d) => d.signed);
        expect(signed).toEqual([...signed].sort((a, b) => Number(b) - Number(a)));
        const today = days.filter((d) => d.today);
        expect(today).toHaveLength(1);
        expect(today[0]?.reward).toBe(rewardFor(signedToday ? streak : streak + 1));
      }),
    );
  });
});

describe('levelFor', () => {
  it('is 1 to 8 and never falls as experience grows', () => {
    expect(levelFor(0)).toBe(1);
    expect(levelFor(29)).toBe(1);
    expect(levelFor(30)).toBe(2);
    expect(levelFor(LEVEL_THRESHOLDS[7] ?? 0)).toBe(8);
    expect(levelFor(1e9)).toBe(8);
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(levelFor(lo)).toBeLessThanOrEqual(levelFor(hi));
      }),
    );
  });
});
