const WAN = 10_000;
const YI = 100_000_000;

/** One decimal, truncated (never rounded up past the true value); a trailing .0 is dropped. */
function inUnits(n: number, unit: number): string {
  const tenths = Math.floor(n / (unit / 10));
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  return fraction === 0 ? String(whole) : `${whole}.${fraction}`;
}

/**
 * A count as shown on screen: below 10000 as is; from 10000 in tens of thousands with one decimal and 万
 * (15300 → 1.5万); from 100000000 in hundreds of millions and 亿 (123456789 → 1.2亿). Decimals are
 * truncated, so a count never reads more than it is. Negative or unreadable counts read 0.
 */
export function formatCount(value: number | string | null | undefined): string {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 0) return '0';
  if (n < WAN) return String(n);
  if (n < YI) return `${inUnits(n, WAN)}万`;
  return `${inUnits(n, YI)}亿`;
}
