import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPollDraft, percentages, toggledChoice } from '../../src/core/votes/poll-rules.ts';

describe('poll percentages (largest remainder)', () => {
  it('add up to exactly 100 once anyone voted, are all 0 before, and never move more than 1 from the exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100_000 }), { minLength: 2, maxLength: 10 }), (counts) => {
        const shares = percentages(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        expect(shares).toHaveLength(counts.length);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : 100);
        counts.forEach((count, i) => {
          const exact = total === 0 ? 0 : (count * 100) / total;
          expect(Math.abs((shares[i] ?? 0) - exact)).toBeLessThan(1);
          if (count === 0) expect(shares[i]).toBe(0);
        });
      }),
    );
  });

  it('keep the order of the counts: more votes never show a smaller share', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 2, maxLength: 10 }), (counts) => {
        const shares = percentages(counts);
        for (let i = 0; i < counts.length; i += 1) {
          for (let j = 0; j < counts.length; j += 1) {
            if ((counts[i] ?? 0) > (counts[j] ?? 0)) expect(shares[i]).toBeGreaterThanOrEqual(shares[j] ?? 0);
          }
        }
      }),
    );
  });
});

describe('poll drafts and choices', () => {
  it('accept exactly the drafts within the limits, trimmed', () => {
    const now = Date.UTC(2030, 0, 1);
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 0, maxLength: 24 }), { minLength: 0, maxLength: 12 }),
        fc.integer({ min: -1000, max: 31 * 24 * 60 * 60 * 1000 }),
        (options, ahead) => {
          const checked = checkPollDraft({ question: '问题', options, endTime: now + ahead }, now);
          const trimmed = options.map((o) => o.trim());
          // eslint-disable-next-line no-control-regex -- control characters are what it finds
          const control = /[\u0000-\u001f\u007f]/;
          const fine =
            trimmed.length >= 2 &&
            trimmed.length <= 10 &&
            trimmed.every((o) => o !== '' && [...o].length <= 20 && !control.test(o)) &&
            new Set(trimmed).size === trimmed.length &&
            ahead > 0 &&
            ahead <= 30 * 24 * 60 * 60 * 1000;
          expect(checked.ok).toBe(fine);
          if (checked.ok) expect(checked.poll.options).toEqual(trimmed);
        },
      ),
    );
  });

  it('a single-choice poll holds one option at most, a 多选 one a sorted set', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 30 }), fc.boolean(), (taps, multiple) => {
        let choice: number[] = [];
        for (const tap of taps) choice = toggledChoice(choice, tap, multiple);
        if (!multiple) expect(choice.length).toBeLessThanOrEqual(1);
        expect(new Set(choice).size).toBe(choice.length);
        expect([...choice].sort((a, b) => a - b)).toEqual(choice);
      }),
    );
  });
});
