import { DAY_MS, daysFromCivil, HOUR_MS, localDate, MINUTE_MS, pad2 } from './calendar.ts';

/** A time as the API gives it: epoch milliseconds or seconds, or a date-time text. */
export type TimeInput = number | string | null | undefined;

/** Numbers below this are epoch seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;
const DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a time: epoch ms or s (number or digits), or 'YYYY-MM-DD[ HH:mm[:ss]]' (also with '/' and 'T'),
 * in the local time zone unless it names its own offset (Z, +08:00). Null when unreadable.
 */
export function parseTime(input: TimeInput, offsetMinutes: number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? (Math.abs(input) < SECONDS_LIMIT ? input * 1000 : input) : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (/^\d+$/.test(text)) return parseTime(Number(text), offsetMinutes);
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((part) => Number(part ?? 0)) as [
    number, number, number, number, number, number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const days = daysFromCivil(year, month, day);
  if (localDateMatches(days, year, month, day) === false) return null;
  const zone = m[7];
  const offset = zone === undefined ? offsetMinutes : zone === 'Z' ? 0 : zoneMinutes(zone);
  return days * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS + second * 1000 - offset * MINUTE_MS;
}

function localDateMatches(days: number, year: number, month: number, day: number): boolean {
  const back = localDate(days * DAY_MS, 0);
  return back.year === year && back.month === month && back.day === day;
}

function zoneMinutes(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/** A time shown as a date: MM-DD within the current year, else YYYY-MM-DD (local time). */
function dateLabel(at: number, now: number, offsetMinutes: number): string {
  const date = localDate(at, offsetMinutes);
  const md = `${pad2(date.month)}-${pad2(date.day)}`;
  return date.year === localDate(now, offsetMinutes).year ? md : `${date.year}-${md}`;
}

/** How far back a clock may be ahead of the server and the time still read 刚刚. */
const FUTURE_TOLERANCE_MS = HOUR_MS;

/**
 * The time label: under 1 hour 刚刚; under 24 hours N小时前; under 3 days N天前; otherwise a date.
 * A time up to an hour in the future (clock skew) reads 刚刚; further ahead it shows its date.
 * An unreadable time gives ''.
 */
export function timeLabel(time: TimeInput, now: number, offsetMinutes: number): string {
  const at = parseTime(time, offsetMinutes);
  if (at === null) return '';
  const age = now - at;
  if (age < -FUTURE_TOLERANCE_MS) return dateLabel(at, now, offsetMinutes);
  if (age < HOUR_MS) return '刚刚';
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)}小时前`;
  if (age < 3 * DAY_MS) return `${Math.floor(age / DAY_MS)}天前`;
  return dateLabel(at, now, offsetMinutes);
}
