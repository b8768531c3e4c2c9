import type { Queryable } from '../db/database.ts';

/** Days are China days (UTC+8), like the rest of the product's day rules. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export const chinaDay = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export interface DailyVisits {
  day: string;
  /** Distinct visitors (users, devices, or addresses). */
  visitors: number;
  /** Statistics calls. */
  visits: number;
  /** Distinct logged-in users among the visitors. */
  users: number;
}

/** Counts one visit of a visitor on the day of `at`. */
export async function recordVisit(db: Queryable, visitor: string, userId: number | null, at: number): Promise<void> {
  await db.query(
    `INSERT INTO access_visits (day, visitor, user_id, hits, first_at, last_at) VALUES ($1, $2, $3, 1, $4, $4)
     ON CONFLICT (day, visitor) DO UPDATE SET hits = access_visits.hits + 1, last_at = EXCLUDED.last_at`,
    [chinaDay(at), visitor, userId, new Date(at)],
  );
}

/** The operator's per-day figures, newest day first (the query 160_access_statistics.sql documents). */
export async function dailyVisits(db: Queryable, days = 30): Promise<DailyVisits[]> {
  const rows = await db.query<{ day: string | Date; visitors: number; visits: number; users: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS visitors, sum(hits)::int AS visits, count(user_id)::int AS users
     FROM access_visits GROUP BY day ORDER BY day DESC LIMIT $1`,
    [days],
  );
  return rows.map((row) => ({ day: String(row.day), visitors: row.visitors, visits: row.visits, users: row.users }));
}
