/** Civil-calendar arithmetic on epoch milliseconds, without the Date object (proleptic Gregorian). */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Days since 1970-01-01 of a civil date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The civil date of a day count since 1970-01-01. */
function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The local civil date of an instant, for a time zone offset in minutes. */
export function localDate(epochMs: number, offsetMinutes: number): CivilDate {
  return civilFromDays(Math.floor((epochMs + offsetMinutes * MINUTE_MS) / DAY_MS));
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The local date and time of an instant as `YYYY-MM-DD HH:mm`, with `:ss` when `seconds`, for a time zone offset in
 * minutes.
 */
export function localDateTimeText(epochMs: number, offsetMinutes: number, seconds = false): string {
  const date = localDate(epochMs, offsetMinutes);
  const local = epochMs + offsetMinutes * MINUTE_MS;
  const ofDay = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  const clock = `${pad2(Math.floor(ofDay / 3600))}:${pad2(Math.floor(ofDay / 60) % 60)}${seconds ? `:${pad2(ofDay % 60)}` : ''}`;
  return `${date.year}-${pad2(date.month)}-${pad2(date.day)} ${clock}`;
}
