import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MovieRequestLimits } from '../../src/core/movie-requests/movie-requests-texts.ts';
import { checkDraft, titleKey } from '../../src/core/movie-requests/title-rules.ts';

/** Spacing and punctuation a person might put in or leave out (ASCII, full-width and Chinese). */
const noise = fc.constantFrom(' ', '  ', '\u3000', '\t', '-', '·', '：', ':', '，', '。', '！', '《', '》', '(', ')', '（', '）', '"', '“', '”', '、', '—', '…', '·');
/** Title characters: Chinese, ASCII letters and digits. */
const titleChar = fc.oneof(
  fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code)),
  fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
);
const title = fc.array(titleChar, { minLength: 1, maxLength: 20 }).map((chars) => chars.join(''));

/** ASCII letters and digits as their full-width forms (Ａ, ｂ, １). */
const fullWidth = (text: string): string => text.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
/** Each character upper or lower case as `flips` says. */
const recase = (text: string, flips: readonly boolean[]): string => [...text].map((c, i) => (flips[i % Math.max(1, flips.length)] ? c.toUpperCase() : c.toLowerCase())).join('');
/** `noise` slipped in before the characters `at` picks. */
const sprinkle = (text: string, inserts: readonly [number, string][]): string => {
  const chars = [...text];
  for (const [at, piece] of inserts) chars.splice(at % (chars.length + 1), 0, piece);
  return chars.join('');
};

describe('titleKey (property)', () => {
  it('is the same for a title with spaces and punctuation put in, case changed and written full width', () => {
    fc.assert(
      fc.property(title, fc.array(fc.tuple(fc.nat(40), noise), { maxLength: 8 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.boolean(), (base, inserts, flips, wide) => {
        let variant = recase(sprinkle(base, inserts), flips);
        if (wide) variant = fullWidth(variant);
        expect(titleKey(variant)).toBe(titleKey(base));
      }),
    );
  });

  it('is idempotent and holds no space, punctuation or upper case, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const key = titleKey(text);
        expect(titleKey(key)).toBe(key);
        expect(key).not.toMatch(/[\s\p{P}\p{Z}]/u);
        expect(key).toBe(key.toLowerCase());
      }),
    );
  });

  it('keeps every letter and digit: titles that differ in them differ', () => {
    fc.assert(
      fc.property(title, title, (a, b) => {
        fc.pre(a.toLowerCase() !== b.toLowerCase());
        expect(titleKey(a)).not.toBe(titleKey(b));
      }),
    );
  });
});

describe('checkDraft (property)', () => {
  it('accepts exactly the titles of 1 to 30 characters with something left once spaces and punctuation go, and years 1900-2100', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.oneof(fc.constant(''), fc.integer({ min: 1000, max: 3000 }).map(String)), (text, year) => {
        const result = checkDraft({ title: text, year, kind: 'movie', note: '' });
        const trimmed = text.trim();
        const yearOk = year === '' || (Number(year) >= MovieRequestLimits.minYear && Number(year) <= MovieRequestLimits.maxYear);
        const titleOk = titleKey(trimmed) !== '' && [...trimmed].length <= MovieRequestLimits.maxTitle;
        expect(result.ok).toBe(yearOk && titleOk);
        if (result.ok) {
          expect(result.request.title).toBe(trimmed);
          expect(result.request.year).toBe(year === '' ? undefined : Number(year));
        }
      }),
    );
  });
});
