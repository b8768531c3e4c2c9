import { describe, expect, it } from 'vitest';
import { localDate, localDateTimeText } from '../../../src/core/display/calendar.ts';
import { parseTime, timeLabel } from '../../../src/core/display/time-label.ts';

const CST = 480; // UTC+8
const now = Date.UTC(2026, 10, 22, 4, 0, 0); // 2026-11-22 12:00 in Beijing
const H = 3_600_000;
const D = 24 * H;

describe('time label', () => {
  it('under 1 hour reads 刚刚', () => {
    expect(timeLabel(now, now, CST)).toBe('刚刚');
    expect(timeLabel(now - 59 * 60_000, now, CST)).toBe('刚刚');
    expect(timeLabel(now - H + 1, now, CST)).toBe('刚刚');
  });

  it('under 24 hours reads N小时前', () => {
    expect(timeLabel(now - H, now, CST)).toBe('1小时前');
    expect(timeLabel(now - 5 * H - 1, now, CST)).toBe('5小时前');
    expect(timeLabel(now - D + 1, now, CST)).toBe('23小时前');
  });

  it('under 3 days reads N天前', () => {
    expect(timeLabel(now - D, now, CST)).toBe('1天前');
    expect(timeLabel(now - 2 * D, now, CST)).toBe('2天前');
    expect(timeLabel(now - 3 * D + 1, now, CST)).toBe('2天前');
  });

  it('otherwise a date: MM-DD this year, YYYY-MM-DD before it (local time)', () => {
    expect(timeLabel(now - 3 * D, now, CST)).toBe('11-19');
    expect(timeLabel('2026-01-01 00:30:00', now, CST)).toBe('01-01');
    expect(timeLabel('2025-12-31 23:59:59', now, CST)).toBe('2025-12-31');
    // 2026-11-01 17:00 UTC is 11-02 in Beijing and 11-01 in New York
    expect(timeLabel(Date.UTC(2026, 10, 1, 17), now, CST)).toBe('11-02');
    expect(timeLabel(Date.UTC(2026, 10, 1, 17), now, -300)).toBe('11-01');
  });

  it('a time up to an hour ahead (clock skew) reads 刚刚; further ahead its date', () => {
    expect(timeLabel(now + 30 * 60_000, now, CST)).toBe('刚刚');
    expect(timeLabel(now + H, now, CST)).toBe('刚刚');
    expect(timeLabel(now + H + 1, now, CST)).toBe('11-22');
    expect(timeLabel(Date.UTC(2027, 2, 1), now, CST)).toBe('2027-03-01');
  });

  it('reads epoch seconds, digit strings and date-time texts; unreadable gives empty', () => {
    expect(timeLabel(Math.floor((now - 2 * H) / 1000), now, CST)).toBe('2小时前');
    expect(timeLabel(String(now - 2 * H), now, CST)).toBe('2小时前');
    expect(timeLabel('2026-11-22 10:00:00', now, CST)).toBe('2小时前');
    expect(timeLabel('2026/11/22 10:00', now, CST)).toBe('2小时前');
    expect(timeLabel('2026-11-22T02:00:00Z', now, CST)).toBe('2小时前');
    expect(timeLabel('2026-11-22T10:00:00+08:00', now, CST)).toBe('2小时前');
    for (const bad of ['', '昨天', '2026-02-30', '2026-13-01', null, undefined, Number.NaN, '😀']) expect(timeLabel(bad, now, CST)).toBe('');
  });

  it('parses local texts against the offset given', () => {
    expect(parseTime('2026-11-22 12:00:00', CST)).toBe(now);
    expect(parseTime('2026-11-22 04:00:00', 0)).toBe(now);
  });

  it('the calendar agrees with the platform for a sweep of instants', () => {
    for (let t = Date.UTC(1969, 0, 1); t < Date.UTC(2101, 0, 1); t += 37 * D + 3 * H) {
      const d = new Date(t + CST * 60_000);
      expect(localDate(t, CST)).toEqual({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
    }
  });

  it('writes an instant’s local date and time, to the minute or the second, as the platform does', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let t = Date.UTC(1969, 11, 31, 23, 59, 59); t < Date.UTC(2031, 0, 1); t += 7_919_711_123) {
      const d = new Date(t + CST * 60_000);
      const minute = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
      expect(localDateTimeText(t, CST)).toBe(minute);
      expect(localDateTimeText(t, CST, true)).toBe(`${minute}:${pad(d.getUTCSeconds())}`);
    }
    expect(localDateTimeText(Date.UTC(2026, 11, 7, 10, 5, 9), 480, true)).toBe('2026-12-07 18:05:09');
  });
});
