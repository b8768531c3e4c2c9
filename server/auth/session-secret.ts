import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const SETTING_KEY = 'session_secret';

/**
 * The configured SESSION_SECRET, or else the one generated on first start and kept in the
 * settings table, so tokens stay valid across restarts. Safe when several servers start at once.
 */
export async function resolveSessionSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING_KEY,
    randomBytes(32).toString('hex'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [SETTING_KEY]);
  const secret = rows[0]?.value;
  if (secret === undefined) throw new Error('Session secret could not be stored');
  return secret;
}
