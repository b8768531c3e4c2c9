import type { Queryable } from '../db/database.ts';

/** The region the user keeps inside `country` (its state code), null when none or the account's country is another. */
export async function savedRegionState(db: Queryable, uid: number, country: string): Promise<string | null | undefined> {
  const rows = await db.query<{ region_state: string | null }>('SELECT region_state FROM users WHERE id = $1 AND region = $2', [uid, country]);
  return rows[0]?.region_state;
}

/** Saves the account's region: its country and, or null, the state inside it. */
export async function saveRegion(db: Queryable, uid: number, country: string, state: string | null): Promise<void> {
  await db.query('UPDATE users SET region = $2, region_state = $3 WHERE id = $1', [uid, country, state]);
}
