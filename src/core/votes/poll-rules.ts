/**
 * Poll rules shared by the app and the reference server: what a new poll may say (question, 2–10 distinct options of
 * 1–20 characters, an end time in the future and at most 30 days ahead), the results' percentages (they add up to 100)
 * and how a poll's time is told.
 */
import { localDateTimeText } from '../display/calendar.ts';
import { type Poll } from './votes-protocol.ts';
import { PollLimits, PollTexts } from './votes-texts.ts';

export { type Poll, type PollSummary } from './votes-protocol.ts';
export { PollLimits, PollTexts } from './votes-texts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A poll as its owner writes it. */
export interface PollDraft {
  question: string;
  options: readonly string[];
  /** Unix milliseconds. */
  endTime: number;
}

/** The draft made tidy: question and options trimmed. */
export interface CheckedPoll {
  question: string;
  options: string[];
  endTime: number;
}

/** Characters as a person counts them (an emoji is one). */
const lengthOf = (text: string): number => [...text].length;

/**
 * The draft checked at `now`: the tidy poll, or the first problem's message (PollTexts). The server refuses with the
 * same message.
 */
export function checkPollDraft(draft: PollDraft, now: number): { ok: true; poll: CheckedPoll } | { ok: false; message: string } {
  const question = draft.question.trim();
  if (question === '') return { ok: false, message: PollTexts.QuestionMissing };
  if (lengthOf(question) > PollLimits.maxQuestionLength || CONTROL.test(question)) return { ok: false, message: PollTexts.QuestionTooLong };
  const options = draft.options.map((option) => option.trim());
  if (options.length < PollLimits.minOptions || options.length > PollLimits.maxOptions) return { ok: false, message: PollTexts.OptionCount };
  if (options.some((option) => option === '' || lengthOf(option) > PollLimits.maxOptionLength || CONTROL.test(option))) {
    return { ok: false, message: PollTexts.OptionLength };
  }
  if (new Set(options).size !== options.length) return { ok: false, message: PollTexts.OptionDuplicate };
  if (!Number.isSafeInteger(draft.endTime) || draft.endTime <= now) return { ok: false, message: PollTexts.EndInPast };
  if (draft.endTime > now + PollLimits.maxDurationDays * DAY_MS) return { ok: false, message: PollTexts.EndTooFar };
  return { ok: true, poll: { question, options, endTime: draft.endTime } };
}

/**
 * Each count's share of all votes cast, in whole percent, adding up to exactly 100 when any vote was cast (all 0
 * otherwise): the largest-remainder rule — every share rounded down, then the points left over go one each to the
 * largest remainders (ties: the earlier option). In a 多选 poll the shares are of all choices made.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + Math.max(0, count), 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (Math.max(0, count) * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, n) => sum + n, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/** The end times the owner picks from: N days from now. */
export const END_CHOICES: readonly { label: string; days: number }[] = [
  { label: '1天', days: 1 },
  { label: '3天', days: 3 },
  { label: '7天', days: 7 },
  { label: '30天', days: 30 },
];

/** The end time `days` days after `now`. */
export function endTimeAfter(days: number, now: number): number {
  return now + days * DAY_MS;
}

/** Ended by the server's word, or its end time passed on this device's clock since it was read. */
export function pollEnded(poll: Pick<Poll, 'ended' | 'endTime'>, now: number): boolean {
  return poll.ended || poll.endTime <= now;
}

/** 进行中 / 已结束. */
export function pollStateText(ended: boolean): string {
  return ended ? '已结束' : '进行中';
}

/** How long is left: 剩余N天 / 剩余N小时 / 剩余N分钟 (at least 1), or 已结束. */
export function remainingText(endTime: number, now: number): string {
  const left = endTime - now;
  if (left <= 0) return '已结束';
  if (left >= DAY_MS) return `剩余${Math.floor(left / DAY_MS)}天`;
  if (left >= HOUR_MS) return `剩余${Math.floor(left / HOUR_MS)}小时`;
  return `剩余${Math.max(1, Math.floor(left / MINUTE_MS))}分钟`;
}

/** The answer to a tap on an option: the new choice (single: that option alone; 多选: toggled). */
export function toggledChoice(choice: readonly number[], optionId: number, multiple: boolean): number[] {
  if (!multiple) return [optionId];
  return choice.includes(optionId) ? choice.filter((id) => id !== optionId) : [...choice, optionId].sort((a, b) => a - b);
}

/** One option as the results show it. */
export interface ResultRow {
  id: number;
  text: string;
  count: number;
  /** Whole percent; the rows add up to 100 once anyone voted. */
  percent: number;
  /** The caller chose it. */
  mine: boolean;
}

/** The results of a poll whose counts the caller may see (null while hidden). */
export function resultRows(poll: Pick<Poll, 'options' | 'myChoice'>): ResultRow[] | null {
  if (poll.options.some((option) => option.count === null)) return null;
  const counts = poll.options.map((option) => option.count ?? 0);
  const shares = percentages(counts);
  return poll.options.map((option, index) => ({
    id: option.id,
    text: option.text,
    count: counts[index] ?? 0,
    percent: shares[index] ?? 0,
    mine: poll.myChoice.includes(option.id),
  }));
}

/** The end time as the list shows it: YYYY-MM-DD HH:mm截止 (local time at `offsetMinutes` from UTC). */
export function endTimeText(endTime: number, offsetMinutes: number): string {
  return `${localDateTimeText(endTime, offsetMinutes)}截止`;
}
