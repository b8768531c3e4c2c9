import { DEFAULT_SETTINGS, SETTING_NAMES, type AccountSettings, type SettingName } from '../../src/core/account/account-protocol.ts';
import type { LastSignIn } from '../../src/core/account/sign-in-rules.ts';
import type { Queryable } from '../db/database.ts';

/** Settings as the API names them, with their columns. */
const SETTING_COLUMNS: Readonly<Record<SettingName, string>> = {
  enableNotify: 'enable_notify',
  onlyReceiveFriendMessage: 'only_receive_friend_message',
  autoPlayWhenWWAN: 'auto_play_when_wwan',
  danmuOpen: 'danmu_open',
};

/** The user's settings (the defaults until they change one). */
export async function readSettings(db: Queryable, uid: number): Promise<AccountSettings> {
  const rows = await db.query<Record<string, boolean>>(
    `SELECT ${SETTING_NAMES.map((name) => SETTING_COLUMNS[name]).join(', ')} FROM user_settings WHERE uid = $1`,
    [uid],
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_SETTINGS };
  const settings: AccountSettings = { ...DEFAULT_SETTINGS };
  for (const name of SETTING_NAMES) settings[name] = row[SETTING_COLUMNS[name]] === true;
  return settings;
}

/** Stores all of the user's settings (created or replaced). */
export async function saveSettings(db: Queryable, uid: number, settings: AccountSettings): Promise<void> {
  const columns = SETTING_NAMES.map((name) => SETTING_COLUMNS[name]);
  await db.query(
    `INSERT INTO user_settings (uid, ${columns.join(', ')}) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (uid) DO UPDATE SET ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = now()`,
    [uid, ...SETTING_NAMES.map((name) => settings[name])],
  );
}

/** A profile column of users and its new value. */
export interface ProfileChange {
  column: 'nick_name' | 'gender' | 'introduction' | 'avatar';
  value: unknown;
}

/** Writes the changed profile columns of the user, in one UPDATE users … WHERE id = $n. */
export async function updateProfileColumns(db: Queryable, userId: number, changes: readonly ProfileChange[]): Promise<void> {
  const values: unknown[] = changes.map((change) => change.value);
  const sets = changes.map((change, index) => `${change.column} = $${index + 1}`);
  values.push(userId);
  await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $${values.length}`, values);
}

/** The user's latest sign-in (day number and streak), null when they never signed in. */
export async function lastSignIn(db: Queryable, uid: number): Promise<LastSignIn | null> {
  const rows = await db.query<{ day: number; streak: number }>(
    'SELECT day, streak FROM sign_ins WHERE uid = $1 ORDER BY day DESC LIMIT 1',
    [uid],
  );
  return rows[0] ? { day: Number(rows[0].day), streak: Number(rows[0].streak) } : null;
}

/** Records the sign-in of a day at `at` (a second one for the same day is a unique violation). */
export async function insertSignIn(db: Queryable, signIn: { uid: number; day: number; streak: number; reward: number; at: Date }): Promise<void> {
  await db.query('INSERT INTO sign_ins (uid, day, streak, reward, created_at) VALUES ($1, $2, $3, $4, $5)', [signIn.uid, signIn.day, signIn.streak, signIn.reward, signIn.at]);
}

/** Adds gold and experience to the user; the gold balance after (undefined when there is no such user). */
export async function creditGoldAndExperience(db: Queryable, uid: number, gold: number, experience: number): Promise<number | undefined> {
  const rows = await db.query<{ gold: number }>(
    'UPDATE users SET gold = gold + $1, experience = experience + $2 WHERE id = $3 RETURNING gold',
    [gold, experience, uid],
  );
  return rows[0]?.gold;
}
