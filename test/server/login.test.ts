import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { FakeClock, MINUTE, TEST_ARGON2, createTestDatabase, post, testConfig, uniqueIp, uniqueName } from './support.ts';
import type { TestUser } from './support.ts';

let db: Database;
let app: FastifyInstance;
const clock = new FakeClock();

beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db, { passwords: new PasswordHasher(TEST_ARGON2), clock });
  app = await createApp({ db, config: testConfig(), clock, logger: false });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

const register = (fields: Record<string, string>, ip = uniqueIp()) =>
  post<TestUser>(app, '/api/Login/Register', fields, { ip });
const login = (fields: Record<string, string>, ip = uniqueIp()) => post<TestUser>(app, '/api/Login/Login', fields, { ip });

describe('POST /api/Login/Register', () => {
  it('creates the account and answers the user, logged in', async () => {
    const userName = uniqueName('New_');
    const { status, body } = await register({ userName, password: 'pass1234', nickName: '  小明  ' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ret: Ret.Ok, msg: '注册成功' });
    const user = body.data;
    expect(user).toMatchObject({
      uid: user.id,
      userNameRaw: userName,
      nickName: '小明',
      avatar: '/assets/avatar-default.svg',
      vipLevel: 0,
      vipCategoryId: 0,
      vipTypeName: '',
      eDate: '',
      email: '',
      phone: '',
      AreaCode: '',
      region: '',
      newWorks: false,
      totalMsgCount: 0,
    });
    expect(user.token.uid).toBe(user.id);
    expect(user.token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.token.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(user.token.expire).toBe(Math.floor(clock.now() / 1000) + 30 * 24 * 3600);

    const validated = await post<TestUser>(app, '/api/Login/Validates', {
      token: user.token.token, sign: user.token.sign, expire: String(user.token.expire), login_uid: String(user.id),
    });
    expect(validated.body.ret).toBe(Ret.Ok);
  });

  it('uses the account name as nick name when none (or a blank one) is given', async () => {
    const userName = uniqueName('nick');
    expect((await register({ userName, password: 'pass1234' })).body.data.nickName).toBe(userName);
    const other = uniqueName('nick');
    expect((await register({ userName: other, password: 'pass1234', nickName: '   ' })).body.data.nickName).toBe(other);
  });

  it('accepts a JSON body and params in the query string', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/Login/Register',
      payload: { userName: uniqueName('json'), password: 'pass1234' },
      remoteAddress: uniqueIp(),
    });
    expect(json.json()).toMatchObject({ ret: Ret.Ok });
    const query = await app.inject({
      method: 'POST',
      url: `/api/Login/Register?userName=${uniqueName('query')}&password=pass1234`,
      remoteAddress: uniqueIp(),
    });
    expect(query.json()).toMatchObject({ ret: Ret.Ok });
  });

  it('lets the body win over the query string', async () => {
    const bodyName = uniqueName('body');
    const response = await app.inject({
      method: 'POST',
      url: `/api/Login/Register?userName=${uniqueName('query')}&password=pass1234`,
      payload: `userName=${bodyName}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    });
    expect(response.json()).toMatchObject({ ret: Ret.Ok, data: { userNameRaw: bodyName } });
  });

  it('refuses a taken account name, whatever its case', async () => {
    const userName = uniqueName('Taken');
    expect((await register({ userName, password: 'pass1234' })).body.ret).toBe(Ret.Ok);
    const again = await register({ userName: userName.toUpperCase(), password: 'other1234' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ret: Ret.UserNameTaken, msg: '该账号已被注册', data: null });
    expect((await register({ userName: 'DEMO', password: 'pass1234' })).body.ret).toBe(Ret.UserNameTaken);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(21)],
    ['a hyphen', 'ab-cd'],
    ['a space', 'ab cd'],
    ['Chinese characters', '用户名字'],
  ])('refuses an account name with %s', async (_label, userName) => {
    const { status, body } = await register({ userName, password: 'pass1234' });
    expect(status).toBe(200);
    expect(body).toEqual({ ret: Ret.BadParam, msg: '账号为4-20位字母、数字或下划线', data: null });
  });

  it.each([
    ['too short', '12345'],
    ['too long', 'x'.repeat(21)],
    ['a space', 'pass word'],
    ['a tab', 'pass\tword'],
  ])('refuses a password with %s', async (_label, password) => {
    const { body } = await register({ userName: uniqueName('pw'), password });
    expect(body).toEqual({ ret: Ret.BadParam, msg: '密码为6-20位且不含空格', data: null });
  });

  it('accepts passwords of exactly 6 and 20 characters and account names of 4 and 20', async () => {
    expect((await register({ userName: 'w4_x', password: '123456' })).body.ret).toBe(Ret.Ok);
    expect((await register({ userName: 'twenty_characters_20', password: 'p'.repeat(20) })).body.ret).toBe(Ret.Ok);
  });

  it('refuses a nick name over 16 characters', async () => {
    const { body } = await register({ userName: uniqueName('nk'), password: 'pass1234', nickName: '长'.repeat(17) });
    expect(body.ret).toBe(Ret.BadParam);
    expect(body.msg).toBe('昵称为1-16个字符且不含控制字符');
    const sixteen = await register({ userName: uniqueName('nk'), password: 'pass1234', nickName: '长'.repeat(16) });
    expect(sixteen.body.data.nickName).toBe('长'.repeat(16));
  });

  it('names the missing parameter', async () => {
    expect((await register({ password: 'pass1234' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：userName', data: null });
    expect((await register({ userName: uniqueName('mp') })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：password', data: null });
    expect((await register({ userName: '', password: 'pass1234' })).body.ret).toBe(Ret.MissingParam);
  });

  it('refuses a parameter given twice', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Login/Register',
      payload: 'userName=abcd1&userName=abcd2&password=pass1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    });
    expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：userName', data: null });
  });

  it('allows 10 registrations per address per hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect((await register({ userName: uniqueName('rl'), password: 'pass1234' }, ip)).body.ret).toBe(Ret.Ok);
    }
    expect((await register({ userName: uniqueName('rl'), password: 'pass1234' }, ip)).body)
      .toEqual({ ret: Ret.TooManyAttempts, msg: '注册过于频繁，请稍后再试', data: null });
    expect((await register({ userName: uniqueName('rl'), password: 'pass1234' })).body.ret).toBe(Ret.Ok);
    clock.advance(60 * MINUTE);
    expect((await register({ userName: uniqueName('rl'), password: 'pass1234' }, ip)).body.ret).toBe(Ret.Ok);
  });
});

describe('POST /api/Login/Login', () => {
  it('logs the demo account in, whatever the case of its name', async () => {
    const { status, body } = await login({ userName: 'Demo', password: 'demo123456' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ret: Ret.Ok,
      msg: '登录成功',
      data: { userNameRaw: 'demo', nickName: '演示用户', vipLevel: 1, vipCategoryId: 1, vipTypeName: 'VIP会员', region: 'CN' },
    });
    expect(body.data.eDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives a new token on every login', async () => {
    const userName = uniqueName('tok');
    const registered = (await register({ userName, password: 'pass1234' })).body.data;
    const first = (await login({ userName, password: 'pass1234' })).body.data;
    const second = (await login({ userName, password: 'pass1234' })).body.data;
    expect(new Set([registered.token.token, first.token.token, second.token.token]).size).toBe(3);
    expect(first.id).toBe(registered.id);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const userName = uniqueName('wrong');
    await register({ userName, password: 'pass1234' });
    const wrong = await login({ userName, password: 'pass12345' });
    const unknown = await login({ userName: uniqueName('nobody'), password: 'pass1234' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ ret: Ret.BadCredentials, msg: '账号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a name no account can have like any unknown account', async () => {
    expect((await login({ userName: 'no such name!', password: 'pass1234' })).body)
      .toEqual({ ret: Ret.BadCredentials, msg: '账号或密码错误', data: null });
  });

  it('names a missing parameter', async () => {
    expect((await login({ userName: 'demo' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：password', data: null });
    expect((await login({ password: 'x' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：userName', data: null });
  });

  it('refuses an account after 5 failed attempts in 15 minutes, even with the right password', async () => {
    const userName = uniqueName('limit');
    await register({ userName, password: 'pass1234' });
    for (let i = 0; i < 5; i++) {
      expect((await login({ userName, password: `wrong${i}xx` })).body.ret).toBe(Ret.BadCredentials);
    }
    const blocked = await login({ userName: userName.toUpperCase(), password: 'pass1234' });
    expect(blocked.body).toEqual({ ret: Ret.TooManyAttempts, msg: '登录尝试过于频繁，请稍后再试', data: null });
    expect((await login({ userName: 'demo', password: 'demo123456' })).body.ret).toBe(Ret.Ok);

    clock.advance(15 * MINUTE);
    expect((await login({ userName, password: 'pass1234' })).body.ret).toBe(Ret.Ok);
  });

  it('does not count successful logins', async () => {
    const userName = uniqueName('okcount');
    await register({ userName, password: 'pass1234' });
    for (let i = 0; i < 4; i++) await login({ userName, password: 'wrong-pass' });
    for (let i = 0; i < 5; i++) expect((await login({ userName, password: 'pass1234' })).body.ret).toBe(Ret.Ok);
    expect((await login({ userName, password: 'wrong-pass' })).body.ret).toBe(Ret.BadCredentials);
    expect((await login({ userName, password: 'pass1234' })).body.ret).toBe(Ret.TooManyAttempts);
    clock.advance(15 * MINUTE);
  });

  it('refuses an address after 20 failed attempts in 15 minutes', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await login({ userName: uniqueName('spray'), password: 'wrong-pass' }, ip)).body.ret).toBe(Ret.BadCredentials);
    }
    expect((await login({ userName: 'demo', password: 'demo123456' }, ip)).body.ret).toBe(Ret.TooManyAttempts);
    expect((await login({ userName: 'demo', password: 'demo123456' })).body.ret).toBe(Ret.Ok);
    clock.advance(15 * MINUTE);
    expect((await login({ userName: 'demo', password: 'demo123456' }, ip)).body.ret).toBe(Ret.Ok);
  });
});
