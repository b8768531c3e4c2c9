/**
 * The account's calls, declared once (src/core/request/protocol.ts): the profile (UpdateUserInfo: nick name, gender,
 * introduction, avatar), the settings, and the daily sign-in. The app's ProfileService, SettingsService and
 * SignInService send them, the reference server (server/account/routes.ts) serves them, the fake
 * (adapters/http/fake-account-api.ts) answers them. All of them are for the signed-in only (201 otherwise).
 */
import { call } from '../request/protocol.ts';
import type { UserAnswer } from '../shared-kernel/user.ts';
import type { CalendarDay } from './sign-in-rules.ts';

export const AccountLimits = {
  /** Characters (code points) of a nick name. */
  nickNameMax: 16,
  /** Characters (code points) of an introduction. */
  introductionMax: 100,
  /** The longest avatar address taken. */
  avatarMax: 512,
} as const;

/** Answer codes of the account calls that the app handles itself. */
export const AccountRet = {
  /** SignIn: the user already signed in today (今天已经签到过了，明天再来吧). */
  AlreadySignedIn: 1050,
} as const;

/** The refusals (1002) of UpdateUserInfo's fields, as the server words them and the app's form checks repeat them. */
export const ProfileRefusals = {
  nickName: '昵称为1-16个字符且不含控制字符',
  introduction: `个人简介最多${AccountLimits.introductionMax}个字`,
  gender: '性别只能为0（女）或1（男）',
  avatar: '请选择提供的头像',
} as const;

/** The user's settings (spec: Settings defaults). */
export interface AccountSettings {
  enableNotify: boolean;
  onlyReceiveFriendMessage: boolean;
  autoPlayWhenWWAN: boolean;
  danmuOpen: boolean;
}
export type SettingName = keyof AccountSettings;

/** Notify on, friend-only messages off, autoplay on mobile data off, danmu on: a user's until they change one. */
export const DEFAULT_SETTINGS: Readonly<AccountSettings> = {
  enableNotify: true,
  onlyReceiveFriendMessage: false,
  autoPlayWhenWWAN: false,
  danmuOpen: true,
};

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as SettingName[];

/** GetSignInInfo: today's sign-in state (China days). */
export interface SignInInfo {
  signedToday: boolean;
  /** Consecutive days up to today (or yesterday, when not yet signed today). */
  streak: number;
  /** What today's sign-in earns (or earned). */
  todayReward: number;
  /** The seven-day cycle the streak is in. */
  calendar: CalendarDay[];
  /** The gold balance. */
  gold: number;
}

/** SignIn: the state after signing in, with the gold it earned. */
export interface SignedIn extends SignInInfo {
  reward: number;
}

/** A setting as it travels: 1 or 0 (true or false taken too, any case). */
const SETTING_FLAG = { kind: 'text', max: 5, trim: true, pattern: /^(?:0|1|true|false)$/i, optional: true } as const;

/** UTF-16 units a text of `codePoints` characters may take (each character at most two). */
const unitsOf = (codePoints: number): number => 2 * codePoints;

export const AccountCalls = {
  /**
   * Saves the profile fields given (at least one: 1001 缺少参数：nickName otherwise), trimmed: a nick name of 1 to 16
   * characters without control characters, a gender 0 (female) or 1 (male), an introduction of at most 100
   * characters (line breaks allowed; empty clears it), an avatar among those offered. Answers the user (保存成功).
   * The parameters travel in the query string (spec shell §7).
   */
  updateProfile: call<UserAnswer>()({
    method: 'POST',
    path: '/api/User/UpdateUserInfo',
    carrier: 'query',
    params: {
      nickName: { kind: 'text', max: unitsOf(AccountLimits.nickNameMax), trim: true, optional: true, keepsEmpty: true, badMessage: ProfileRefusals.nickName },
      gender: { kind: 'text', max: 1, trim: true, oneOf: ['0', '1'], optional: true, badMessage: ProfileRefusals.gender },
      introduction: { kind: 'text', max: unitsOf(AccountLimits.introductionMax), trim: true, optional: true, keepsEmpty: true, badMessage: ProfileRefusals.introduction },
      avatar: { kind: 'text', max: AccountLimits.avatarMax, trim: true, optional: true, badMessage: ProfileRefusals.avatar },
    },
  }),
  /** The user's settings (the defaults until they change one). */
  settings: call<AccountSettings>()({ method: 'GET', path: '/api/User/GetSettings', carrier: 'query', params: {} }),
  /** Saves the settings given (at least one: 1001 缺少参数：enableNotify otherwise) and answers all of them (设置已保存). */
  updateSettings: call<AccountSettings>()({
    method: 'POST',
    path: '/api/User/UpdateSettings',
    carrier: 'form',
    params: { enableNotify: SETTING_FLAG, onlyReceiveFriendMessage: SETTING_FLAG, autoPlayWhenWWAN: SETTING_FLAG, danmuOpen: SETTING_FLAG },
  }),
  /** Today's sign-in state, the live streak, the seven-day calendar and the gold balance. */
  signInInfo: call<SignInInfo>()({ method: 'GET', path: '/api/SignIn/GetSignInInfo', carrier: 'query', params: {} }),
  /** Signs in for today (China time), once a day (1050 after); the reward rises with the streak (签到成功，获得N金币). */
  signIn: call<SignedIn>()({ method: 'POST', path: '/api/SignIn/SignIn', carrier: 'form', params: {}, refusals: [AccountRet.AlreadySignedIn] }),
} as const;
