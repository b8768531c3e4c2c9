import type { ConfigEntry } from '../../src/core/shell/shell-protocol.ts';
import type { RechargeActivitySummary } from '../../src/core/vip/vip-protocol.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ACTIVITY_RUNNING } from './activities.ts';

/** The value stored under the key, undefined when there is none. */
export async function findConfigValue(db: Queryable, key: string): Promise<string | undefined> {
  const rows = await db.query<{ value: string }>('SELECT value FROM app_config WHERE key = $1', [key]);
  return rows[0]?.value;
}

/** Every entry, by key. */
export async function configEntries(db: Database): Promise<ConfigEntry[]> {
  return db.query<ConfigEntry>('SELECT key, value FROM app_config ORDER BY key');
}

/** Adds the entry unless the table holds its key already (an operator's edit is kept). */
export async function addConfigEntry(db: Database, entry: ConfigEntry): Promise<void> {
  await db.query('INSERT INTO app_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [entry.key, entry.value]);
}

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
