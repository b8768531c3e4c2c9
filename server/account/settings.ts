import type { Queryable } from '../db/database.ts';
import { readSettings, saveSettings, type AccountSettings, type SettingName } from './account-repository.ts';

/** Applies the changed settings over the user's current ones, stores them all and answers them. */
export async function changeSettings(db: Queryable, uid: number, changes: readonly (readonly [SettingName, boolean])[]): Promise<AccountSettings> {
  const current = await readSettings(db, uid);
  const next: AccountSettings = { ...current, ...Object.fromEntries(changes) };
  await saveSettings(db, uid, next);
  return next;
}
