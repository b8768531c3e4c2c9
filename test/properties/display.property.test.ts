import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, localDate, daysFromCivil } from '../../src/core/display/calendar.ts';
import { formatCount } from '../../src/core/display/count.ts';
import { formatDuration, timeToSeconds } from '../../src/core/display/duration.ts';
import { formatImageUrl, IMAGE_WIDTHS, requestWidth } from '../../src/core/display/image-url.ts';
import { characters, maskText } from '../../src/core/display/mask.ts';
import { timeLabel } from '../../src/core/display/time-label.ts';

/** Graphemes of every kind the app shows: Latin, digits, CJK (also outside the BMP), emoji with modifiers and ZWJ, flags, separators. */
const grapheme = fc.constantFrom(
  'a', 'Z', '0', '9', '_', '.', '-', '@', ' ', '*', '张', '三', '欧', '阳', '𠀀', '😀', '👍🏽', '👨‍👩‍👧', '🇨🇳', 'é', '가',
);
const text = fc.array(grapheme, { maxLength: 30 }).map((parts) => parts.join(''));
const emailish = fc
  .tuple(fc.array(grapheme.filter((g) => g !== '@' && g !== ' '), { minLength: 1, maxLength: 12 }), fc.array(grapheme.filter((g) => g !== '@' && g !== ' '), { minLength: 1, maxLength: 10 }))
  .map(([local, domain]) => `${local.join('')}@${domain.join('')}.com`);

/** How many characters each rule may leave visible. */
function allowance(input: string, email: boolean): number {
  const chars = characters(input);
  if (chars.length <= 4) return chars.length;
  const at = input.lastIndexOf('@');
  if ((email || /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(input)) && at > 0 && at < input.length - 1) {
    return Math.min(2, characters(input.slice(0, at)).length - 1) + characters(input.slice(at)).length;
  }
  const words = /^(\S+) (\S+)$/u.exec(input);
  if (words?.[1] && words[2] && characters(words[2]).length > 4) return characters(words[1]).length + 1 + 4;
  return 4;
}

describe('masking', () => {
  it('never reveals more than its rule allows, only ever shows characters where they were, and keeps the length', () => {
    fc.assert(
      fc.property(fc.oneof(text, emailish), fc.boolean(), (input, email) => {
        const inChars = characters(input);
        const outChars = characters(maskText(input, { email }));
        expect(outChars.length).toBe(inChars.length);
        let revealed = 0;
        outChars.forEach((c, i) => {
          if (c === inChars[i]) {
            if (c !== '*') revealed++;
          } else {
            expect(c).toBe('*');
          }
        });
        expect(revealed).toBeLessThanOrEqual(allowance(input, email));
        if (inChars.length > 4) expect(outChars).toContain('*');
      }),
      { numRuns: 3000 },
    );
  });

  it('short texts (4 characters or fewer) stay whole and longer ones stay longer than 4', () => {
    fc.assert(
      fc.property(text, (input) => {
        const n = characters(input).length;
        const out = maskText(input);
        if (n <= 4) expect(out).toBe(input);
        else expect(characters(out).length).toBeGreaterThan(4);
      }),
    );
  });
});

describe('counts (shell §5: 10000 or more in tens of thousands with one decimal and 万)', () => {
  const count = fc.oneof(fc.nat(20_000), fc.nat(200_000_000), fc.integer({ min: 0, max: 10 ** 13 }));

  it('below 10000 show as they are', () => {
    fc.assert(
      fc.property(fc.nat(9_999), (n) => {
        expect(formatCount(n)).toBe(String(n));
      }),
    );
  });

  it('from 10000 read (n / 10000) to one decimal, rounded half up, always with its decimal, then 万; never 亿', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10 ** 13 }), (n) => {
        const label = formatCount(n);
        // The spec's rule with exact integer arithmetic: n / 10000 rounded to tenths is round(n / 1000) tenths.
        const tenths = BigInt(n) / 1000n + (BigInt(n) % 1000n >= 500n ? 1n : 0n);
        expect(label).toBe(`${tenths / 10n}.${tenths % 10n}万`);
        expect(label).toMatch(/^\d+\.\d万$/);
        expect(label).not.toContain('亿');
        expect(Math.abs(Number(label.slice(0, -1)) * 10_000 - n)).toBeLessThanOrEqual(500);
      }),
    );
  });

  it('agree with toFixed(1) of n / 10000 wherever that is exact', () => {
    // Counts whose hundredths digit is not a tie: toFixed's binary rounding cannot differ there.
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10 ** 9 }).filter((n) => n % 1000 !== 500), (n) => {
        expect(formatCount(n)).toBe(`${(n / 10_000).toFixed(1)}万`);
      }),
    );
  });

  it('are monotonic', () => {
    const value = (label: string) => (label.endsWith('万') ? Number(label.slice(0, -1)) * 10_000 : Number(label));
    fc.assert(
      fc.property(count, count, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(value(formatCount(low))).toBeLessThanOrEqual(value(formatCount(high)));
      }),
    );
  });
});

describe('durations', () => {
  const upTo99Hours = fc.integer({ min: 0, max: 99 * 3600 + 3599 });

  it('format then parse gives back every value up to 99 hours', () => {
    fc.assert(
      fc.property(upTo99Hours, (s) => {
        expect(timeToSeconds(formatDuration(s))).toBe(s);
      }),
      { numRuns: 5000 },
    );
  });

  it('parse then format gives back every canonical text', () => {
    fc.assert(
      fc.property(upTo99Hours, (s) => {
        const textForm = formatDuration(s);
        expect(formatDuration(timeToSeconds(textForm) ?? -1)).toBe(textForm);
        expect(textForm).toMatch(s < 3600 ? /^\d{2}:\d{2}$/ : /^\d{1,2}:\d{2}:\d{2}$/);
      }),
    );
  });
});

describe('image widths', () => {
  it('are one of the five widths and at least the requested width (×1.3), up to 1000', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 3000, noNaN: true }), fc.option(fc.double({ min: 1, max: 3000, noNaN: true }), { nil: undefined }), (width, height) => {
        const w = requestWidth(width);
        expect(IMAGE_WIDTHS).toContain(w);
        expect(w).toBeGreaterThanOrEqual(Math.min(width * 1.3, 1000));
        const smaller = IMAGE_WIDTHS.filter((x) => x < w);
        for (const x of smaller) expect(x).toBeLessThan(width * 1.3);
        const result = formatImageUrl('/media/demo/cover-1.jpg', { width, ...(height !== undefined ? { height } : {}) });
        expect(result.ok && result.url).toContain(`w_${w}`);
      }),
    );
  });
});

/** Order of a label by age: 刚刚 < N小时前 < N天前 < dates (older dates later). */
function ageRank(label: string): [number, number] {
  if (label === '刚刚') return [0, 0];
  let m = /^(\d+)小时前$/.exec(label);
  if (m) return [1, Number(m[1])];
  m = /^(\d+)天前$/.exec(label);
  if (m) return [2, Number(m[1])];
  m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(label);
  if (!m) throw new Error(`not a time label: ${label}`);
  return [3, -daysFromCivil(Number(m[1] ?? 2026), Number(m[2]), Number(m[3]))];
}

const before = (a: [number, number], b: [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);

describe('time labels', () => {
  const now = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });
  const offset = fc.integer({ min: -12 * 60, max: 14 * 60 });
  const boundaries = [0, HOUR_MS, DAY_MS, 3 * DAY_MS];
  const age = fc.oneof(
    fc.integer({ min: 0, max: 30 * DAY_MS }),
    fc.constantFrom(...boundaries).chain((b) => fc.integer({ min: Math.max(0, b - 2), max: b + 2 })),
  );

  it('are monotonic in age, across the 1 hour, 24 hour and 3 day boundaries', () => {
    fc.assert(
      fc.property(now, offset, age, age, (t, off, a, b) => {
        const [younger, older] = a <= b ? [a, b] : [b, a];
        const yearOf = (ms: number) => localDate(ms, off).year;
        // Dates within the same year drop the year; compare them in the current year's calendar.
        if (yearOf(t - older) !== yearOf(t)) return;
        expect(before(ageRank(timeLabel(t - younger, t, off)), ageRank(timeLabel(t - older, t, off)))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('switch exactly at their boundaries', () => {
    fc.assert(
      fc.property(now, offset, (t, off) => {
        expect(timeLabel(t - HOUR_MS + 1, t, off)).toBe('刚刚');
        expect(timeLabel(t - HOUR_MS, t, off)).toBe('1小时前');
        expect(timeLabel(t - DAY_MS + 1, t, off)).toBe('23小时前');
        expect(timeLabel(t - DAY_MS, t, off)).toBe('1天前');
        expect(timeLabel(t - 3 * DAY_MS + 1, t, off)).toBe('2天前');
        expect(ageRank(timeLabel(t - 3 * DAY_MS, t, off))[0]).toBe(3);
      }),
    );
  });
});
