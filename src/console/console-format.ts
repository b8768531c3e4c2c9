/** A time of the console's tables (Unix ms) in China time: 2026-12-07 18:05:09. */
export function formatTime(ms: number): string {
  const china = new Date(ms + 8 * 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${china.getUTCFullYear()}-${two(china.getUTCMonth() + 1)}-${two(china.getUTCDate())} ${two(china.getUTCHours())}:${two(china.getUTCMinutes())}:${two(china.getUTCSeconds())}`;
}

/** A change of the audit log as text: its fields, `name: value`, one per line (null: nothing). */
export function formatChange(change: Record<string, unknown> | null): string {
  if (change === null) return '';
  return Object.entries(change)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
