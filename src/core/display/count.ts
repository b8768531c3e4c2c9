const WAN = 10_000;

/**
 * A count as shown on screen (shell §5): below 10000 as is; from 10000 in tens of thousands with one decimal
 * and 万, the decimal rounded half up and always shown (10000 → 1.0万, 570964 → 57.1万,
 * 123456789 → 12345.7万). There is no larger unit. Negative or unreadable counts read 0.
 */
export function formatCount(value: number | string | null | undefined): string {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 0) return '0';
  if (n < WAN) return String(n);
  // Whole tenths of 万 (1000s), rounded half up; integer arithmetic keeps big counts exact.
  const tenths = Math.floor((n + 500) / 1000);
  return `${Math.floor(tenths / 10)}.${tenths % 10}万`;
}
