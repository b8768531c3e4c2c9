/**
 * Blocking by regular expression: a blocked keyword written between slashes (/^6+$/, bilibili's convention) is a
 * pattern, matched case-insensitively against a barrage's text. A pattern is checked safe before it is used, by
 * the app and by the reference server alike: a length limit, it compiles, and no construct that can make matching
 * take exponential time (a repeating quantifier over a group with a quantifier or alternatives inside, a
 * back-reference, more than three repeats). Barrages are at most 50 characters, so what passes matches in time
 * polynomial in 50 of a low degree.
 */

import { RegexKeywordLimits, RegexKeywordTexts } from './playback-texts.ts';

/** True when a (trimmed) keyword is a pattern: /…/ with something between the slashes. */
export function isRegexKeyword(keyword: string): boolean {
  const text = keyword.trim();
  return text.length >= 2 && text.startsWith('/') && text.endsWith('/');
}

/** The pattern between the slashes of a regex keyword. */
function regexSource(keyword: string): string {
  const text = keyword.trim();
  return text.slice(1, -1);
}

interface Scan {
  /** Repeating quantifiers seen so far. */
  repeats: number;
}

interface GroupScan {
  /** A quantifier of any kind (?, *, +, {…}) occurs inside: repeated, the group matches a text in many ways. */
  quantified: boolean;
  /** A top-level | of this group. */
  alternates: boolean;
}

type Unsafe = 'unsafe' | 'backReference' | 'tooManyRepeats' | null;

/** The length of a quantifier at `i` (0 when none) and whether it repeats (more than once). */
function quantifierAt(source: string, i: number): { length: number; repeats: boolean } {
  const c = source[i];
  if (c === '*' || c === '+') return { length: source[i + 1] === '?' ? 2 : 1, repeats: true };
  if (c === '?') return { length: source[i + 1] === '?' ? 2 : 1, repeats: false };
  if (c === '{') {
    const match = /^\{(\d+)(,(\d*))?\}\??/.exec(source.slice(i));
    if (!match) return { length: 0, repeats: false };
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
    return { length: match[0].length, repeats: max > 1 };
  }
  return { length: 0, repeats: false };
}

/**
 * Walks a pattern that compiles: answers 'unsafe' when a repeating quantifier applies to a group with a quantifier
 * inside (star height above 1: (a+)+, (\d*)*x; an optional part too: (a?a?)+ is as bad) or with alternatives
 * ((a|a) repeated), 'backReference' for \1…
 * or \k<name>, else null.
 */
function scan(source: string): Unsafe {
  const stack: GroupScan[] = [{ quantified: false, alternates: false }];
  const count: Scan = { repeats: 0 };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<')) return 'backReference';
      // \u{…}, \p{…}: the braces are not a quantifier.
      const braced = (next === 'u' || next === 'p' || next === 'P') && source[i + 2] === '{' ? source.indexOf('}', i + 2) : -1;
      i = braced > 0 ? braced + 1 : i + 2;
      i = afterAtom(source, i, stack, null, count);
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j += 1;
      if (source[j] === ']') j += 1;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = afterAtom(source, j + 1, stack, null, count);
      continue;
    }
    if (c === '(') {
      stack.push({ quantified: false, alternates: false });
      i += 1;
      // (?:, (?=, (?!, (?<=, (?<!, (?<name>
      if (source[i] === '?') {
        i += 1;
        if (source[i] === '<' && source[i + 1] !== '=' && source[i + 1] !== '!') {
          const end = source.indexOf('>', i);
          i = end > 0 ? end + 1 : i + 1;
        } else {
          i += source[i] === '<' ? 2 : 1;
        }
      }
      continue;
    }
    if (c === ')') {
      const group = stack.length > 1 ? (stack.pop() as GroupScan) : { quantified: false, alternates: false };
      const next = afterAtom(source, i + 1, stack, group, count);
      if (next < 0) return 'unsafe';
      i = next;
      continue;
    }
    if (c === '|') {
      (stack[stack.length - 1] as GroupScan).alternates = true;
      i += 1;
      continue;
    }
    i = afterAtom(source, i + 1, stack, null, count);
  }
  return count.repeats > RegexKeywordLimits.maxRepeats ? 'tooManyRepeats' : null;
}

/**
 * After an atom ending before `i` (a group when `group` is given): skips its quantifier, records it in the enclosing
 * group (and a repeating one in the count), and answers -1 when a repeated group has a quantifier or alternatives
 * inside.
 */
function afterAtom(source: string, i: number, stack: GroupScan[], group: GroupScan | null, count: Scan): number {
  const enclosing = stack[stack.length - 1] as GroupScan;
  const quantifier = quantifierAt(source, i);
  if (quantifier.repeats) count.repeats += 1;
  if (group !== null) {
    if (quantifier.repeats && (group.quantified || group.alternates)) return -1;
    if (group.quantified) enclosing.quantified = true;
  }
  if (quantifier.length > 0) enclosing.quantified = true;
  return i + quantifier.length;
}

/** The compiled pattern of a regex keyword, or null when it is not one or is refused. */
export function compileRegexKeyword(keyword: string): RegExp | null {
  if (!isRegexKeyword(keyword) || regexKeywordProblem(keyword) !== null) return null;
  try {
    return new RegExp(regexSource(keyword), 'i');
  } catch {
    return null;
  }
}

/** Why a regex keyword (/…/) cannot be blocked, or null when it is safe to use. */
export function regexKeywordProblem(keyword: string): string | null {
  const text = keyword.trim();
  if ([...text].length > RegexKeywordLimits.maxLength) return RegexKeywordTexts.tooLong;
  const source = regexSource(text);
  if (source.trim() === '') return RegexKeywordTexts.empty;
  // The control characters rule of keywords applies too (checked by the caller).
  try {
    new RegExp(source, 'i');
  } catch {
    return RegexKeywordTexts.invalid;
  }
  const unsafe = scan(source);
  if (unsafe === 'backReference') return RegexKeywordTexts.backReference;
  if (unsafe === 'unsafe') return RegexKeywordTexts.unsafe;
  if (unsafe === 'tooManyRepeats') return RegexKeywordTexts.tooManyRepeats;
  return null;
}
