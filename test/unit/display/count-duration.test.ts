import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../src/core/display/count.ts';
import { formatDuration, timeToSeconds } from '../../../src/core/display/duration.ts';

describe('counts', () => {
  it('below 10000 show as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount('356')).toBe('356');
  });

  it('from 10000 in tens of thousands with one decimal, rounded, and 万 (the spec\'s examples)', () => {
    expect(formatCount(10000)).toBe('1.0万');
    expect(formatCount(570_964)).toBe('57.1万');
    expect(formatCount(123_456_789)).toBe('12345.7万');
    expect(formatCount(15300)).toBe('1.5万');
    expect(formatCount(10_049)).toBe('1.0万');
    expect(formatCount(10_500)).toBe('1.1万');
    expect(formatCount(19_950)).toBe('2.0万');
    expect(formatCount(99_999)).toBe('10.0万');
    expect(formatCount(123_456)).toBe('12.3万');
  });

  it('never switch to 亿', () => {
    expect(formatCount(99_999_999)).toBe('10000.0万');
    expect(formatCount(100_000_000)).toBe('10000.0万');
    expect(formatCount(25_000_000_000)).toBe('2500000.0万');
  });

  it('negative, fractional or unreadable counts', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(12.9)).toBe('12');
    expect(formatCount('很多')).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('durations', () => {
  it('mm:ss under an hour, h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(45296)).toBe('12:34:56');
    expect(formatDuration(99 * 3600 + 3599)).toBe('99:59:59');
  });

  it('drops fractions; bad input reads 00:00', () => {
    expect(formatDuration(61.9)).toBe('01:01');
    expect(formatDuration('125')).toBe('02:05');
    expect(formatDuration(-1)).toBe('00:00');
    expect(formatDuration('两分钟')).toBe('00:00');
  });

  it('converts time-of-day texts to seconds', () => {
    expect(timeToSeconds('01:05')).toBe(65);
    expect(timeToSeconds('1:00:00')).toBe(3600);
    expect(timeToSeconds('12:34:56')).toBe(45296);
    expect(timeToSeconds('42')).toBe(42);
    expect(timeToSeconds(' 00:00 ')).toBe(0);
    expect(timeToSeconds('90:00')).toBe(5400);
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', '1:60', '1:2:3:4', 'a:00', '01：05', '-1:00', '1.5:00', '１:00', '⏱']) expect(timeToSeconds(bad)).toBeNull();
  });
});
