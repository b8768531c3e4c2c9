import { AccountCalls, AccountRet, DEFAULT_SETTINGS, ProfileRefusals, SETTING_NAMES, type AccountSettings, type SignedIn, type SignInInfo } from '../../src/core/account/account-protocol.ts';
import { AVATAR_CHOICES } from '../../src/core/account/avatar-choices.ts';
import { currentStreak, dayNumber, nextStreak, rewardFor, weekCalendar, type LastSignIn } from '../../src/core/account/sign-in-rules.ts';
import type { Clock } from '../../src/core/ports/clock.ts';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { SessionCalls } from '../../src/core/session/session-protocol.ts';
import type { UserSession } from '../../src/core/shared-kernel/user-session.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });

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
  const loggedIn = (call: FakeHttpCall) => Boolean(call.params['token'] ?? call.body['token']);
  const status = (): SignInInfo => {
    const today = dayNumber(clock.now());
    const signedToday = state.last?.day === today;
    const streak = currentStreak(state.last, today);
    return { signedToday, streak, todayReward: rewardFor(signedToday ? streak : streak + 1), calendar: weekCalendar(streak, signedToday), gold: state.gold };
  };
  /** Answers a declared call for the signed-in only: its parameters read as declared, refusals as the server words them. */
  const answer = <S extends Fields>(declaration: Call<S, unknown>, handle: (input: ReceivedOf<S>, call: FakeHttpCall) => FakeHttpAnswer | Promise<FakeHttpAnswer>) => {
    http.route(declaration.method, declaration.path, async (call) => {
      if (!loggedIn(call)) return fail(201, '请先登录');
      try {
        return await handle(readDeclaredParams(declaration, call), call);
      } catch (error) {
        if (error instanceof FakeRefusal) return error.answer;
        throw error;
      }
    });
  };

  const saved: Record<string, unknown> = {};
  answer(SessionCalls.userInfo, () => {
    state.userInfoCalls += 1;
    return ok({ ...session.user(), ...saved, token: undefined });
  });
  answer(AccountCalls.updateProfile, async ({ nickName, gender, introduction, avatar }, call) => {
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
  answer(AccountCalls.settings, () => ok(state.settings));
  answer(AccountCalls.updateSettings, (input) => {
    const given = SETTING_NAMES.filter((name) => input[name] !== undefined);
    if (given.length === 0) return fail(1001, `缺少参数：${SETTING_NAMES[0] ?? 'enableNotify'}`);
    for (const name of given) state.settings[name] = ['1', 'true'].includes(input[name]?.toLowerCase() ?? '');
    return ok(state.settings, '设置已保存');
  });
  answer(AccountCalls.signInInfo, () => ok(status()));
  answer(AccountCalls.signIn, () => {
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
