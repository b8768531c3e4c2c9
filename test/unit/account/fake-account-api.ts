/** An in-memory imitation of the account calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import type { Clock } from '../../../src/core/ports/clock.ts';
import { DEFAULT_SETTINGS, SETTING_NAMES, type AppSettings } from '../../../src/core/account/settings-service.ts';
import { dayNumber, nextStreak, rewardFor, currentStreak, weekCalendar, type LastSignIn } from '../../../src/core/account/sign-in-rules.ts';
import type { UserSession } from '../../../src/core/shared-kernel/user-session.ts';

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });

export interface FakeAccountState {
  settings: AppSettings;
  last: LastSignIn | null;
  gold: number;
  /** Holds UpdateUserInfo answers until released (to look at the loading indicator). */
  hold: Promise<void> | null;
  /** GetUserInfo calls answered. */
  userInfoCalls: number;
}

export function installFakeAccountApi(http: FakeHttp, session: UserSession, clock: Clock): FakeAccountState {
  const state: FakeAccountState = { settings: { ...DEFAULT_SETTINGS }, last: null, gold: 0, hold: null, userInfoCalls: 0 };
  const loggedIn = (call: FakeHttpCall) => Boolean(call.params.token ?? call.body.token);
  const status = () => {
    const today = dayNumber(clock.now());
    const signedToday = state.last?.day === today;
    const streak = currentStreak(state.last, today);
    return { signedToday, streak, todayReward: rewardFor(signedToday ? streak : streak + 1), calendar: weekCalendar(streak, signedToday), gold: state.gold };
  };

  // GetUserInfo answers the stored user with the profile changes saved here (the login imitation knows none).
  const saved: Record<string, unknown> = {};
  http.route('POST', '/api/User/GetUserInfo', (call) => {
    state.userInfoCalls += 1;
    return loggedIn(call) ? ok({ ...session.user(), ...saved, token: undefined }) : fail(201, '请先登录');
  });
  http.route('POST', '/api/User/UpdateUserInfo', async (call) => {
    if (!loggedIn(call)) return fail(201, '请先登录');
    if (state.hold) await state.hold;
    const user = session.user();
    // The spec's UpdateUserInfo is a POST with its parameters in the query string and no body.
    if (Object.keys(call.body).length > 0) return fail(1002, '不支持的请求格式');
    const body = call.params;
    if (body.nickName !== undefined && [...body.nickName].length > 16) return fail(1002, '昵称为1-16个字符且不含控制字符');
    Object.assign(saved, {
      ...(body.nickName !== undefined ? { nickName: body.nickName } : {}),
      ...(body.gender !== undefined ? { gender: Number(body.gender) } : {}),
      ...(body.introduction !== undefined ? { introduction: body.introduction } : {}),
      ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
    });
    return ok({ ...user, ...saved }, '保存成功');
  });
  http.route('GET', '/api/User/GetSettings', (call) => (loggedIn(call) ? ok(state.settings) : fail(201, '请先登录')));
  http.route('POST', '/api/User/UpdateSettings', (call) => {
    if (!loggedIn(call)) return fail(201, '请先登录');
    for (const name of SETTING_NAMES) {
      const value = (call.body as Record<string, string>)[name];
      if (value !== undefined) state.settings[name] = value === '1';
    }
    return ok(state.settings, '设置已保存');
  });
  http.route('GET', '/api/SignIn/GetSignInInfo', (call) => (loggedIn(call) ? ok(status()) : fail(201, '请先登录')));
  http.route('POST', '/api/SignIn/SignIn', (call) => {
    if (!loggedIn(call)) return fail(201, '请先登录');
    const today = dayNumber(clock.now());
    const streak = nextStreak(state.last, today);
    if (streak === null) return fail(1050, '今天已经签到过了，明天再来吧');
    const reward = rewardFor(streak);
    state.last = { day: today, streak };
    state.gold += reward;
    return ok({ ...status(), reward }, `签到成功，获得${reward}金币`);
  });
  return state;
}
