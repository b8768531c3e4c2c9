import { describe, expect, it } from 'vitest';
import { FakeClock as FakeAppClock } from '../../adapters/clock/fake-clock.ts';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { installFakeLoginApi } from '../../adapters/http/fake-login-api.ts';
import { SessionCalls } from '../../src/core/session/session-protocol.ts';
import { CaptchaCalls, type CaptchaChallenge } from '../../src/core/shared-kernel/captcha-protocol.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { uniqueIp } from '../server/support.ts';
import { protocolContract, sendToFake, type Send } from './protocol-contract.ts';

/**
 * The session's calls (src/core/session/session-protocol.ts) and the captcha (captcha-protocol.ts) as the app sends
 * them, answered by the fake the app's tests use (adapters/http/fake-login-api.ts) and by the reference server (in
 * process, on its test database, each call from its own address): both must answer alike.
 */
interface SessionWorld {
  send: Send;
  /** What a captcha's picture shows (a person reads it; the test asks the world). */
  captchaAnswer(id: string): Promise<string>;
}

/** The token fields a signed-in app sends. */
const tokenFields = (user: UserAnswer): Record<string, string> => ({
  token: user.token.token,
  sign: user.token.sign,
  expire: String(user.token.expire),
  login_uid: String(user.token.uid),
  uid: String(user.token.uid),
});

const USER_FIELDS = [
  'AreaCode', 'avatar', 'eDate', 'email', 'experience', 'gender', 'gold', 'id', 'introduction', 'level', 'newWorks', 'nickName', 'phone',
  'region', 'token', 'totalMsgCount', 'uid', 'userNameRaw', 'vipCategoryId', 'vipLevel', 'vipTypeName',
];
const INVALID = { ret: 201, msg: '登录已失效，请重新登录', data: null };
const VISITOR = { ret: 201, msg: '请先登录', data: null };

protocolContract<SessionWorld>('session protocol', {
  fake: ({ http, send }) => {
    const state = installFakeLoginApi(http, { clock: new FakeAppClock() });
    return {
      send,
      captchaAnswer: async (id) => state.captchas.get(id) ?? '',
    };
  },
  server: {
    address: uniqueIp,
    world: ({ db, send }) => ({
      send,
      captchaAnswer: async (id) => (await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [id]))[0]?.answer ?? '',
    }),
  },
}, (world) => {
  let serial = 0;
  /** A user name no earlier run has taken. */
  const freshName = () => `s${Date.now().toString(36).slice(-6)}_${(serial += 1)}`;
  const register = async (userName = freshName(), password = 'secret-01'): Promise<UserAnswer> => {
    const answer = await world.send(SessionCalls.register, { userName, password });
    expect(answer.ret).toBe(200);
    return answer.data as UserAnswer;
  };

  it('Register answers 注册成功 with the user and a token', async () => {
    const userName = freshName();
    const answer = await world.send(SessionCalls.register, { userName, password: 'secret-01', nickName: ' 小明 ' });
    expect(answer).toMatchObject({ ret: 200, msg: '注册成功' });
    const user = answer.data as UserAnswer;
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS.sort());
    expect(user).toMatchObject({ userNameRaw: userName, nickName: '小明', vipLevel: 0, vipCategoryId: 0, eDate: '', newWorks: false, totalMsgCount: 0, level: 1, gender: null });
    expect(Object.keys(user.token).sort()).toEqual(['expire', 'sign', 'token', 'uid']);
    expect(user.token.uid).toBe(user.uid);
    expect(user.id).toBe(user.uid);
    expect((await register()).nickName).toMatch(/^s/);
  });

  it('Register refuses missing and malformed fields as the server words them', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ password: 'secret-01' }, 1001, '缺少参数：userName'],
      [{ userName: freshName() }, 1001, '缺少参数：password'],
      [{ userName: 'ab', password: 'secret-01' }, 1002, '账号为4-20位字母、数字或下划线'],
      [{ userName: 'a'.repeat(21), password: 'secret-01' }, 1002, '账号为4-20位字母、数字或下划线'],
      [{ userName: 'bad name!', password: 'secret-01' }, 1002, '账号为4-20位字母、数字或下划线'],
      [{ userName: freshName(), password: 'abc-123' }, 1002, '密码至少8位'],
      [{ userName: freshName(), password: 'x'.repeat(129) }, 1002, '密码最多128位'],
      [{ userName: freshName(), password: 'x'.repeat(300) }, 1002, '密码最多128位'],
      [{ userName: freshName(), password: 'Password1' }, 1002, '该密码过于常见，容易被猜到，请换一个'],
      [{ userName: freshName(), password: 'secret-01', nickName: '长'.repeat(17) }, 1002, '昵称为1-16个字符且不含控制字符'],
    ];
    for (const [fields, ret, msg] of cases) {
      expect(await world.send(SessionCalls.register, { userName: '', password: '' }, fields), JSON.stringify(fields)).toEqual({ ret, msg, data: null });
    }
  });

  it('Register refuses a taken name, whatever its case (1003)', async () => {
    const userName = freshName();
    await register(userName);
    expect(await world.send(SessionCalls.register, { userName: userName.toUpperCase(), password: 'secret-02' })).toEqual({ ret: 1003, msg: '该账号已被注册', data: null });
  });

  it('Login takes the right password only (1004 otherwise, alike for an unknown name), and names a missing field', async () => {
    const userName = freshName();
    await register(userName, 'my secret words');
    const wrong = { ret: 1004, msg: '账号或密码错误', data: null };
    expect(await world.send(SessionCalls.login, { userName, password: 'wrong-111' })).toEqual(wrong);
    expect(await world.send(SessionCalls.login, { userName: freshName(), password: 'my secret words' })).toEqual(wrong);
    expect(await world.send(SessionCalls.login, { userName, password: '' })).toEqual({ ret: 1001, msg: '缺少参数：password', data: null });
    const answer = await world.send(SessionCalls.login, { userName, password: 'my secret words' });
    expect(answer).toMatchObject({ ret: 200, msg: '登录成功' });
    expect((answer.data as UserAnswer).userNameRaw).toBe(userName);
  });

  it('Login asks for a captcha after 3 failures (1007), refuses a wrong one (1008), takes a right one once', async () => {
    const userName = freshName();
    await register(userName);
    for (let i = 0; i < 3; i++) expect((await world.send(SessionCalls.login, { userName, password: `wrong-${i}-pass` })).ret).toBe(1004);
    expect(await world.send(SessionCalls.login, { userName, password: 'secret-01' })).toEqual({ ret: 1007, msg: '请输入图形验证码', data: null });
    const first = await world.send(CaptchaCalls.challenge, {});
    expect(first).toMatchObject({ ret: 200, data: { id: expect.any(String), image: expect.stringMatching(/^data:image\/svg\+xml[;,]/), expiresIn: 300 } });
    const wrongId = (first.data as CaptchaChallenge).id;
    expect(await world.send(SessionCalls.login, { userName, password: 'secret-01', captchaId: wrongId, captchaCode: '-----' }))
      .toEqual({ ret: 1008, msg: '验证码错误或已失效，请重新输入', data: null });
    const { id } = (await world.send(CaptchaCalls.challenge, {})).data as CaptchaChallenge;
    const code = (await world.captchaAnswer(id)).toLowerCase();
    expect((await world.send(SessionCalls.login, { userName, password: 'secret-01', captchaId: id, captchaCode: ` ${code} ` })).ret).toBe(200);
    expect((await world.send(SessionCalls.login, { userName, password: 'secret-01', captchaId: id, captchaCode: code })).ret).toBe(200);
  });

  it('Validates and GetUserInfo answer the signed-in user with the same token; Logout ends the session', async () => {
    const user = await register();
    const token = tokenFields(user);
    const validated = await world.send(SessionCalls.validate, {}, token);
    expect(validated.ret).toBe(200);
    expect(validated.data).toMatchObject({ uid: user.uid, userNameRaw: user.userNameRaw, token: user.token });
    const info = await world.send(SessionCalls.userInfo, {}, token);
    expect(info.ret).toBe(200);
    expect(info.data).toMatchObject({ uid: user.uid, token: user.token });
    expect(await world.send(SessionCalls.logout, {}, token)).toEqual({ ret: 200, msg: '已退出登录', data: null });
    expect(await world.send(SessionCalls.validate, {}, token)).toEqual(INVALID);
    expect(await world.send(SessionCalls.userInfo, {}, token)).toEqual(INVALID);
  });

  it('Validates takes the token as declared parameters too (a page opened with a token in its URL)', async () => {
    const user = await register();
    const { token, sign, expire, login_uid } = tokenFields(user);
    expect((await world.send(SessionCalls.validate, { token: token ?? '', sign: sign ?? '', expire: expire ?? '', login_uid: login_uid ?? '' })).ret).toBe(200);
  });

  it('a visitor is asked to sign in (201 请先登录); a forged token is refused (201 登录已失效)', async () => {
    const token = tokenFields(await register());
    for (const declared of [SessionCalls.validate, SessionCalls.userInfo, SessionCalls.logout]) {
      expect(await world.send(declared, {})).toEqual(VISITOR);
      expect(await world.send(declared, {}, { ...token, sign: 'ab'.repeat(32) })).toEqual(INVALID);
      expect(await world.send(declared, {}, { ...token, token: 'forged' })).toEqual(INVALID);
      expect(await world.send(declared, {}, { ...token, login_uid: '1', uid: '1' })).toEqual(INVALID);
    }
  });
});

describe('the fake session API', () => {
  const login = (http: FakeHttp) => sendToFake(http)(SessionCalls.login, { userName: 'seeded', password: 'secret-01' });

  it('starts with seeded users and lets tests end every session', async () => {
    const http = new FakeHttp();
    const state = installFakeLoginApi(http, { users: [{ userName: 'seeded', password: 'secret-01', nickName: '种子' }] });
    const user = (await login(http)).data as UserAnswer;
    expect(user.nickName).toBe('种子');
    expect(state.sessions.size).toBe(1);
    state.sessions.clear();
    expect(await sendToFake(http)(SessionCalls.validate, {}, tokenFields(user))).toEqual(INVALID);
  });

  it('lets tokens expire on the given clock', async () => {
    const clock = new FakeAppClock();
    const http = new FakeHttp();
    installFakeLoginApi(http, { clock, tokenLifetimeS: 60, users: [{ userName: 'seeded', password: 'secret-01' }] });
    const token = tokenFields((await login(http)).data as UserAnswer);
    const validate = () => sendToFake(http)(SessionCalls.validate, {}, token);
    expect((await validate()).ret).toBe(200);
    clock.advance(61_000);
    expect(await validate()).toEqual(INVALID);
  });
});
