import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { keepSettingOnce, readSetting } from '../db/settings.ts';

const SETTING_KEY = 'session_secret';

/**
 * The configured SESSION_SECRET, or else the one generated on first start and kept in the
 * settings table, so tokens stay valid across restarts. Safe when several servers start at once.
 */
export async function resolveSessionSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  await keepSettingOnce(db, SETTING_KEY, randomBytes(32).toString('hex'));
  const secret = await readSetting(db, SETTING_KEY);
  if (secret === undefined) throw new Error('Session secret could not be stored');
  return secret;
}
