import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, fieldsOf, flagOf, listOf, numberOf, optionalNumberOf, recordOf, textOf, wholeOf } from '../../../src/core/request/answer-values.ts';

describe('reading answer values', () => {
  it('reads plain objects only as records', () => {
    expect(recordOf({ a: 1 })).toEqual({ a: 1 });
    expect(recordOf([1])).toBeNull();
    expect(recordOf(null)).toBeNull();
    expect(recordOf('x')).toBeNull();
    expect(fieldsOf(undefined)).toEqual({});
    expect(fieldsOf([{ a: 1 }])).toEqual({});
  });

  it('reads lists', () => {
    expect(listOf([1, 'a'])).toEqual([1, 'a']);
    expect(listOf({ 0: 1 })).toEqual([]);
  });

  it('reads text from strings and finite numbers', () => {
    expect(textOf('你好')).toBe('你好');
    expect(textOf(12)).toBe('12');
    expect(textOf(Number.NaN)).toBe('');
    expect(textOf(null)).toBe('');
    expect(textOf({ toString: () => 'x' })).toBe('');
  });

  it('reads numbers from numbers and plain decimal text only', () => {
    expect(optionalNumberOf(' 12.5 ')).toBe(12.5);
    expect(optionalNumberOf('-3')).toBe(-3);
    for (const refused of ['', ' ', '0x10', '1e3', 'Infinity', '12px', Number.POSITIVE_INFINITY, true, null, [], {}]) {
      expect(optionalNumberOf(refused)).toBeNull();
    }
    expect(numberOf('abc')).toBe(0);
    expect(numberOf('abc', Number.NaN)).toBeNaN();
    expect(wholeOf('7.9')).toBe(7);
    expect(wholeOf('-7.9')).toBe(-7);
    expect(wholeOf(undefined, -1)).toBe(-1);
    expect(countOf('-4')).toBe(0);
    expect(countOf('4')).toBe(4);
  });

  it('reads flags as answers send them', () => {
    for (const yes of [true, 1, '1', 'true']) expect(flagOf(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false', 2, 'yes', null, undefined]) expect(flagOf(no)).toBe(false);
  });

  it('reads any finite number the same whether it came as a number or as its text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        const written = n.toFixed(6);
        expect(optionalNumberOf(written)).toBe(Number(written));
        expect(wholeOf(written)).toBe(Math.trunc(Number(written)));
      }),
    );
  });
});
