import { expect, it } from 'vitest';
import { installFakeInvitationApi } from '../../adapters/http/fake-invitation-api.ts';
import { SharedReadCache } from '../../server/cache/shared-read-cache.ts';
import { watchWrites } from '../../server/cache/write-watch.ts';
import { InvitationCalls, InvitationRet, type InvitationInfo, type InviteePage } from '../../src/core/invitation/invitation-protocol.ts';
import { INVITE_CODE_ALPHABET, InvitationRules } from '../../src/core/invitation/invitation-rules.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams, uniqueIp } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

const DAY = 86_400_000;

/**
 * Invitations' calls (src/core/invitation/invitation-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-invitation-api.ts) and by the reference server: both must answer alike.
 */
interface InvitationWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new account named `nickName`, registered `daysAgo` days ago (0: now). */
  user(nickName: string, daysAgo?: number): Promise<Caller>;
}

/** The token fields a signed-in app sends. */
type Caller = Record<string, string>;

protocolContract<InvitationWorld>('invitation protocol', {
  fake: ({ http, send }) => {
    let nextUid = 1;
    const state = installFakeInvitationApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    return {
      async user(nickName, daysAgo = 0) {
        const uid = nextUid++;
        state.accounts.set(uid, { nickName, avatar: '/a.png', registeredAt: Date.now() - daysAgo * DAY });
        return { login_uid: String(uid) };
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    // Accounts are registered at the database's now(), as the fake's at Date.now().
    systemClock: true,
    address: uniqueIp,
    world: ({ app, db, send }) => ({
      async user(nickName, daysAgo = 0) {
        const user = await registerUser(app, { nickName });
        // Through a write watcher, as the app's own writes go, so a cached session reads the account afresh.
        if (daysAgo > 0) await watchWrites(db, new SharedReadCache()).query(`UPDATE users SET created_at = created_at - make_interval(days => $2) WHERE id = $1`, [user.id, daysAgo]);
        return tokenParams(user.token);
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  const codeOf = async (caller: Caller): Promise<string> => ((await world.send(InvitationCalls.info, {}, caller)).data as InvitationInfo).code;

  it('GetInvitationInfo: the caller’s code (the same each time), the rewards and the totals; a visitor is 201', async () => {
    const a = await world.user('甲');
    const first = await world.send(InvitationCalls.info, {}, a);
    expect(first.ret).toBe(200);
    const info = first.data as InvitationInfo;
    expect(info.code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{${InvitationRules.codeLength}}$`));
    expect(info).toMatchObject({ invitedCount: 0, earnedGold: 0, inviterReward: 100, inviteeReward: 50, windowDays: 7, dailyRewardLimit: 10, invitee: { canEnter: true, invitedBy: null } });
    expect(typeof info.invitee.deadline).toBe('number');
    expect(await codeOf(a)).toBe(info.code);
    expect((await world.send(InvitationCalls.info, {}, null)).ret).toBe(201);
  });

  it('InputInvitationCode: any case stands once, both rewarded; again is 6403; the inviter lists the invitee', async () => {
    const a = await world.user('邀请人');
    const b = await world.user('新人');
    const code = await codeOf(a);
    expect(await world.send(InvitationCalls.enter, { inviteCode: code.toLowerCase() }, b)).toEqual({ ret: 200, msg: '填写成功，奖励已到账', data: { inviter: '邀请人', reward: 50, balance: 50 } });
    expect(await world.send(InvitationCalls.enter, { inviteCode: code }, b)).toMatchObject({ ret: InvitationRet.AlreadyEntered, msg: '已填写过邀请码' });
    const page = (await world.send(InvitationCalls.invitees, { page: 1, pageSize: 20 }, a)).data as InviteePage;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 1, earnedGold: 100 });
    expect(page.list[0]).toMatchObject({ nickName: '新人', reward: 100 });
    expect(typeof page.list[0]?.time).toBe('number');
    expect(((await world.send(InvitationCalls.info, {}, b)).data as InvitationInfo).invitee).toMatchObject({ canEnter: false, invitedBy: '邀请人' });
    expect(((await world.send(InvitationCalls.invitees, { page: 1, pageSize: 20 }, b)).data as InviteePage).total).toBe(0);
  });

  it('InputInvitationCode refuses one’s own code (6402), an unknown one (6401), a circle (6405), past 7 days (6404)', async () => {
    const a = await world.user('A');
    const b = await world.user('B');
    const aCode = await codeOf(a);
    expect(await world.send(InvitationCalls.enter, { inviteCode: aCode }, a)).toMatchObject({ ret: InvitationRet.OwnCode, msg: '不能填写自己的邀请码' });
    expect(await world.send(InvitationCalls.enter, { inviteCode: 'O0I1O0' }, a)).toMatchObject({ ret: InvitationRet.CodeNotFound, msg: '邀请码不存在' });
    expect((await world.send(InvitationCalls.enter, { inviteCode: aCode }, b)).ret).toBe(200);
    expect(await world.send(InvitationCalls.enter, { inviteCode: await codeOf(b) }, a)).toMatchObject({ ret: InvitationRet.Circle, msg: '不能填写你邀请的好友的邀请码' });
    const old = await world.user('老用户', 8);
    expect(await world.send(InvitationCalls.enter, { inviteCode: aCode }, old)).toMatchObject({ ret: InvitationRet.WindowClosed, msg: '注册超过7天，无法填写邀请码' });
    expect(((await world.send(InvitationCalls.info, {}, old)).data as InvitationInfo).invitee.canEnter).toBe(false);
  });

  it('refuses bad parameters: no code (1001), too long (1002), page size beyond 50 (1002), a visitor (201)', async () => {
    const a = await world.user('参数');
    expect((await world.send(InvitationCalls.enter, { inviteCode: '' }, a)).ret).toBe(1001);
    expect((await world.send(InvitationCalls.enter, { inviteCode: 'A'.repeat(33) }, a)).ret).toBe(1002);
    expect(await world.send(InvitationCalls.invitees, { page: 1, pageSize: 51 }, a)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await world.send(InvitationCalls.enter, { inviteCode: 'ABCDEF' }, null)).ret).toBe(201);
    expect((await world.send(InvitationCalls.invitees, { page: 1, pageSize: 20 }, null)).ret).toBe(201);
  });

  it('InputInvitationCode: an account’s 11th entry within the hour is 1005', async () => {
    const guesser = await world.user('猜码');
    const rets: number[] = [];
    for (let i = 0; i < 11; i += 1) rets.push((await world.send(InvitationCalls.enter, { inviteCode: `ZZZZZ${INVITE_CODE_ALPHABET[i] ?? 'A'}` }, guesser)).ret);
    expect(rets.slice(0, 10).every((ret) => ret === InvitationRet.CodeNotFound || ret === InvitationRet.OwnCode)).toBe(true);
    expect(rets[10]).toBe(1005);
  });
});
