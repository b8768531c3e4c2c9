/**
 * Reading the loosely typed JSON of API answers, in one place. Fields may be missing, numbers may come as text and
 * ids as numbers, empty text may mean none and a list may come as null. A call declares its answer with valibot
 * objects of the kinds below (`answer: v.object({ title: wire.key, score: wire.amount() })`, protocol.ts), and
 * ApiClient reads every answer through its declaration once; what is not yet declared that way reads its fields
 * through the functions below, so one answer is read the same way everywhere.
 */
import { check, minLength, object, optional, pipe, safeParse, string, transform, unknown, type GenericSchema, type ObjectEntries } from 'valibot';

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

/** A whole number (a safe integer, no decimals; numbers may come as text), or null. */
export function integerOf(value: unknown): number | null {
  const n = optionalNumberOf(value);
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

/** An id: a whole number above 0 (numbers may come as text), or null. */
export function idOf(value: unknown): number | null {
  const n = integerOf(value);
  return n !== null && n > 0 ? n : null;
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

/** A field read leniently: absent, null or odd, it is what `read` makes of it (never a failure). */
export function lenientAnswer<T>(read: (value: unknown) => T) {
  return optional(pipe(unknown(), transform(read)), null);
}

/** Text: a string, or a number written out (ids often come as numbers); '' when absent or odd. */
export const text = lenientAnswer(textOf);

/** Text that must be there and not empty (a video's key): without it the answer is unreadable. */
export const key = pipe(
  unknown(),
  transform(textOf),
  check((value) => value !== '', 'no text'),
);

/** A finite number (numbers may come as text), else `fallback` (0). */
export const number = (fallback = 0) => lenientAnswer((value) => numberOf(value, fallback));

/** A finite number that must be there (numbers may come as text): without it the answer is unreadable. */
export const requiredNumber = pipe(
  unknown(),
  transform(optionalNumberOf),
  check((value): value is number => value !== null, 'not a number'),
  transform((value) => value as number),
);

/** An id that must be there (a whole number above 0; numbers may come as text): without it the value is unreadable. */
export const id = pipe(
  unknown(),
  transform(idOf),
  check((value): value is number => value !== null, 'not an id'),
  transform((value) => value as number),
);

/** A string that is not empty (a name in a list of names; a number is not one). */
export const word = pipe(string(), minLength(1));

/** A number above 0 that must be there (an id; numbers may come as text): without it the value is unreadable. */
export const positive = pipe(
  requiredNumber,
  check((value) => value > 0, 'not above 0'),
);

/** A finite number of 0 or more (numbers may come as text), else null (unknown). */
export const amountOrNull = lenientAnswer((value) => {
  const n = optionalNumberOf(value);
  return n !== null && n >= 0 ? n : null;
});

/** A finite number of 0 or more (numbers may come as text), else `fallback` (0). */
export const amount = (fallback = 0) => lenientAnswer((value) => amountOf(value, fallback));

/** A whole number of at least `min` (the decimals cut off; numbers may come as text); `min` when absent or odd. */
export const wholeAtLeast = (min: number) => lenientAnswer((value) => Math.max(min, Math.floor(amountOf(value, min))));

/** A count: a whole number above 0, else 0. */
export const count = lenientAnswer(countOf);

/** Yes or no: true, 1, '1' or 'true' is yes; anything else no. */
export const flag = lenientAnswer(flagOf);

/** Exactly `true` is yes (a flag the wire only ever sends as a boolean). */
export const isTrue = lenientAnswer((value) => value === true);

/** One of `values`, else `fallback`. */
export const oneOf = <const T extends string | number>(values: readonly T[], fallback: T) => lenientAnswer((value) => values.find((known) => known === value) ?? fallback);

/** A value `schema` reads, or null when absent or unreadable (an optional part of an answer). */
export const orNull = <T>(schema: GenericSchema<unknown, T>) => lenientAnswer((value): T | null => parsed(schema, value));

/** A list of what `item` reads: an unreadable item is dropped, an absent or null list is empty. */
export const items = <T>(item: GenericSchema<unknown, T>) =>
  lenientAnswer((value): T[] =>
    listOf(value).flatMap((entry) => {
      const read = parsed(item, entry);
      return read === null ? [] : [read];
    }),
  );

/** A finite number of 0 or more (numeric text accepted), else `fallback` (0). */
export function amountOf(value: unknown, fallback = 0): number {
  const n = optionalNumberOf(value);
  return n !== null && n >= 0 ? n : fallback;
}

/**
 * What `schema` reads of a value that did not come through ApiClient (a socket's message, the answer the page
 * carries), or null when it is unreadable.
 */
export function parsed<T>(schema: GenericSchema<unknown, T>, value: unknown): T | null {
  const read = safeParse(schema, value);
  return read.success ? read.output : null;
}

/** An answer whose data is nothing the app reads (null, or anything: it is ignored); reads as null, never a failure. */
export const none = lenientAnswer(() => null);

/**
 * An object answer read field by field, as the hand readers did with fieldsOf: data that is no object (absent, null,
 * a list) reads as one without fields, so each field is its default (never a failure when every field is lenient).
 */
export const fields = <const E extends ObjectEntries>(entries: E) => pipe(unknown(), transform(fieldsOf), object(entries));

/** A whole number (the decimals cut off; numbers may come as text), else 0. */
export const whole = lenientAnswer((value) => wholeOf(value));

/**
 * A whole number above 0 that must be there (the decimals cut off; numbers may come as text): the hand readers'
 * `wholeOf(…) > 0` (a label's id, a shielded user's); without one the value is unreadable.
 */
export const wholeId = pipe(
  whole,
  check((value) => value > 0, 'not above 0'),
);
