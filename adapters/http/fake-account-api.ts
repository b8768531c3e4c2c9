import { AccountCalls, AccountRet, DEFAULT_SETTINGS, ProfileRefusals, SETTING_NAMES, type AccountSettings, type SignedIn, type SignInInfo } from '../../src/core/account/account-protocol.ts';
import { AVATAR_CHOICES } from '../../src/core/account/avatar-choices.ts';
import { currentStreak, dayNumber, nextStreak, rewardFor, weekCalendar, type LastSignIn } from '../../src/core/account/sign-in-rules.ts';
import type { Clock } from '../../src/core/ports/clock.ts';
import { SessionCalls } from '../../src/core/session/session-protocol.ts';
import type { UserSession } from '../../src/core/shared-kernel/user-session.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeAccountState {
  settings: AccountSettings;
  last: LastSignIn | null;
  gold: number;
  /** Holds UpdateUserInfo answers until released (to look at the loading indicator). */
  hold: Promise<void> | null;
  /** GetUserInfo calls answered. */
  userInfoCalls: number;
}

/**
 * An in-memory imitation of the account's calls (account-protocol.ts: the profile, the settings, the daily sign-in)
 * for headless tests, answering what they declare (test/contract/account-protocol.test.ts runs the same suite against
 * it and the real server). Signed in is any call with a token; GetUserInfo answers the stored user with the profile
 * changes saved here (the login imitation knows none).
 */
export function installFakeAccountApi(http: FakeHttp, session: UserSession, clock: Clock): FakeAccountState {
  const state: FakeAccountState = { settings: { ...DEFAULT_SETTINGS }, last: null, gold: 0, hold: null, userInfoCalls: 0 };
  /** Any call with a token is signed in (as no one in particular: the login imitation checks tokens, not this one). */
  const caller = (call: FakeHttpCall): number | null => (call.params['token'] ?? call.body['token'] ? 0 : null);
  const status = (): SignInInfo => {
    const today = dayNumber(clock.now());
    const signedToday = state.last?.day === today;
    const streak = currentStreak(state.last, today);
    return { signedToday, streak, todayReward: rewardFor(signedToday ? streak : streak + 1), calendar: weekCalendar(streak, signedToday), gold: state.gold };
  };
  const { serve } = fakeApi(http, { caller });

  const saved: Record<string, unknown> = {};
  serve(SessionCalls.userInfo, 'required', () => {
    state.userInfoCalls += 1;
    return ok({ ...session.user(), ...saved, token: undefined });
  });
  serve(AccountCalls.updateProfile, 'required', async ({ nickName, gender, introduction, avatar }, _uid, call) => {
    if (state.hold) await state.hold;
    // The spec's UpdateUserInfo is a POST with its parameters in the query string and no body.
    if (Object.keys(call.body).length > 0) return fail(1002, '不支持的请求格式');
    if (nickName !== undefined && (nickName === '' || [...nickName].length > 16 || /\p{Cc}/u.test(nickName))) return fail(1002, ProfileRefusals.nickName);
    if (introduction !== undefined && ([...introduction].length > 100 || /[^\P{Cc}\n]/u.test(introduction))) return fail(1002, ProfileRefusals.introduction);
    if (avatar !== undefined && !AVATAR_CHOICES.includes(avatar)) return fail(1002, ProfileRefusals.avatar);
    const changes = {
      ...(nickName !== undefined ? { nickName } : {}),
      ...(gender !== undefined ? { gender: Number(gender) } : {}),
      ...(introduction !== undefined ? { introduction } : {}),
      ...(avatar !== undefined ? { avatar } : {}),
    };
    if (Object.keys(changes).length === 0) return fail(1001, '缺少参数：nickName');
    Object.assign(saved, changes);
    return ok({ ...session.user(), ...saved }, '保存成功');
  });
  serve(AccountCalls.settings, 'required', () => ok(state.settings));
  serve(AccountCalls.updateSettings, 'required', (input) => {
    const given = SETTING_NAMES.filter((name) => input[name] !== undefined);
    if (given.length === 0) return fail(1001, `缺少参数：${SETTING_NAMES[0] ?? 'enableNotify'}`);
    for (const name of given) state.settings[name] = ['1', 'true'].includes(input[name]?.toLowerCase() ?? '');
    return ok(state.settings, '设置已保存');
  });
  serve(AccountCalls.signInInfo, 'required', () => ok(status()));
  serve(AccountCalls.signIn, 'required', () => {
    const today = dayNumber(clock.now());
    const streak = nextStreak(state.last, today);
    if (streak === null) return fail(AccountRet.AlreadySignedIn, '今天已经签到过了，明天再来吧');
    const reward = rewardFor(streak);
    state.last = { day: today, streak };
    state.gold += reward;
    return ok({ ...status(), reward } satisfies SignedIn, `签到成功，获得${reward}金币`);
  });
  return state;
}
