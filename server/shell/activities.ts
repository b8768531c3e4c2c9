import type { Queryable } from '../db/database.ts';
import type { RechargeActivitySummary } from '../../src/core/vip/vip-protocol.ts';

export const ACTIVITY_RUNNING = 1;

/** The recharge activity running at `now` (the newest one if several), or null. */
export async function runningActivity(db: Queryable, now: Date): Promise<RechargeActivitySummary | null> {
  const rows = await db.query<{ title: string; status: number; type: number; activity_rule: string }>(
    `SELECT title, status, type, activity_rule FROM recharge_activities
     WHERE status = $1 AND (starts_at IS NULL OR starts_at <= $2) AND (ends_at IS NULL OR ends_at > $2)
     ORDER BY id DESC LIMIT 1`,
    [ACTIVITY_RUNNING, now],
  );
  const row = rows[0];
  return row ? { title: row.title, status: row.status, type: row.type, activityRule: row.activity_rule } : null;
}

/** Unread system messages of a user. */
export async function unreadMessageCount(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM system_messages WHERE uid = $1 AND read_at IS NULL', [uid]);
  return Number(rows[0]?.count ?? 0);
}
