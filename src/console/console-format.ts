import { localDateTimeText } from '../core/display/calendar.ts';

/** China time (UTC+8), in minutes: the console shows every time so, as the app's Chinese users see theirs. */
const CHINA_OFFSET_MINUTES = 8 * 60;

/** A time of the console's tables (Unix ms) in China time: 2026-12-07 18:05:09. */
export function formatTime(ms: number): string {
  return localDateTimeText(ms, CHINA_OFFSET_MINUTES, true);
}

/** A change of the audit log as text: its fields, `name: value`, one per line (null: nothing). */
export function formatChange(change: Record<string, unknown> | null): string {
  if (change === null) return '';
  return Object.entries(change)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
