import { describe, expect, it } from 'vitest';
import type { SignInInfo } from '../../src/core/account/account-protocol.ts';
import { levelFor } from '../../src/core/shared-kernel/levels.ts';
import { Ret } from '../../server/http/ret.ts';
import { DEMO_AVATAR_URLS } from '../../server/media/demo-images.ts';
import { DAY, FakeClock, MINUTE, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

// 2030-01-15 12:00 in China (04:00 UTC).
const clock = new FakeClock();

const server = useServerFixture({ clock });

interface ProfileUser extends TestUser {
  gender: number | null;
  introduction: string;
  level: number;
  gold: number;
}

/** UpdateUserInfo as the app sends it (spec): a POST with every parameter in the query string and no body. */
async function update(user: TestUser, fields: Record<string, string>): Promise<{ body: { ret: number; msg: string; data: ProfileUser } }> {
  const query = new URLSearchParams({ System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: '0', ...tokenParams(user.token), ...fields });
  const response = await server.app.inject({ method: 'POST', url: `/api/User/UpdateUserInfo?${query}` });
  expect(response.statusCode).toBe(200);
  return { body: response.json() };
}

describe('POST /api/User/UpdateUserInfo', () => {
  it('new users have no gender, no introduction, level 1 and no gold', async () => {
    const user = (await server.registerUser()) as ProfileUser;
    expect(user).toMatchObject({ gender: null, introduction: '', level: 1, gold: 0 });
  });

  it('saves nickname, gender, introduction and a demo avatar, answering the user', async () => {
    const user = await server.registerUser();
    const avatar = DEMO_AVATAR_URLS[1] ?? '';
    const { body } = await update(user, { nickName: '  新名字😀 ', gender: '0', introduction: ' 喜欢看电影\n也喜欢动漫 ', avatar });
    expect(body).toMatchObject({ ret: Ret.Ok, msg: '保存成功' });
    expect(body.data).toMatchObject({ nickName: '新名字😀', gender: 0, introduction: '喜欢看电影\n也喜欢动漫', avatar });
    expect(body.data.token).toEqual(user.token);
    const fresh = await server.post<ProfileUser>('/api/User/GetUserInfo', tokenParams(user.token));
    expect(fresh.body.data).toMatchObject({ nickName: '新名字😀', gender: 0, avatar });
    // Only the fields given change.
    const second = await update(user, { gender: '1' });
    expect(second.body.data).toMatchObject({ nickName: '新名字😀', gender: 1, introduction: '喜欢看电影\n也喜欢动漫' });
  });

  it('counts the introduction in characters (100 emoji fit, 101 do not) and may clear it', async () => {
    const user = await server.registerUser();
    expect((await update(user, { introduction: '😀'.repeat(100) })).body.ret).toBe(Ret.Ok);
    expect((await update(user, { introduction: '字'.repeat(101) })).body).toEqual({ ret: Ret.BadParam, msg: '个人简介最多100个字', data: null });
    const cleared = await server.post<ProfileUser>('/api/User/UpdateUserInfo', { ...tokenParams(user.token), introduction: '' });
    expect(cleared.body.data.introduction).toBe('');
  });

  it.each([
    [{ nickName: '   ' }, '昵称为1-16个字符且不含控制字符'],
    [{ nickName: 'a'.repeat(17) }, '昵称为1-16个字符且不含控制字符'],
    [{ nickName: 'a\u0007b' }, '昵称为1-16个字符且不含控制字符'],
    [{ gender: '2' }, '性别只能为0（女）或1（男）'],
    [{ gender: 'male' }, '性别只能为0（女）或1（男）'],
    [{ avatar: 'https://evil.example/a.png' }, '请选择提供的头像'],
  ])('refuses %j', async (fields, msg) => {
    const user = await server.registerUser({ nickName: '原名' });
    const { body } = await update(user, fields);
    expect(body).toEqual({ ret: Ret.BadParam, msg, data: null });
    const fresh = await server.post<ProfileUser>('/api/User/GetUserInfo', tokenParams(user.token));
    expect(fresh.body.data).toMatchObject({ nickName: '原名', gender: null });
  });

  it('takes its params in the query of a body-less POST (the app) and still in a form body (older clients)', async () => {
    const user = await server.registerUser();
    expect((await update(user, { nickName: '查询参数' })).body).toMatchObject({ ret: Ret.Ok, data: { nickName: '查询参数' } });
    const form = await server.post<ProfileUser>('/api/User/UpdateUserInfo', { ...tokenParams(user.token), nickName: '表单参数' });
    expect(form.body).toMatchObject({ ret: Ret.Ok, data: { nickName: '表单参数' } });
  });

  it('needs at least one field and a login', async () => {
    const user = await server.registerUser();
    expect((await update(user, {})).body.ret).toBe(Ret.MissingParam);
    expect((await server.post('/api/User/UpdateUserInfo', { nickName: '访客' })).body).toMatchObject({ ret: Ret.SessionInvalid, msg: '请先登录' });
  });
});

describe('settings', () => {
  it('answers the defaults, saves one change and keeps the others', async () => {
    const user = await server.registerUser();
    const defaults = await server.get('/api/User/GetSettings', tokenParams(user.token));
    expect(defaults.body).toEqual({
      ret: Ret.Ok,
      msg: '成功',
      data: { enableNotify: true, onlyReceiveFriendMessage: false, autoPlayWhenWWAN: false, danmuOpen: true },
    });
    const saved = await server.post('/api/User/UpdateSettings', { ...tokenParams(user.token), danmuOpen: '0' });
    expect(saved.body).toMatchObject({ ret: Ret.Ok, data: { enableNotify: true, danmuOpen: false } });
    await server.post('/api/User/UpdateSettings', { ...tokenParams(user.token), autoPlayWhenWWAN: 'true' });
    const after = await server.get('/api/User/GetSettings', tokenParams(user.token));
    expect(after.body.data).toEqual({ enableNotify: true, onlyReceiveFriendMessage: false, autoPlayWhenWWAN: true, danmuOpen: false });
    // Another user keeps the defaults.
    const other = await server.registerUser();
    expect((await server.get('/api/User/GetSettings', tokenParams(other.token))).body.data).toMatchObject({ danmuOpen: true });
  });

  it('refuses a bad value or no setting, and visitors', async () => {
    const user = await server.registerUser();
    expect((await server.post('/api/User/UpdateSettings', { ...tokenParams(user.token), enableNotify: 'yes' })).body).toEqual({
      ret: Ret.BadParam, msg: '参数格式错误：enableNotify', data: null,
    });
    expect((await server.post('/api/User/UpdateSettings', tokenParams(user.token))).body.ret).toBe(Ret.MissingParam);
    expect((await server.get('/api/User/GetSettings')).body.ret).toBe(Ret.SessionInvalid);
  });
});

describe('daily sign-in', () => {
  const signIn = (user: TestUser) => server.post<SignInInfo & { reward: number }>('/api/SignIn/SignIn', tokenParams(user.token));
  const info = (user: TestUser) => server.get<SignInInfo>('/api/SignIn/GetSignInInfo', tokenParams(user.token));

  it('signs in once a China day, the reward rising with the streak and resetting after a missed day', async () => {
    const user = await server.registerUser();
    const before = await info(user);
    expect(before.body.data).toMatchObject({ signedToday: false, streak: 0, todayReward: 5, gold: 0 });
    expect(before.body.data.calendar.map((day) => day.reward)).toEqual([5, 10, 15, 20, 25, 30, 50]);

    const first = await signIn(user);
    expect(first.body).toMatchObject({ ret: Ret.Ok, msg: '签到成功，获得5金币', data: { streak: 1, reward: 5, gold: 5 } });
    const again = await signIn(user);
    expect(again.body).toEqual({ ret: Ret.AlreadySignedIn, msg: '今天已经签到过了，明天再来吧', data: null });
    expect((await info(user)).body.data).toMatchObject({ signedToday: true, streak: 1, todayReward: 5, gold: 5 });

    // 2030-01-15 23:59 China is still the same day; 00:00 the 16th is the next one.
    clock.advance(12 * 60 * MINUTE - MINUTE);
    expect((await signIn(user)).body.ret).toBe(Ret.AlreadySignedIn);
    clock.advance(MINUTE);
    expect((await signIn(user)).body.data).toMatchObject({ streak: 2, reward: 10, gold: 15 });

    // Skip the 17th: the streak starts again on the 18th.
    clock.advance(2 * DAY);
    expect((await info(user)).body.data).toMatchObject({ signedToday: false, streak: 0, todayReward: 5 });
    expect((await signIn(user)).body.data).toMatchObject({ streak: 1, reward: 5, gold: 20 });

    const profile = await server.post<ProfileUser>('/api/User/GetUserInfo', tokenParams(user.token));
    expect(profile.body.data).toMatchObject({ gold: 20, level: levelFor(30) });
    expect(profile.body.data.level).toBe(2);
  });

  it('needs a login', async () => {
    expect((await server.post('/api/SignIn/SignIn')).body.ret).toBe(Ret.SessionInvalid);
    expect((await server.get('/api/SignIn/GetSignInInfo')).body.ret).toBe(Ret.SessionInvalid);
  });
});
