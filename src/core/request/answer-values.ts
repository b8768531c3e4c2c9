/**
 * Reading the loosely typed JSON of API answers. Fields may be missing, numbers may come as text and ids as
 * numbers, so every feature's parser reads its fields through these and one answer is read the same way
 * everywhere.
 */

/** A plain object (not an array), or null. */
export function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The fields of a plain object; none (`{}`) for anything else, so a missing object reads as empty fields. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return recordOf(value) ?? {};
}

/** An array, or none. */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Text: a string as it is, a finite number written out (ids often come as numbers), else ''. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/u;

/** A finite number from a number or a plain decimal text (no hex, exponent or Infinity spelled out); else null. */
export function optionalNumberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** A finite number (see optionalNumberOf), or `fallback` (0) when the value is not one. */
export function numberOf(value: unknown, fallback = 0): number {
  return optionalNumberOf(value) ?? fallback;
}

/** A whole number (the decimals cut off), or `fallback` (0) when the value is not a number. */
export function wholeOf(value: unknown, fallback = 0): number {
  const n = optionalNumberOf(value);
  return n === null ? fallback : Math.trunc(n);
}

/** A count: a whole number above 0, else 0. */
export function countOf(value: unknown): number {
  return Math.max(0, wholeOf(value));
}

/** A yes/no flag as answers send it: true, 1, '1' or 'true'. */
export function flagOf(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
