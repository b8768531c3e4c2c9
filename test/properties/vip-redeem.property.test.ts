import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRedeemCode, isRedeemCodeShape, normalizeRedeemCode, REDEEM_CODE_ALPHABET, redeemCodeFromBytes } from '../../src/core/vip-redeem/redeem-code.ts';

const code = fc.array(fc.constantFrom(...REDEEM_CODE_ALPHABET), { minLength: 16, maxLength: 16 }).map((chars) => chars.join(''));
const separator = fc.constantFrom(' ', '-', '－', '—', '_', '\t', '\u3000', '  ', ' - ');
const toFullWidth = (text: string) => [...text].map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).join('');

describe('redeem code normalisation', () => {
  it('the printed form (groups of four) reads back as the code; the code is its own normal form', () => {
    fc.assert(
      fc.property(code, (value) => {
        expect(normalizeRedeemCode(formatRedeemCode(value))).toBe(value);
        expect(normalizeRedeemCode(value)).toBe(value);
        expect(isRedeemCodeShape(value)).toBe(true);
        expect(formatRedeemCode(value)).toMatch(/^.{4}-.{4}-.{4}-.{4}$/);
      }),
    );
  });

  it('case, separators anywhere, spaces around and full-width characters do not matter', () => {
    fc.assert(
      fc.property(code, fc.array(fc.tuple(fc.nat(16), separator), { maxLength: 6 }), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), fc.boolean(), (value, cuts, lower, wide) => {
        let typed = [...value].map((char, i) => (lower[i] ? char.toLowerCase() : char)).join('');
        for (const [at, sep] of [...cuts].sort((a, b) => b[0] - a[0])) typed = `${typed.slice(0, at)}${sep}${typed.slice(at)}`;
        if (wide) typed = toFullWidth(typed.replace(/[^0-9A-Za-z]/g, '')); // full-width letters and digits
        expect(normalizeRedeemCode(`  ${typed} `)).toBe(value);
      }),
    );
  });

  it('normalising is idempotent, and a shape holds only 16 characters of the alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const once = normalizeRedeemCode(text);
        expect(normalizeRedeemCode(once)).toBe(once);
        if (isRedeemCodeShape(once)) expect([...once].every((char) => REDEEM_CODE_ALPHABET.includes(char)) && once.length === 16).toBe(true);
      }),
    );
  });

  it('look-alikes (0, O, 1, I) are never in a code, so a code typed with them is not one', () => {
    fc.assert(
      fc.property(code, fc.nat(15), fc.constantFrom('0', 'O', '1', 'I'), (value, at, bad) => {
        expect(isRedeemCodeShape(`${value.slice(0, at)}${bad}${value.slice(at + 1)}`)).toBe(false);
      }),
    );
  });

  it('any 16 random bytes make a well-formed code', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 32 }), (bytes) => {
        expect(isRedeemCodeShape(redeemCodeFromBytes(bytes))).toBe(true);
      }),
    );
    expect(() => redeemCodeFromBytes(new Uint8Array(15))).toThrow();
  });
});
