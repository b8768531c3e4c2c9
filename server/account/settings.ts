import { SETTING_NAMES, type AccountSettings, type SettingName } from '../../src/core/account/account-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { readSettings, saveSettings } from './account-repository.ts';

/** The settings a call gives (each 1/0 or true/false, any case, as the declaration checked it). */
export function settingChanges(input: Partial<Record<SettingName, string>>): (readonly [SettingName, boolean])[] {
  return SETTING_NAMES.flatMap((name) => {
    const value = input[name]?.toLowerCase();
    return value === undefined ? [] : [[name, value === '1' || value === 'true'] as const];
  });
}

/** Applies the changed settings over the user's current ones, stores them all and answers them. */
export async function changeSettings(db: Queryable, uid: number, changes: readonly (readonly [SettingName, boolean])[]): Promise<AccountSettings> {
  const current = await readSettings(db, uid);
  const next: AccountSettings = { ...current, ...Object.fromEntries(changes) };
  await saveSettings(db, uid, next);
  return next;
}
