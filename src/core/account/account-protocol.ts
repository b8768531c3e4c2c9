/**
 * The account's calls, declared once (src/core/request/protocol.ts): the profile (UpdateUserInfo: nick name, gender,
 * introduction, avatar), the settings, and the daily sign-in. The app's ProfileService, SettingsService and
 * SignInService send them, the reference server (server/account/routes.ts) serves them, the fake
 * (adapters/http/fake-account-api.ts) answers them. All of them are for the signed-in only (201 otherwise).
 */
import { transform, pipe, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { signedInUser } from '../shared-kernel/user.ts';
import { SIGN_IN_REWARDS, weekCalendar } from './sign-in-rules.ts';

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

/** Notify on, friend-only messages off, autoplay on mobile data off, danmu on: a user's until they change one. */
const DEFAULTS = { enableNotify: true, onlyReceiveFriendMessage: false, autoPlayWhenWWAN: false, danmuOpen: true };

/** A setting as answers and stored copies give it: a boolean, 1 / '1' / 'true' or 0 / '0' / 'false'; else `fallback`. */
const setting = (fallback: boolean) =>
  wire.lenientAnswer((value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    return value === 0 || value === '0' || value === 'false' ? false : fallback;
  });

/**
 * The user's settings (spec: Settings defaults), as GetSettings and UpdateSettings answer them and local storage keeps
 * a visitor's: each known setting wins over its default; anything else (or data that is no object) is the default.
 */
export const accountSettings = wire.fields({
  enableNotify: setting(DEFAULTS.enableNotify),
  onlyReceiveFriendMessage: setting(DEFAULTS.onlyReceiveFriendMessage),
  autoPlayWhenWWAN: setting(DEFAULTS.autoPlayWhenWWAN),
  danmuOpen: setting(DEFAULTS.danmuOpen),
});

export type AccountSettings = InferOutput<typeof accountSettings>;
export type SettingName = keyof AccountSettings;

export const DEFAULT_SETTINGS: Readonly<AccountSettings> = DEFAULTS;

export const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as SettingName[];

/**
 * The sign-in state the two sign-in calls answer (China days): whether today is signed, the streak (consecutive days
 * up to today, or yesterday when not yet signed today), what today's sign-in earns or earned (the first day's reward
 * when the answer gives none) and the gold balance; counts that do not read are 0.
 */
const signInState = {
  signedToday: wire.isTrue,
  streak: wire.count,
  todayReward: wire.count,
  gold: wire.count,
};

/** The state read, with the seven-day cycle the streak is in (computed here, so a malformed answer still shows a sane week). */
const withCalendar = <S extends { signedToday: boolean; streak: number; todayReward: number; gold: number }>(read: S) => ({
  ...read,
  todayReward: read.todayReward || (SIGN_IN_REWARDS[0] ?? 0),
  calendar: weekCalendar(read.streak, read.signedToday),
});

/** GetSignInInfo: today's sign-in state. */
const signInInfo = pipe(wire.fields(signInState), transform(withCalendar));

export type SignInInfo = InferOutput<typeof signInInfo>;

/** SignIn: the state after signing in, with the gold it earned (today's reward when the answer gives none). */
const signedIn = pipe(
  wire.fields({ ...signInState, reward: wire.count }),
  transform(withCalendar),
  transform((read) => ({ ...read, reward: read.reward || read.todayReward })),
);

export type SignedIn = InferOutput<typeof signedIn>;

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
  updateProfile: call({
    method: 'POST',
    path: '/api/User/UpdateUserInfo',
    carrier: 'query',
    params: {
      nickName: { kind: 'text', max: unitsOf(AccountLimits.nickNameMax), trim: true, optional: true, keepsEmpty: true, badMessage: ProfileRefusals.nickName },
      gender: { kind: 'text', max: 1, trim: true, oneOf: ['0', '1'], optional: true, badMessage: ProfileRefusals.gender },
      introduction: { kind: 'text', max: unitsOf(AccountLimits.introductionMax), trim: true, optional: true, keepsEmpty: true, badMessage: ProfileRefusals.introduction },
      avatar: { kind: 'text', max: AccountLimits.avatarMax, trim: true, optional: true, badMessage: ProfileRefusals.avatar },
    },
    answer: signedInUser,
  }),
  /** The user's settings (the defaults until they change one). */
  settings: call({ method: 'GET', path: '/api/User/GetSettings', carrier: 'query', params: {}, answer: accountSettings }),
  /** Saves the settings given (at least one: 1001 缺少参数：enableNotify otherwise) and answers all of them (设置已保存). */
  updateSettings: call({
    method: 'POST',
    path: '/api/User/UpdateSettings',
    carrier: 'form',
    params: { enableNotify: SETTING_FLAG, onlyReceiveFriendMessage: SETTING_FLAG, autoPlayWhenWWAN: SETTING_FLAG, danmuOpen: SETTING_FLAG },
    answer: accountSettings,
  }),
  /** Today's sign-in state, the live streak, the seven-day calendar and the gold balance. */
  signInInfo: call({ method: 'GET', path: '/api/SignIn/GetSignInInfo', carrier: 'query', params: {}, answer: signInInfo }),
  /** Signs in for today (China time), once a day (1050 after); the reward rises with the streak (签到成功，获得N金币). */
  signIn: call({ method: 'POST', path: '/api/SignIn/SignIn', carrier: 'form', params: {}, refusals: [AccountRet.AlreadySignedIn], answer: signedIn }),
} as const;
