/**
 * Redeem codes (兑换码): 16 characters of an alphabet without look-alikes (no 0/O, 1/I), 80 random bits, shown in
 * groups of four (ABCD-EFGH-JKLM-NPQR). What a person types is read case-insensitively, with spaces, dashes and
 * full-width characters tolerated. Shared by the app (the field), the server (lookup) and the admin command (minting).
 */

/** The characters a code is made of: 32 of them, so each carries 5 bits. */
export const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const RedeemCodeRules = {
  /** Characters of a code. */
  length: 16,
  /** Characters per group as the code is shown. */
  groupSize: 4,
  /** The longest input the server reads (a code with separators and spaces around it); longer is 1002. */
  maxInput: 64,
} as const;

/** Whitespace of any kind and every dash or underscore a keyboard or a copy may give. */
const SEPARATORS = /[\s\-_\u2010-\u2015\u2212\u30fc\uff0d\uff3f]/gu;

const SHAPE = new RegExp(`^[${REDEEM_CODE_ALPHABET}]{${RedeemCodeRules.length}}$`, 'u');

/**
 * The code as stored: full-width characters folded (NFKC), upper case, separators removed. Not checked: a typo
 * stays a typo (see {@link isRedeemCodeShape}).
 */
export function normalizeRedeemCode(input: string): string {
  return input.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
}

/** True when the normalised text could be a code (16 characters of the alphabet). */
export function isRedeemCodeShape(normalized: string): boolean {
  return SHAPE.test(normalized);
}

/** A normalised code in groups of four for showing and printing: ABCD-EFGH-JKLM-NPQR. */
export function formatRedeemCode(normalized: string): string {
  const groups: string[] = [];
  for (let i = 0; i < normalized.length; i += RedeemCodeRules.groupSize) groups.push(normalized.slice(i, i + RedeemCodeRules.groupSize));
  return groups.join('-');
}

/** A new code from random bytes (one byte per character; the caller supplies at least 16 of them). */
export function redeemCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < RedeemCodeRules.length) throw new Error(`a redeem code needs ${RedeemCodeRules.length} random bytes`);
  let code = '';
  // 256 is a multiple of 32: every character is equally likely.
  for (let i = 0; i < RedeemCodeRules.length; i += 1) code += REDEEM_CODE_ALPHABET[(bytes[i] ?? 0) % REDEEM_CODE_ALPHABET.length];
  return code;
}
