/** Characters as a person counts them: grapheme clusters (a Chinese character, an emoji with its modifiers). */
export function characters(text: string): string[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Segmenter) return Array.from(new Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  return [...text];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const TWO_WORDS = /^(\S+) (\S+)$/u;
const MASK = '*';

/** First 2 and last 2 characters kept, one asterisk for each character between. */
function keepEnds(chars: string[]): string {
  return chars.slice(0, 2).join('') + MASK.repeat(chars.length - 4) + chars.slice(-2).join('');
}

/**
 * Masks a value for display (account names, phones, emails):
 * - 4 characters or fewer: shown whole;
 * - an email (or a value flagged as one): the first 2 characters of the local part, asterisks, then the domain
 *   (a local part of 2 or fewer keeps one character fewer, so something is always hidden);
 * - two words whose second is longer than 4: the first word, then the second with its first 2 and last 2 kept;
 * - anything else: first 2 and last 2 kept.
 * One asterisk stands for each hidden character, so the length never changes. Counts characters, never
 * UTF-16 units: no Chinese character or emoji is cut in half.
 */
export function maskText(value: string, options: { email?: boolean } = {}): string {
  const chars = characters(value);
  if (chars.length <= 4) return value;
  const at = value.lastIndexOf('@');
  if ((options.email || EMAIL.test(value)) && at > 0 && at < value.length - 1) {
    const local = characters(value.slice(0, at));
    const keep = Math.min(2, local.length - 1);
    return local.slice(0, keep).join('') + MASK.repeat(local.length - keep) + value.slice(at);
  }
  const words = TWO_WORDS.exec(value);
  if (words?.[1] && words[2]) {
    const second = characters(words[2]);
    if (second.length > 4) return `${words[1]} ${keepEnds(second)}`;
  }
  return keepEnds(chars);
}
