import type { Queryable } from './database.ts';

/** The settings table: values the server keeps by key across restarts (the generated session secret, the seeds' marks). */

/** Stores `value` under `key` unless the key has one already (of servers starting together, the first one's stays). */
export async function keepSettingOnce(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
}

/** The value stored under `key`, or undefined. */
export async function readSetting(db: Queryable, key: string): Promise<string | undefined> {
  const rows = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value;
}
