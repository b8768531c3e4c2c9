import { expect, it } from 'vitest';
import { installFakeAccountApi } from '../../adapters/http/fake-account-api.ts';
import { createHeadlessCore } from '../../src/composition/headless.ts';
import { AccountCalls, AccountRet, DEFAULT_SETTINGS, type AccountSettings, type SignedIn, type SignInInfo } from '../../src/core/account/account-protocol.ts';
import { AVATAR_CHOICES } from '../../src/core/account/avatar-choices.ts';
import { SessionService } from '../../src/core/session/session-service.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../src/core/shared-kernel/user-session.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, sendToFake, type Send } from './protocol-contract.ts';

/**
 * The account's calls (src/core/account/account-protocol.ts) as the app sends them, answered by the fake the app's
 * tests use (adapters/http/fake-account-api.ts) and by the reference server (in process, on its test database): both
 * must answer alike.
 */
interface AccountWorld {
  send: Send;
  /** A new signed-in user: the token fields the app sends. */
  signedIn(): Promise<Record<string, string>>;
}

const VISITOR = { ret: 201, msg: '请先登录', data: null };

protocolContract<AccountWorld>('account protocol', {
  fake: () => {
    let serial = 0;
    /** Each user in a core of its own (the fake keeps one user's account). */
    const worlds = new Map<string, ReturnType<typeof createHeadlessCore>>();
    return {
      async signedIn() {
        const core = createHeadlessCore({ path: '/user' });
        installFakeAccountApi(core.world.http, core.container.get(UserSession), core.world.clock);
        const outcome = await core.container.get(SessionService).register({ userName: `acct_${(serial += 1)}`, password: 'secret-01', confirmPassword: 'secret-01', nickName: '' });
        if (!outcome.ok) throw new Error(outcome.message);
        const token = outcome.user.token;
        const fields = { token: String(token['token']), sign: String(token['sign']), expire: String(token['expire']), login_uid: String(token.uid) };
        worlds.set(fields.token, core);
        return fields;
      },
      send: (declared, input, extra = {}) => {
        // A visitor's call goes to any core: every one answers 201 alike.
        const core = worlds.get(extra['token'] ?? '') ?? worlds.values().next().value ?? createHeadlessCore({ path: '/user' });
        if (worlds.size === 0) installFakeAccountApi(core.world.http, core.container.get(UserSession), core.world.clock);
        return sendToFake(core.world.http)(declared, input, extra);
      },
    };
  },
  server: {
    world: ({ app, send }) => ({
      signedIn: async () => tokenParams((await registerUser(app)).token),
      send,
    }),
  },
}, (world) => {
  it('UpdateUserInfo saves the fields given, trimmed, and answers the user (保存成功); a later change keeps the others', async () => {
    const caller = await world.signedIn();
    const avatar = AVATAR_CHOICES[1] ?? '';
    const first = await world.send(AccountCalls.updateProfile, { nickName: ' 新名字😀 ', gender: '0', introduction: ' 喜欢看电影\n也喜欢动漫 ', avatar }, caller);
    expect(first).toMatchObject({ ret: 200, msg: '保存成功' });
    expect(first.data as UserAnswer).toMatchObject({ nickName: '新名字😀', gender: 0, introduction: '喜欢看电影\n也喜欢动漫', avatar });
    const second = await world.send(AccountCalls.updateProfile, { gender: '1' }, caller);
    expect(second.data as UserAnswer).toMatchObject({ nickName: '新名字😀', gender: 1, introduction: '喜欢看电影\n也喜欢动漫', avatar });
    expect((await world.send(AccountCalls.updateProfile, { introduction: '😀'.repeat(100) }, caller)).ret).toBe(200);
  });

  it('UpdateUserInfo refuses each bad field with its words, and nothing to save with 1001', async () => {
    const caller = await world.signedIn();
    const cases: Array<[Parameters<Send>[1], string]> = [
      [{ nickName: '长'.repeat(17) }, '昵称为1-16个字符且不含控制字符'],
      [{ nickName: '长'.repeat(40) }, '昵称为1-16个字符且不含控制字符'],
      [{ nickName: '   ' }, '昵称为1-16个字符且不含控制字符'],
      [{ gender: '2' }, '性别只能为0（女）或1（男）'],
      [{ gender: 'male' }, '性别只能为0（女）或1（男）'],
      [{ introduction: '字'.repeat(101) }, '个人简介最多100个字'],
      [{ avatar: 'https://example.com/me.png' }, '请选择提供的头像'],
    ];
    for (const [input, msg] of cases) {
      expect(await world.send(AccountCalls.updateProfile, input, caller), JSON.stringify(input)).toEqual({ ret: 1002, msg, data: null });
    }
    expect(await world.send(AccountCalls.updateProfile, {}, caller)).toEqual({ ret: 1001, msg: '缺少参数：nickName', data: null });
  });

  it('GetSettings answers the defaults; UpdateSettings saves the ones given and answers all (设置已保存)', async () => {
    const caller = await world.signedIn();
    expect(await world.send(AccountCalls.settings, {}, caller)).toMatchObject({ ret: 200, data: DEFAULT_SETTINGS });
    const saved = await world.send(AccountCalls.updateSettings, { danmuOpen: '0', autoPlayWhenWWAN: 'TRUE' }, caller);
    const expected: AccountSettings = { ...DEFAULT_SETTINGS, danmuOpen: false, autoPlayWhenWWAN: true };
    expect(saved).toEqual({ ret: 200, msg: '设置已保存', data: expected });
    expect((await world.send(AccountCalls.settings, {}, caller)).data).toEqual(expected);
  });

  it('UpdateSettings refuses a value that is not 0/1/true/false (1002) and nothing to save (1001)', async () => {
    const caller = await world.signedIn();
    expect(await world.send(AccountCalls.updateSettings, { danmuOpen: 'maybe' }, caller)).toEqual({ ret: 1002, msg: '参数格式错误：danmuOpen', data: null });
    expect(await world.send(AccountCalls.updateSettings, {}, caller)).toEqual({ ret: 1001, msg: '缺少参数：enableNotify', data: null });
  });

  it('SignIn signs in once a day (签到成功，获得5金币), then 1050; GetSignInInfo follows', async () => {
    const caller = await world.signedIn();
    const before = (await world.send(AccountCalls.signInInfo, {}, caller)).data as SignInInfo;
    expect(before).toMatchObject({ signedToday: false, streak: 0, todayReward: 5, gold: 0 });
    expect(before.calendar).toHaveLength(7);
    const signed = await world.send(AccountCalls.signIn, {}, caller);
    expect(signed).toMatchObject({ ret: 200, msg: '签到成功，获得5金币' });
    expect(signed.data as SignedIn).toMatchObject({ reward: 5, signedToday: true, streak: 1, todayReward: 5, gold: 5 });
    expect(await world.send(AccountCalls.signIn, {}, caller)).toEqual({ ret: AccountRet.AlreadySignedIn, msg: '今天已经签到过了，明天再来吧', data: null });
    expect((await world.send(AccountCalls.signInInfo, {}, caller)).data).toMatchObject({ signedToday: true, streak: 1, gold: 5 });
  });

  it('every call asks a visitor to sign in (201 请先登录)', async () => {
    expect(await world.send(AccountCalls.updateProfile, { nickName: '访客' }, {})).toEqual(VISITOR);
    expect(await world.send(AccountCalls.settings, {}, {})).toEqual(VISITOR);
    expect(await world.send(AccountCalls.updateSettings, { danmuOpen: '1' }, {})).toEqual(VISITOR);
    expect(await world.send(AccountCalls.signInInfo, {}, {})).toEqual(VISITOR);
    expect(await world.send(AccountCalls.signIn, {}, {})).toEqual(VISITOR);
  });
});
