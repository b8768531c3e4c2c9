/**
 * Daily sign-in rules, shared by the app and the reference server (pure: no ports needed).
 * A day is a calendar day in China Standard Time (Asia/Shanghai, UTC+8 all year).
 */

const DAY_MS = 86_400_000;

/** China Standard Time's offset from UTC (no daylight saving). */
const SIGN_IN_UTC_OFFSET_MINUTES = 480;

/** Gold coins for the 1st to 7th consecutive day; every day after the 7th earns the last value. */
export const SIGN_IN_REWARDS: readonly number[] = [5, 10, 15, 20, 25, 30, 50];

/** Experience each sign-in adds (the level follows experience). */
export const SIGN_IN_EXPERIENCE = 10;

/** Days since 1970-01-01 of the calendar day at `ms` in the zone with this offset. */
export function dayNumber(ms: number, utcOffsetMinutes: number = SIGN_IN_UTC_OFFSET_MINUTES): number {
  return Math.floor((ms + utcOffsetMinutes * 60_000) / DAY_MS);
}

/** The last sign-in: its day and the streak it made. */
export interface LastSignIn {
  day: number;
  streak: number;
}

/** The streak still alive on `today`: the last one if it was today or yesterday, otherwise 0 (a day was missed). */
export function currentStreak(last: LastSignIn | null, today: number): number {
  if (!last) return 0;
  return today - last.day <= 1 && today >= last.day ? last.streak : 0;
}

/** The streak a sign-in on `today` makes, or null when the user already signed in today. */
export function nextStreak(last: LastSignIn | null, today: number): number | null {
  if (last && last.day === today) return null;
  return currentStreak(last, today) + 1;
}

/** Gold coins for the n-th consecutive day (n from 1). */
export function rewardFor(streak: number): number {
  const index = Math.min(Math.max(Math.floor(streak), 1), SIGN_IN_REWARDS.length) - 1;
  return SIGN_IN_REWARDS[index] ?? 0;
}

export interface CalendarDay {
  /** 1 to 7: the day of the seven-day cycle. */
  index: number;
  reward: number;
  signed: boolean;
  /** The day today's sign-in is (or was) for. */
  today: boolean;
}

/**
 * The seven-day cycle the streak is in: days already signed, today's day, and what each earns.
 * A streak of 8 starts the second cycle (day 1 signed).
 */
export function weekCalendar(streak: number, signedToday: boolean): CalendarDay[] {
  const cycle = SIGN_IN_REWARDS.length;
  const signedCount = streak <= 0 ? 0 : ((streak - 1) % cycle) + 1;
  // Not signed today: today is the day after the signed ones (a finished cycle starts again).
  const todayIndex = signedToday ? signedCount : signedCount === cycle ? 1 : signedCount + 1;
  const doneCount = signedToday ? signedCount : signedCount === cycle ? 0 : signedCount;
  const firstStreak = signedToday ? streak - signedCount + 1 : streak - doneCount + 1;
  return Array.from({ length: cycle }, (_, i) => ({
    index: i + 1,
    reward: rewardFor(firstStreak + i),
    signed: i < doneCount,
    today: i + 1 === todayIndex,
  }));
}
