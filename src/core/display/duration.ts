import { pad2 } from './calendar.ts';

/** A duration in seconds as mm:ss, or h:mm:ss from one hour. Fractions are dropped; bad input reads 00:00. */
export function formatDuration(totalSeconds: number | string | null | undefined): string {
  const s = Math.floor(Number(totalSeconds));
  if (!Number.isFinite(s) || s < 0) return '00:00';
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${pad2(minutes)}:${pad2(seconds)}`;
}

/**
 * Converts a time-of-day text to seconds: 'h:mm:ss', 'mm:ss' or 'ss'. Minutes and seconds after the first
 * part must be below 60. Null when the text is not such a time.
 */
export function timeToSeconds(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (numbers.slice(1).some((n) => n >= 60)) return null;
  return numbers.reduce((total, n) => total * 60 + n, 0);
}
