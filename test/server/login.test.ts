import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordHasher, legacyScryptHash } from '../../server/auth/password.ts';
import { seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { RedisRateLimitStore } from '../../server/rate-limit/redis-rate-limit-store.ts';
import { FakeClock, MINUTE, TEST_ARGON2, REDIS_URL, TEST_SCRYPT, get, post, uniqueIp, uniqueName } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seed(db, { passwords: new PasswordHasher(TEST_ARGON2), clock });
  },
});

const register = (fields: Record<string, string>, ip = uniqueIp()) =>
  server.post<TestUser>('/api/Login/Register', fields, { ip });
const login = (fields: Record<string, string>, ip = uniqueIp()) => server.post<TestUser>('/api/Login/Login', fields, { ip });
const newCaptcha = async (ip = uniqueIp()) => {
  const { body } = await server.get<{ id: string; image: string }>('/api/Captcha/Get', {}, { ip });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
/** What the picture shows (a person reads it; the test reads the database). */
const captchaAnswer = async (id: string) =>
  (await server.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [id]))[0]?.answer ?? '';

describe('POST /api/Login/Register', () => {
  it('creates the account and answers the user, logged in', async () => {
    const userName = uniqueName('New_');
    const { status, body } = await register({ userName, password: 'blue-kite-88', nickName: '  小明  ' });
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

    const validated = await server.post<TestUser>('/api/Login/Validates', {
      token: user.token.token, sign: user.token.sign, expire: String(user.token.expire), login_uid: String(user.id),
    });
    expect(validated.body.ret).toBe(Ret.Ok);
  });

  it('uses the account name as nick name when none (or a blank one) is given', async () => {
    const userName = uniqueName('nick');
    expect((await register({ userName, password: 'blue-kite-88' })).body.data.nickName).toBe(userName);
    const other = uniqueName('nick');
    expect((await register({ userName: other, password: 'blue-kite-88', nickName: '   ' })).body.data.nickName).toBe(other);
  });

  it('accepts a JSON body and params in the query string', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Register',
      payload: { userName: uniqueName('json'), password: 'blue-kite-88' },
      remoteAddress: uniqueIp(),
    });
    expect(json.json()).toMatchObject({ ret: Ret.Ok });
    const query = await server.app.inject({
      method: 'POST',
      url: `/api/Login/Register?userName=${uniqueName('query')}&password=blue-kite-88`,
      remoteAddress: uniqueIp(),
    });
    expect(query.json()).toMatchObject({ ret: Ret.Ok });
  });

  it('lets the body win over the query string', async () => {
    const bodyName = uniqueName('body');
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/Login/Register?userName=${uniqueName('query')}&password=blue-kite-88`,
      payload: `userName=${bodyName}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    });
    expect(response.json()).toMatchObject({ ret: Ret.Ok, data: { userNameRaw: bodyName } });
  });

  it('refuses a taken account name, whatever its case', async () => {
    const userName = uniqueName('Taken');
    expect((await register({ userName, password: 'blue-kite-88' })).body.ret).toBe(Ret.Ok);
    const again = await register({ userName: userName.toUpperCase(), password: 'other1234' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ret: Ret.UserNameTaken, msg: '该账号已被注册', data: null });
    expect((await register({ userName: 'DEMO', password: 'blue-kite-88' })).body.ret).toBe(Ret.UserNameTaken);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(21)],
    ['a hyphen', 'ab-cd'],
    ['a space', 'ab cd'],
    ['Chinese characters', '用户名字'],
  ])('refuses an account name with %s', async (_label, userName) => {
    const { status, body } = await register({ userName, password: 'blue-kite-88' });
    expect(status).toBe(200);
    expect(body).toEqual({ ret: Ret.BadParam, msg: '账号为4-20位字母、数字或下划线', data: null });
  });

  it.each([
    ['7 characters', 'abcd-12', '密码至少8位'],
    ['7 characters, counted as a person counts them', '密码😀😀😀12', '密码至少8位'],
    ['129 characters', 'x'.repeat(129), '密码最多128位'],
    ['a common password', 'password', '该密码过于常见，容易被猜到，请换一个'],
    ['a common password in another case', 'QWERTYUIOP', '该密码过于常见，容易被猜到，请换一个'],
    ['a common password of digits', '12345678', '该密码过于常见，容易被猜到，请换一个'],
  ])('refuses a password of %s', async (_label, password, msg) => {
    const { body } = await register({ userName: uniqueName('pw'), password });
    expect(body).toEqual({ ret: Ret.BadParam, msg, data: null });
  });

  it('accepts passwords of 8 and 128 characters, with spaces, and account names of 4 and 20', async () => {
    expect((await register({ userName: 'w4_x', password: 'abcd-123' })).body.ret).toBe(Ret.Ok);
    expect((await register({ userName: 'twenty_characters_20', password: 'p'.repeat(128) })).body.ret).toBe(Ret.Ok);
    const spaced = uniqueName('sp');
    expect((await register({ userName: spaced, password: ' correct horse battery staple ' })).body.ret).toBe(Ret.Ok);
    expect((await login({ userName: spaced, password: ' correct horse battery staple ' })).body.ret).toBe(Ret.Ok);
    expect((await login({ userName: spaced, password: 'correct horse battery staple' })).body.ret).toBe(Ret.BadCredentials);
  });

  it('stores the new password as argon2id', async () => {
    const userName = uniqueName('hash');
    await register({ userName, password: 'blue-kite-88' });
    const [row] = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE user_name = $1', [userName]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('refuses a nick name over 16 characters', async () => {
    const { body } = await register({ userName: uniqueName('nk'), password: 'blue-kite-88', nickName: '长'.repeat(17) });
    expect(body.ret).toBe(Ret.BadParam);
    expect(body.msg).toBe('昵称为1-16个字符且不含控制字符');
    const sixteen = await register({ userName: uniqueName('nk'), password: 'blue-kite-88', nickName: '长'.repeat(16) });
    expect(sixteen.body.data.nickName).toBe('长'.repeat(16));
  });

  it('names the missing parameter', async () => {
    expect((await register({ password: 'blue-kite-88' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：userName', data: null });
    expect((await register({ userName: uniqueName('mp') })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：password', data: null });
    expect((await register({ userName: '', password: 'blue-kite-88' })).body.ret).toBe(Ret.MissingParam);
  });

  it('refuses a parameter given twice', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Register',
      payload: 'userName=abcd1&userName=abcd2&password=blue-kite-88',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    });
    expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：userName', data: null });
  });

  it('allows 10 registrations per address per hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect((await register({ userName: uniqueName('rl'), password: 'blue-kite-88' }, ip)).body.ret).toBe(Ret.Ok);
    }
    expect((await register({ userName: uniqueName('rl'), password: 'blue-kite-88' }, ip)).body)
      .toEqual({ ret: Ret.TooManyAttempts, msg: '注册过于频繁，请稍后再试', data: null });
    expect((await register({ userName: uniqueName('rl'), password: 'blue-kite-88' })).body.ret).toBe(Ret.Ok);
    clock.advance(60 * MINUTE);
    expect((await register({ userName: uniqueName('rl'), password: 'blue-kite-88' }, ip)).body.ret).toBe(Ret.Ok);
  });

  it('holds the 10 registrations per address under 30 parallel requests', async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => register({ userName: uniqueName('pr'), password: 'blue-kite-88' }, ip)));
    const rets = answers.map(({ body }) => body.ret);
    expect(rets.filter((ret) => ret === Ret.Ok)).toHaveLength(10);
    expect(rets.filter((ret) => ret === Ret.TooManyAttempts)).toHaveLength(20);
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
    const registered = (await register({ userName, password: 'blue-kite-88' })).body.data;
    const first = (await login({ userName, password: 'blue-kite-88' })).body.data;
    const second = (await login({ userName, password: 'blue-kite-88' })).body.data;
    expect(new Set([registered.token.token, first.token.token, second.token.token]).size).toBe(3);
    expect(first.id).toBe(registered.id);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const userName = uniqueName('wrong');
    await register({ userName, password: 'blue-kite-88' });
    const wrong = await login({ userName, password: 'pass12345' });
    const unknown = await login({ userName: uniqueName('nobody'), password: 'blue-kite-88' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ ret: Ret.BadCredentials, msg: '账号或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a name no account can have like any unknown account', async () => {
    expect((await login({ userName: 'no such name!', password: 'blue-kite-88' })).body)
      .toEqual({ ret: Ret.BadCredentials, msg: '账号或密码错误', data: null });
  });

  it('names a missing parameter', async () => {
    expect((await login({ userName: 'demo' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：password', data: null });
    expect((await login({ password: 'x' })).body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：userName', data: null });
  });

  it('asks for an image captcha after 3 failures for an account in 15 minutes, instead of locking it', async () => {
    const userName = uniqueName('limit');
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 3; i++) {
      expect((await login({ userName, password: `wrong${i}xx` })).body.ret).toBe(Ret.BadCredentials);
    }
    const asked = await login({ userName: userName.toUpperCase(), password: 'blue-kite-88' });
    expect(asked.body).toEqual({ ret: Ret.CaptchaRequired, msg: '请输入图形验证码', data: null });
    // An unknown (but possible) name answers alike, so the captcha tells nothing about which accounts exist.
    const nobody = uniqueName('nobody');
    for (let i = 0; i < 3; i++) await login({ userName: nobody, password: 'wrong-pass' });
    expect((await login({ userName: nobody, password: 'wrong-pass' })).body.ret).toBe(Ret.CaptchaRequired);
    expect((await login({ userName: 'demo', password: 'demo123456' })).body.ret).toBe(Ret.Ok);

    clock.advance(15 * MINUTE);
    expect((await login({ userName, password: 'blue-kite-88' })).body.ret).toBe(Ret.Ok);
  });

  it('a right password clears the account\'s count and gives the address its attempt back', async () => {
    const userName = uniqueName('okcount');
    const ip = uniqueIp();
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 2; i++) await login({ userName, password: 'wrong-pass' }, ip);
    for (let i = 0; i < 25; i++) expect((await login({ userName, password: 'blue-kite-88' }, ip)).body.ret).toBe(Ret.Ok);
    for (let i = 0; i < 3; i++) expect((await login({ userName, password: 'wrong-pass' }, ip)).body.ret).toBe(Ret.BadCredentials);
    expect((await login({ userName, password: 'blue-kite-88' }, ip)).body.ret).toBe(Ret.CaptchaRequired);
    clock.advance(15 * MINUTE);
  });

  it('lets the owner in with a captcha after a stranger\'s many failures', async () => {
    const userName = uniqueName('owner');
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 12; i++) await login({ userName, password: `guess-${i}` });
    expect((await login({ userName, password: 'blue-kite-88' })).body.ret).toBe(Ret.CaptchaRequired);

    const ownerIp = uniqueIp();
    const captcha = await newCaptcha(ownerIp);
    const answer = await captchaAnswer(captcha.id);
    const inside = await login({ userName, password: 'blue-kite-88', captchaId: captcha.id, captchaCode: ` ${answer.toLowerCase()} ` }, ownerIp);
    expect(inside.body).toMatchObject({ ret: Ret.Ok, data: { userNameRaw: userName } });

    // The owner is in, so the account starts afresh: the next login needs no captcha.
    expect((await login({ userName, password: 'blue-kite-88' }, ownerIp)).body.ret).toBe(Ret.Ok);
    // The stranger is back to 3 checks before the captcha, and a captcha answers once.
    for (let i = 0; i < 3; i++) await login({ userName, password: `guess-again-${i}` });
    const again = await login({ userName, password: 'blue-kite-88', captchaId: captcha.id, captchaCode: answer }, ownerIp);
    expect(again.body).toEqual({ ret: Ret.CaptchaWrong, msg: '验证码错误或已失效，请重新输入', data: null });
  });

  it('refuses a wrong captcha without checking the password, and uses the captcha up', async () => {
    const userName = uniqueName('wrongcap');
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 3; i++) await login({ userName, password: 'wrong-pass' });
    const captcha = await newCaptcha();
    const answer = await captchaAnswer(captcha.id);
    const checks = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const wrong = await login({ userName, password: 'blue-kite-88', captchaId: captcha.id, captchaCode: 'XXXXX' });
      expect(wrong.body.ret).toBe(Ret.CaptchaWrong);
      expect(checks).not.toHaveBeenCalled();
      // The right answer after a wrong one is too late: one picture, one guess.
      const late = await login({ userName, password: 'blue-kite-88', captchaId: captcha.id, captchaCode: answer });
      expect(late.body.ret).toBe(Ret.CaptchaWrong);
      expect((await login({ userName, password: 'blue-kite-88', captchaId: 'no-such-captcha', captchaCode: answer })).body.ret).toBe(Ret.CaptchaWrong);
      expect(checks).not.toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
  });

  it('refuses an expired captcha', async () => {
    const userName = uniqueName('expired');
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 3; i++) await login({ userName, password: 'wrong-pass' });
    const captcha = await newCaptcha();
    const answer = await captchaAnswer(captcha.id);
    clock.advance(5 * MINUTE);
    expect((await login({ userName, password: 'blue-kite-88', captchaId: captcha.id, captchaCode: answer })).body.ret).toBe(Ret.CaptchaWrong);
    clock.advance(15 * MINUTE);
  });

  it('a wrong password with a right captcha still fails, and the next try needs a new captcha', async () => {
    const userName = uniqueName('capfail');
    await register({ userName, password: 'blue-kite-88' });
    for (let i = 0; i < 3; i++) await login({ userName, password: 'wrong-pass' });
    const first = await newCaptcha();
    expect((await login({ userName, password: 'wrong-again', captchaId: first.id, captchaCode: await captchaAnswer(first.id) })).body.ret)
      .toBe(Ret.BadCredentials);
    expect((await login({ userName, password: 'blue-kite-88' })).body.ret).toBe(Ret.CaptchaRequired);
    const second = await newCaptcha();
    expect((await login({ userName, password: 'blue-kite-88', captchaId: second.id, captchaCode: await captchaAnswer(second.id) })).body.ret)
      .toBe(Ret.Ok);
  });

  it('checks at most 3 passwords of 50 parallel wrong guesses for one account', async () => {
    const userName = uniqueName('parallel');
    await register({ userName, password: 'blue-kite-88' });
    const checks = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      // From 50 addresses, as a spread-out attacker would: only the account's limit applies.
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login({ userName, password: `guess-${i}` })));
      expect(checks).toHaveBeenCalledTimes(3);
      expect(answers.filter((a) => a.body.ret === Ret.BadCredentials)).toHaveLength(3);
      expect(answers.filter((a) => a.body.ret === Ret.CaptchaRequired)).toHaveLength(47);
    } finally {
      checks.mockRestore();
    }
    clock.advance(15 * MINUTE);
  });

  it('checks at most 20 passwords of 50 parallel guesses from one address', async () => {
    const ip = uniqueIp();
    const checks = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login({ userName: uniqueName('spray'), password: `guess-${i}` }, ip)));
      expect(checks.mock.calls.length).toBeLessThanOrEqual(20);
      expect(checks.mock.calls.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.body.ret === Ret.BadCredentials)).toHaveLength(checks.mock.calls.length);
    } finally {
      checks.mockRestore();
    }
    clock.advance(15 * MINUTE);
  });

  it('upgrades an old scrypt hash to argon2id at the next successful login', async () => {
    const userName = uniqueName('oldhash');
    await register({ userName, password: 'old-secret-1' });
    const old = await legacyScryptHash('short1', TEST_SCRYPT);
    await server.db.query('UPDATE users SET password_hash = $1 WHERE user_name = $2', [old, userName]);
    const storedHash = async () =>
      (await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE user_name = $1', [userName]))[0]?.password_hash;

    // A password set before the rules (6 characters) still logs in: the rules apply when a password is set.
    expect((await login({ userName, password: 'wrong1' })).body.ret).toBe(Ret.BadCredentials);
    expect(await storedHash()).toBe(old);
    expect((await login({ userName, password: 'short1' })).body.ret).toBe(Ret.Ok);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect((await login({ userName, password: 'short1' })).body.ret).toBe(Ret.Ok);
    expect(await storedHash()).toBe(upgraded);
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

describe.runIf(REDIS_URL !== undefined)('login limits on Redis (REDIS_URL), shared by two server processes', () => {
  const prefix = `qiyu-test:${randomBytes(6).toString('hex')}:`;
  const stores: RedisRateLimitStore[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const store = RedisRateLimitStore.connect(REDIS_URL ?? '', { prefix });
      stores.push(store);
      apps.push(await server.startApp({ rateLimitStore: store }));
    }
  });

  afterAll(async () => {
    for (const one of apps) await one.close();
    const redis = new Redis(REDIS_URL ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    for (const store of stores) await store.close();
  });

  it('checks at most 3 passwords of 50 parallel wrong guesses spread over both processes', async () => {
    const userName = uniqueName('redis');
    await register({ userName, password: 'blue-kite-88' });
    const checks = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        post<TestUser>(apps[i % 2] ?? server.app, '/api/Login/Login', { userName, password: `guess-${i}` }, { ip: uniqueIp() })));
      expect(checks).toHaveBeenCalledTimes(3);
      expect(answers.filter((a) => a.body.ret === Ret.CaptchaRequired)).toHaveLength(47);
    } finally {
      checks.mockRestore();
    }
    // The other process agrees, and the owner's captcha (made by one process) works at the other.
    const owner = await post<TestUser>(apps[0] ?? server.app, '/api/Login/Login', { userName, password: 'blue-kite-88' }, { ip: uniqueIp() });
    expect(owner.body.ret).toBe(Ret.CaptchaRequired);
    const { body } = await get<{ id: string }>(apps[1] ?? server.app, '/api/Captcha/Get', {}, { ip: uniqueIp() });
    const fields = { userName, password: 'blue-kite-88', captchaId: body.data.id, captchaCode: await captchaAnswer(body.data.id) };
    expect((await post<TestUser>(apps[0] ?? server.app, '/api/Login/Login', fields, { ip: uniqueIp() })).body.ret).toBe(Ret.Ok);
    clock.advance(15 * MINUTE);
  });
});
