import { AccountCalls, SETTING_NAMES } from '../../src/core/account/account-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { missingParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { readSettings } from './account-repository.ts';
import { signIn, signInInfo } from './daily-sign-in.ts';
import { profileChanges, saveProfile } from './profile.ts';
import { changeSettings, settingChanges } from './settings.ts';

const AccountMessage = {
  saved: '保存成功',
  settingsSaved: '设置已保存',
  signedIn: '签到成功',
} as const;

/** The account's calls (src/core/account/account-protocol.ts): the profile, the settings and the daily sign-in. */
export function registerAccountRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /** Saves the profile fields given (at least one) and answers the user as GetUserInfo does. */
  serve(api, AccountCalls.updateProfile, 'required', async ({ auth, input }) =>
    ok(await saveProfile(db, clock, auth, profileChanges(input, auth.user.userName)), AccountMessage.saved));

  /** The user's settings (defaults until they change one). */
  serve(api, AccountCalls.settings, 'required', async ({ auth }) => readSettings(db, auth.user.id));

  /** Saves the settings given (at least one) and answers all of them. */
  serve(api, AccountCalls.updateSettings, 'required', async ({ auth, input }) => {
    const changes = settingChanges(input);
    if (changes.length === 0) throw missingParam(SETTING_NAMES[0] ?? 'enableNotify');
    return ok(await changeSettings(db, auth.user.id, changes), AccountMessage.settingsSaved);
  });

  /** Today's sign-in state: signed?, the live streak, the seven-day calendar and the gold balance. */
  serve(api, AccountCalls.signInInfo, 'required', async ({ auth }) => signInInfo(db, clock, auth.user.id));

  /** Signs in for today (China time): once a day; the reward rises with the streak. */
  serve(api, AccountCalls.signIn, 'required', async ({ auth }) => {
    const result = await signIn(db, clock, auth.user.id);
    return ok(result, `${AccountMessage.signedIn}，获得${result.reward}金币`);
  });
}
