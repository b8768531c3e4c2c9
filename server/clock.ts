/** Time source, injectable so tests can move time (session expiry, rate-limit windows). */
export interface Clock {
  /** Milliseconds since the unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

/*
 * The product's calendar is China's (UTC+8, no daylight saving): the days of the daily limits (posts, movie requests)
 * and the dates users see.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** The start of the UTC+8 calendar day holding `nowMs`. */
export function chinaDayStart(nowMs: number): Date {
  return new Date(Math.floor((nowMs + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** Dates are shown as the product's users see them: China Standard Time. */
const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date as users see it (China Standard Time), YYYY-MM-DD. */
export function formatDate(date: Date): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}
