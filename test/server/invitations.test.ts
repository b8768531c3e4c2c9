import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import {
  InvitationCalls,
  InvitationRet,
  type InvitationEntered,
  type InvitationInfo,
  type InviteePage,
} from '../../src/core/invitation/invitation-protocol.ts';
import { INVITE_CODE_ALPHABET, InvitationRules } from '../../src/core/invitation/invitation-rules.ts';
import { DAY, FakeClock, MINUTE, get, post, registerUser, tokenParams, uniqueIp, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

// Registration stamps created_at with the database's clock: the app's clock starts at the real time.
const server = useServerFixture({ clock: new FakeClock(Date.now()) });

const info = async (on: FastifyInstance, user: TestUser): Promise<InvitationInfo> => {
  const { body } = await get<InvitationInfo>(on, InvitationCalls.info.path, tokenParams(user.token));
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
const enter = (on: FastifyInstance, user: TestUser, inviteCode: string, ip: string = uniqueIp()) =>
  post<InvitationEntered>(on, InvitationCalls.enter.path, { ...tokenParams(user.token), inviteCode }, { ip });
const list = (user: TestUser, fields: Record<string, string> = {}) => server.get<InviteePage>(InvitationCalls.invitees.path, { ...tokenParams(user.token), ...fields });
const gold = async (user: TestUser): Promise<number> => Number((await server.db.query<{ gold: number }>('SELECT gold FROM users WHERE id = $1', [user.id]))[0]?.gold);
const rewardEntries = async (user: TestUser): Promise<number[]> =>
  (await server.db.query<{ amount: number }>("SELECT amount FROM gold_ledger WHERE user_id = $1 AND reason = 'invitation' ORDER BY id", [user.id])).map((row) => Number(row.amount));
const codeOf = async (user: TestUser): Promise<string> => (await info(server.app, user)).code;

describe('GetInvitationInfo', () => {
  it('makes one code per account on the first ask (6 unambiguous characters), the same however many ask at once', async () => {
    const user = await server.registerUser();
    const codes = await Promise.all(Array.from({ length: 10 }, () => info(server.app, user)));
    const code = codes[0]?.code ?? '';
    expect(code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{${InvitationRules.codeLength}}$`));
    expect(new Set(codes.map((c) => c.code))).toEqual(new Set([code]));
    expect(await codeOf(user)).toBe(code);
    expect(codes[0]).toMatchObject({ invitedCount: 0, earnedGold: 0, inviterReward: 100, inviteeReward: 50, windowDays: 7, invitee: { canEnter: true, invitedBy: null } });
    const other = await server.registerUser();
    expect(await codeOf(other)).not.toBe(code);
  });

  it('needs a session', async () => {
    expect((await server.get(InvitationCalls.info.path)).body.ret).toBe(Ret.SessionInvalid);
  });
});

describe('InputInvitationCode', () => {
  it('rewards both sides once: the new account +50, the inviter +100, each with one ledger entry; any case and spaces', async () => {
    const a = await server.registerUser({ nickName: '邀请人甲' });
    const b = await server.registerUser({ nickName: '新人乙' });
    const code = await codeOf(a);
    const typed = ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `;
    const { body } = await enter(server.app, b, typed);
    expect(body).toEqual({ ret: Ret.Ok, msg: '填写成功，奖励已到账', data: { inviter: '邀请人甲', reward: 50, balance: 50 } });
    expect(await gold(a)).toBe(100);
    expect(await gold(b)).toBe(50);
    expect(await rewardEntries(a)).toEqual([100]);
    expect(await rewardEntries(b)).toEqual([50]);
    expect((await info(server.app, b)).invitee).toMatchObject({ canEnter: false, invitedBy: '邀请人甲' });
    expect(await info(server.app, a)).toMatchObject({ invitedCount: 1, earnedGold: 100 });
    expect((await enter(server.app, b, code)).body).toMatchObject({ ret: InvitationRet.AlreadyEntered, msg: '已填写过邀请码' });
  });

  it('20 parallel entries of one code by one account: one stands, each side rewarded exactly once', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const code = await codeOf(a);
    const answers = await Promise.all(Array.from({ length: 20 }, () => enter(server.app, b, code)));
    const rets = answers.map((answer) => answer.body.ret);
    expect(rets.filter((ret) => ret === Ret.Ok)).toHaveLength(1);
    expect(rets.every((ret) => ret === Ret.Ok || ret === InvitationRet.AlreadyEntered || ret === Ret.TooManyAttempts)).toBe(true);
    expect(await rewardEntries(a)).toEqual([100]);
    expect(await rewardEntries(b)).toEqual([50]);
    expect((await server.db.query('SELECT id FROM invitations WHERE invitee_id = $1', [b.id])).length).toBe(1);
  });

  it('20 parallel entries of different codes by one account: still one inviter, one reward', async () => {
    const inviters = await Promise.all(Array.from({ length: 5 }, () => server.registerUser()));
    const codes = await Promise.all(inviters.map((inviter) => codeOf(inviter)));
    const b = await server.registerUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => enter(server.app, b, codes[i % codes.length] ?? '')));
    expect(answers.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(1);
    const rewarded = await Promise.all(inviters.map((inviter) => rewardEntries(inviter)));
    expect(rewarded.flat()).toEqual([100]);
    expect(await rewardEntries(b)).toEqual([50]);
  });

  it('refuses one’s own code (6402), an unknown or impossible code (6401), empty (1001), too long (1002), a visitor (201)', async () => {
    const a = await server.registerUser();
    const code = await codeOf(a);
    expect((await enter(server.app, a, code)).body).toMatchObject({ ret: InvitationRet.OwnCode, msg: '不能填写自己的邀请码' });
    const unknown = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    expect((await enter(server.app, a, unknown)).body).toMatchObject({ ret: InvitationRet.CodeNotFound, msg: '邀请码不存在' });
    expect((await enter(server.app, a, 'O0I1AB')).body.ret).toBe(InvitationRet.CodeNotFound);
    expect((await enter(server.app, a, `${code}X`)).body.ret).toBe(InvitationRet.CodeNotFound);
    expect((await enter(server.app, a, '')).body.ret).toBe(Ret.MissingParam);
    expect((await enter(server.app, a, ' - ')).body).toMatchObject({ ret: Ret.MissingParam, msg: '请输入邀请码' });
    expect((await enter(server.app, a, 'A'.repeat(33))).body.ret).toBe(Ret.BadParam);
    expect((await server.post(InvitationCalls.enter.path, { inviteCode: code })).body.ret).toBe(Ret.SessionInvalid);
    expect(await rewardEntries(a)).toEqual([]);
    expect((await info(server.app, a)).invitee.canEnter).toBe(true);
  });

  it('refuses a circle: A invited B, so A cannot enter B’s code, nor the code of C whom B invited', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    expect((await enter(server.app, b, await codeOf(a))).body.ret).toBe(Ret.Ok);
    expect((await enter(server.app, a, await codeOf(b))).body).toMatchObject({ ret: InvitationRet.Circle, msg: '不能填写你邀请的好友的邀请码' });
    expect((await enter(server.app, c, await codeOf(b))).body.ret).toBe(Ret.Ok);
    expect((await enter(server.app, a, await codeOf(c))).body.ret).toBe(InvitationRet.Circle);
    expect((await enter(server.app, b, await codeOf(c))).body.ret).toBe(InvitationRet.AlreadyEntered);
    expect(await rewardEntries(a)).toEqual([100]);
  });

  it('two accounts entering each other’s codes at once: one stands, the other is a circle', async () => {
    const x = await server.registerUser();
    const y = await server.registerUser();
    const [xCode, yCode] = [await codeOf(x), await codeOf(y)];
    const answers = await Promise.all([enter(server.app, x, yCode), enter(server.app, y, xCode)]);
    expect(answers.map((answer) => answer.body.ret).sort()).toEqual([Ret.Ok, InvitationRet.Circle].sort());
    expect((await server.db.query('SELECT id FROM invitations WHERE invitee_id = ANY($1::int[])', [[x.id, y.id]])).length).toBe(1);
  });

  it('counts entries per account (10 an hour) and per address (30 an hour), even in parallel', async () => {
    const guesser = await server.registerUser();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => enter(server.app, guesser, `ZZZZ${INVITE_CODE_ALPHABET[i] ?? 'A'}Z`)));
    const rets = answers.map((answer) => answer.body.ret);
    expect(rets.filter((ret) => ret === Ret.TooManyAttempts)).toHaveLength(2);
    expect(answers.find((answer) => answer.body.ret === Ret.TooManyAttempts)?.body.msg).toBe('尝试次数过多，请稍后再试');

    const ip = uniqueIp();
    const accounts = await Promise.all(Array.from({ length: 4 }, () => server.registerUser()));
    const fromOneAddress = await Promise.all(Array.from({ length: 32 }, (_, i) => enter(server.app, accounts[i % 4] as TestUser, 'ZZZZZZ', ip)));
    expect(fromOneAddress.filter((answer) => answer.body.ret === Ret.TooManyAttempts)).toHaveLength(2);
  });

  it('rewards the inviter for at most 10 invitees within 24 hours; the new accounts are rewarded still', async () => {
    const a = await server.registerUser();
    const code = await codeOf(a);
    const invited = [];
    for (let i = 0; i < 11; i += 1) {
      const user = await server.registerUser();
      expect((await enter(server.app, user, code)).body.ret).toBe(Ret.Ok);
      invited.push(user);
    }
    expect(await gold(a)).toBe(1000);
    expect(await gold(invited[10] as TestUser)).toBe(50);
    const page = (await list(a, { page: '1', pageSize: '20' })).body.data;
    expect(page).toMatchObject({ total: 11, earnedGold: 1000 });
    expect(page.list[0]).toMatchObject({ userId: invited[10]?.id, reward: 0 });
    expect(page.list[1]?.reward).toBe(100);
  });
});

describe('GetInvitedUsers', () => {
  it('lists only the caller’s own invitees, newest first, paged, with the totals', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser({ nickName: '第一位' });
    const c = await server.registerUser({ nickName: '第二位' });
    const stranger = await server.registerUser();
    const code = await codeOf(a);
    await enter(server.app, b, code);
    await enter(server.app, c, code);
    const first = await list(a, { page: '1', pageSize: '1' });
    expect(first.body.ret).toBe(Ret.Ok);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 1, total: 2, earnedGold: 200 });
    expect(first.body.data.list).toHaveLength(1);
    const second = (await list(a, { page: '2', pageSize: '1' })).body.data;
    const names = [...first.body.data.list, ...second.list].map((invitee) => invitee.nickName);
    expect(new Set(names)).toEqual(new Set(['第一位', '第二位']));
    expect(typeof second.list[0]?.time).toBe('number');
    expect(typeof second.list[0]?.avatar).toBe('string');
    // Another account sees its own (empty) list, whatever user id it names.
    expect((await list(stranger, { uid_of: String(a.id), userId: String(a.id), inviterId: String(a.id) })).body.data).toMatchObject({ list: [], total: 0, earnedGold: 0 });
  });

  it('refuses a page size beyond 50, a page below 1, a visitor', async () => {
    const a = await server.registerUser();
    expect((await list(a, { pageSize: '51' })).body).toMatchObject({ ret: Ret.BadParam, msg: '每页数量为1-50' });
    expect((await list(a, { page: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await list(a, { page: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get(InvitationCalls.invitees.path)).body.ret).toBe(Ret.SessionInvalid);
  });
});

describe('the 7-day window (the app’s clock moved on)', () => {
  it('a code may be entered up to 7 days after registering, not after', async () => {
    const clock = new FakeClock(Date.now());
    const later = await server.startApp({ clock });
    try {
      const inviter = await registerUser(later);
      const code = (await info(later, inviter)).code;
      const early = await registerUser(later);
      const late = await registerUser(later);
      clock.advance(6 * DAY + 23 * 60 * MINUTE);
      expect((await enter(later, early, code)).body.ret).toBe(Ret.Ok);
      clock.advance(2 * 60 * MINUTE);
      expect((await info(later, late)).invitee.canEnter).toBe(false);
      expect((await enter(later, late, code)).body).toMatchObject({ ret: InvitationRet.WindowClosed, msg: '注册超过7天，无法填写邀请码' });
      expect(await rewardEntries(late)).toEqual([]);
      expect(await rewardEntries(inviter)).toEqual([100]);
    } finally {
      await later.close();
    }
  });
});
