import { INTRODUCTION_MAX } from '../../src/core/account/profile-rules.ts';
import type { AppServices } from '../app-services.ts';
import { badParam, missingParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { SessionRefusals } from '../../src/core/session/session-protocol.ts';
import { checkNickName } from '../login/credentials.ts';
import { DEMO_AVATAR_URLS } from '../media/demo-images.ts';
import { readSettings, SETTING_NAMES, type ProfileChange } from './account-repository.ts';
import { signIn, signInInfo } from './daily-sign-in.ts';
import { saveProfile } from './profile.ts';
import { changeSettings } from './settings.ts';

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

function optionalFlag(params: Params, name: string): boolean | undefined {
  const text = params.optionalString(name);
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw badParam(name);
}

export function registerAccountRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * Saves the profile fields given (nickName, gender, introduction, avatar; at least one) and answers
   * the user as GetUserInfo does.
   */
  api.post('/api/User/UpdateUserInfo', 'required', async ({ auth, params }) => {
    const changes: ProfileChange[] = [];
    const set = (column: ProfileChange['column'], value: unknown) => {
      changes.push({ column, value });
    };
    if (params.get('nickName') !== undefined) {
      const nickName = params.optionalString('nickName') ?? '';
      if (nickName.trim() === '') throw badParam('nickName', SessionRefusals.nickName);
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
    if (changes.length === 0) throw missingParam('nickName');
    return ok(await saveProfile(db, clock, auth, changes), AccountMessage.saved);
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
    return ok(await changeSettings(db, auth.user.id, changes), AccountMessage.settingsSaved);
  });

  /** Today's sign-in state: signed?, the live streak, the seven-day calendar and the gold balance. */
  api.get('/api/SignIn/GetSignInInfo', 'required', async ({ auth }) => signInInfo(db, clock, auth.user.id));

  /** Signs in for today (China time): once a day; the reward rises with the streak. */
  api.post('/api/SignIn/SignIn', 'required', async ({ auth }) => {
    const result = await signIn(db, clock, auth.user.id);
    return ok(result, `${AccountMessage.signedIn}，获得${result.reward}金币`);
  });
}
