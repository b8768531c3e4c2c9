import { INTRODUCTION_MAX } from '../../src/core/account/profile-rules.ts';
import {
  SIGN_IN_EXPERIENCE,
  currentStreak,
  dayNumber,
  nextStreak,
  rewardFor,
  weekCalendar,
  type LastSignIn,
} from '../../src/core/account/sign-in-rules.ts';
import type { AppServices } from '../app-services.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import { ApiError, badParam, missingParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { CredentialMessage, checkNickName } from '../login/credentials.ts';
import { DEMO_AVATAR_URLS } from '../media/demo-images.ts';
import { GoldReason, recordGoldChange } from '../gold/gold-ledger.ts';
import { findUserById } from '../user/user-repository.ts';
import { hasNewWorks } from '../posts/posts-repository.ts';
import { toUserView } from '../user/user-view.ts';

const DEFAULT_AVATAR = '/assets/avatar-default.svg';

/** Avatars a user may pick until real uploads exist: the placeholder and the demo avatars. */
const CHOOSABLE_AVATARS: readonly string[] = [DEFAULT_AVATAR, ...DEMO_AVATAR_URLS];

const AccountMessage = {
  saved: '保存成功',
  nothingToSave: '缺少参数：nickName',
  introduction: `个人简介最多${INTRODUCTION_MAX}个字`,
  gender: '性别只能为0（女）或1（男）',
  avatar: '请选择提供的头像',
  settingsSaved: '设置已保存',
  signedIn: '签到成功',
} as const;

/** Settings as the API names them, with their defaults. */
const SETTING_COLUMNS = {
  enableNotify: 'enable_notify',
  onlyReceiveFriendMessage: 'only_receive_friend_message',
  autoPlayWhenWWAN: 'auto_play_when_wwan',
  danmuOpen: 'danmu_open',
} as const;
type SettingName = keyof typeof SETTING_COLUMNS;
type AccountSettings = Record<SettingName, boolean>;
const DEFAULT_SETTINGS: AccountSettings = {
  enableNotify: true,
  onlyReceiveFriendMessage: false,
  autoPlayWhenWWAN: false,
  danmuOpen: true,
};
const SETTING_NAMES = Object.keys(SETTING_COLUMNS) as SettingName[];

function optionalFlag(params: Params, name: string): boolean | undefined {
  const text = params.optionalString(name);
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw badParam(name);
}

async function readSettings(db: Queryable, uid: number): Promise<AccountSettings> {
  const rows = await db.query<Record<string, boolean>>(
    `SELECT ${SETTING_NAMES.map((name) => SETTING_COLUMNS[name]).join(', ')} FROM user_settings WHERE uid = $1`,
    [uid],
  );
  const row = rows[0];
  if (!row) return { ...DEFAULT_SETTINGS };
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, row[SETTING_COLUMNS[name]] === true])) as AccountSettings;
}

async function lastSignIn(db: Queryable, uid: number): Promise<LastSignIn | null> {
  const rows = await db.query<{ day: number; streak: number }>(
    'SELECT day, streak FROM sign_ins WHERE uid = $1 ORDER BY day DESC LIMIT 1',
    [uid],
  );
  return rows[0] ? { day: Number(rows[0].day), streak: Number(rows[0].streak) } : null;
}

export function registerAccountRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * Saves the profile fields given (nickName, gender, introduction, avatar; at least one) and answers
   * the user as GetUserInfo does.
   */
  api.post('/api/User/UpdateUserInfo', 'required', async ({ auth, params }) => {
    const sets: string[] = [];
    const values: unknown[] = [];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (params.get('nickName') !== undefined) {
      const nickName = params.optionalString('nickName') ?? '';
      if (nickName.trim() === '') throw badParam('nickName', CredentialMessage.nickName);
      set('nick_name', checkNickName(nickName, auth.user.userName));
    }
    if (params.has('gender')) {
      const gender = params.optionalString('gender')?.trim();
      if (gender !== '0' && gender !== '1') throw badParam('gender', AccountMessage.gender);
      set('gender', Number(gender));
    }
    if (params.get('introduction') !== undefined) {
      const introduction = params.optionalString('introduction')?.trim() ?? '';
      if ([...introduction].length > INTRODUCTION_MAX || /[^\P{Cc}\n]/u.test(introduction)) {
        throw badParam('introduction', AccountMessage.introduction);
      }
      set('introduction', introduction);
    }
    if (params.has('avatar')) {
      const avatar = params.string('avatar').trim();
      if (!CHOOSABLE_AVATARS.includes(avatar)) throw badParam('avatar', AccountMessage.avatar);
      set('avatar', avatar);
    }
    if (sets.length === 0) throw missingParam('nickName');
    values.push(auth.user.id);
    await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $${values.length}`, values);
    const user = await findUserById(db, auth.user.id);
    if (!user) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return ok(toUserView(user, auth.token, clock.now(), { newWorks: await hasNewWorks(db, user.id) }), AccountMessage.saved);
  });

  /** The user's settings (defaults until they change one). */
  api.get('/api/User/GetSettings', 'required', async ({ auth }) => readSettings(db, auth.user.id));

  /** Saves the settings given (each 0/1 or false/true; at least one) and answers all of them. */
  api.post('/api/User/UpdateSettings', 'required', async ({ auth, params }) => {
    const changes = SETTING_NAMES.flatMap((name) => {
      const value = optionalFlag(params, name);
      return value === undefined ? [] : [[name, value] as const];
    });
    if (changes.length === 0) throw missingParam(SETTING_NAMES[0] ?? 'enableNotify');
    const current = await readSettings(db, auth.user.id);
    const next: AccountSettings = { ...current, ...Object.fromEntries(changes) };
    const columns = SETTING_NAMES.map((name) => SETTING_COLUMNS[name]);
    await db.query(
      `INSERT INTO user_settings (uid, ${columns.join(', ')}) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (uid) DO UPDATE SET ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = now()`,
      [auth.user.id, ...SETTING_NAMES.map((name) => next[name])],
    );
    return ok(next, AccountMessage.settingsSaved);
  });

  /** Today's sign-in state: signed?, the live streak, the seven-day calendar and the gold balance. */
  api.get('/api/SignIn/GetSignInInfo', 'required', async ({ auth }) => {
    const today = dayNumber(clock.now());
    const last = await lastSignIn(db, auth.user.id);
    const signedToday = last?.day === today;
    const streak = currentStreak(last, today);
    const user = await findUserById(db, auth.user.id);
    return {
      signedToday,
      streak,
      todayReward: signedToday ? rewardFor(streak) : rewardFor(streak + 1),
      calendar: weekCalendar(streak, signedToday),
      gold: user?.gold ?? 0,
    };
  });

  /** Signs in for today (China time): once a day; the reward rises with the streak. */
  api.post('/api/SignIn/SignIn', 'required', async ({ auth }) => {
    const today = dayNumber(clock.now());
    const uid = auth.user.id;
    try {
      const result = await db.transaction(async (tx) => {
        const streak = nextStreak(await lastSignIn(tx, uid), today);
        if (streak === null) return null;
        const reward = rewardFor(streak);
        await tx.query('INSERT INTO sign_ins (uid, day, streak, reward) VALUES ($1, $2, $3, $4)', [uid, today, streak, reward]);
        const rows = await tx.query<{ gold: number }>(
          'UPDATE users SET gold = gold + $1, experience = experience + $2 WHERE id = $3 RETURNING gold',
          [reward, SIGN_IN_EXPERIENCE, uid],
        );
        const gold = rows[0]?.gold ?? reward;
        await recordGoldChange(tx, { userId: uid, amount: reward, balanceAfter: gold, reason: GoldReason.SignIn, at: clock.now() });
        return { streak, reward, gold };
      });
      if (result === null) throw new ApiError(Ret.AlreadySignedIn, RetMessage.AlreadySignedIn);
      return ok(
        { ...result, signedToday: true, todayReward: result.reward, calendar: weekCalendar(result.streak, true) },
        `${AccountMessage.signedIn}，获得${result.reward}金币`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(Ret.AlreadySignedIn, RetMessage.AlreadySignedIn);
      throw error;
    }
  });
}
