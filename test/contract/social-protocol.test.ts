import { expect, it } from 'vitest';
import { installFakeSocialApi } from '../../adapters/http/fake-social-api.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import type { ListedUser, UserPage } from '../../src/core/shared-kernel/listed-user.ts';
import { BlockStatus, SocialCalls, SocialRet } from '../../src/core/social/social-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Follow, block and report (src/core/social/social-protocol.ts) as the app sends them, answered by the fake the
 * app's tests use (adapters/http/fake-social-api.ts) and by the reference server (in process, on its test
 * database): both must answer alike.
 */
interface Caller {
  uid: number;
  fields: Record<string, string>;
}

interface SocialWorld {
  /** Sends a declared call as the app encodes it; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new user. */
  user(): Promise<Caller>;
  /** An id no user has. */
  nobody: number;
}

const ids = (answer: Answer): number[] => (answer.data as UserPage).list.map((user) => user.userId);

const NOBODY = 999_999;

protocolContract<SocialWorld>('social protocol', {
  fake: ({ http, send }) => {
    const users = new Set<number>();
    installFakeSocialApi(http, 0, {
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      userExists: (uid) => users.has(uid),
    });
    return {
      nobody: NOBODY,
      async user() {
        const uid = users.size + 1;
        users.add(uid);
        return { uid, fields: { login_uid: String(uid) } };
      },
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    };
  },
  server: {
    world: ({ app, send }) => ({
      nobody: NOBODY,
      async user() {
        const user = await registerUser(app);
        // The call's own uid wins over the token's, as in the app (common fields first, the call's after).
        const { uid: _tokenUid, ...fields } = tokenParams(user.token);
        return { uid: user.id, fields };
      },
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    }),
  },
}, (world) => {
  it('FocusUPMaster follows then unfollows; the lists and GetUserRelation show it', async () => {
    const [a, b] = [await world.user(), await world.user()];
    expect(await world.send(SocialCalls.follow, { userId: b.uid }, a)).toEqual({ ret: 200, msg: '关注成功', data: { selected: true } });
    const focus = await world.send(SocialCalls.focusList, { page: 1, pageSize: 20 }, a);
    expect(ids(focus)).toEqual([b.uid]);
    expect((focus.data as UserPage).total).toBe(1);
    expect((focus.data as UserPage).list[0]).toMatchObject({ userId: b.uid, focusStatus: 1, isBlackList: 0, blockedMe: 0 });
    expect(ids(await world.send(SocialCalls.fansList, { page: 1, pageSize: 20 }, b))).toEqual([a.uid]);
    const relation = await world.send(SocialCalls.relation, { uid: b.uid }, a);
    expect(relation.ret).toBe(200);
    expect(relation.data).toMatchObject({ userId: b.uid, focusStatus: 1, isBlackList: 0, blockedMe: 0 } satisfies Partial<ListedUser>);
    expect(await world.send(SocialCalls.follow, { userId: b.uid }, a)).toEqual({ ret: 200, msg: '已取消关注', data: { selected: false } });
    expect(ids(await world.send(SocialCalls.focusList, { page: 1, pageSize: 20 }, a))).toEqual([]);
  });

  it('FocusUPMaster refuses oneself (8020), a user one blocked (8021), one who blocked the caller (8024), nobody (1006), a visitor (201), id 0 (1002)', async () => {
    const [a, b, c] = [await world.user(), await world.user(), await world.user()];
    expect(await world.send(SocialCalls.follow, { userId: a.uid }, a)).toMatchObject({ ret: SocialRet.FollowSelf, msg: '不能关注自己' });
    await world.send(SocialCalls.block, { uid: b.uid, status: BlockStatus.Blocked }, a);
    expect(await world.send(SocialCalls.follow, { userId: b.uid }, a)).toMatchObject({ ret: SocialRet.FollowBlockedUser, msg: '你已拉黑该用户，请先移出黑名单' });
    await world.send(SocialCalls.block, { uid: a.uid, status: BlockStatus.Blocked }, c);
    expect(await world.send(SocialCalls.follow, { userId: c.uid }, a)).toMatchObject({ ret: SocialRet.FollowBlockedByUser, msg: '对方已将你拉黑，无法关注' });
    expect((await world.send(SocialCalls.focusList, { page: 1, pageSize: 20 }, a)).data).toEqual({ list: [], total: 0 });
    expect((await world.send(SocialCalls.follow, { userId: world.nobody }, a)).ret).toBe(1006);
    expect((await world.send(SocialCalls.follow, { userId: b.uid }, null)).ret).toBe(201);
    expect(await world.send(SocialCalls.follow, { userId: 0 }, a)).toMatchObject({ ret: 1002, msg: '参数格式错误：userId' });
  });

  it('preventUser blocks (follows end both ways) and unblocks; GetBlackList lists the blocked', async () => {
    const [a, b] = [await world.user(), await world.user()];
    await world.send(SocialCalls.follow, { userId: b.uid }, a);
    await world.send(SocialCalls.follow, { userId: a.uid }, b);
    expect(await world.send(SocialCalls.block, { uid: b.uid, status: BlockStatus.Blocked }, a)).toEqual({ ret: 200, msg: '已拉黑', data: { status: 1 } });
    expect(ids(await world.send(SocialCalls.blackList, { page: 1, pageSize: 20 }, a))).toEqual([b.uid]);
    expect(ids(await world.send(SocialCalls.focusList, { page: 1, pageSize: 20 }, a))).toEqual([]);
    expect(ids(await world.send(SocialCalls.focusList, { page: 1, pageSize: 20 }, b))).toEqual([]);
    expect((await world.send(SocialCalls.relation, { uid: a.uid }, b)).data).toMatchObject({ blockedMe: 1, isBlackList: 0 });
    expect(await world.send(SocialCalls.block, { uid: b.uid, status: BlockStatus.Unblocked }, a)).toEqual({ ret: 200, msg: '已移出黑名单', data: { status: 0 } });
    expect(ids(await world.send(SocialCalls.blackList, { page: 1, pageSize: 20 }, a))).toEqual([]);
  });

  it('preventUser refuses a status other than 0 or 1 (1002), oneself (8022), nobody (1006), a visitor (201)', async () => {
    const [a, b] = [await world.user(), await world.user()];
    expect(await world.send(SocialCalls.block, { uid: b.uid, status: 2 as BlockStatus }, a)).toMatchObject({ ret: 1002, msg: 'status只能为0或1' });
    expect(await world.send(SocialCalls.block, { uid: a.uid, status: BlockStatus.Blocked }, a)).toMatchObject({ ret: SocialRet.BlockSelf, msg: '不能拉黑自己' });
    expect((await world.send(SocialCalls.block, { uid: world.nobody, status: BlockStatus.Blocked }, a)).ret).toBe(1006);
    expect((await world.send(SocialCalls.block, { uid: b.uid, status: BlockStatus.Blocked }, null)).ret).toBe(201);
  });

  it('the lists page newest first, refuse pageSize beyond 50 (1002 每页数量为1-50) and visitors (201)', async () => {
    const [a, b, c] = [await world.user(), await world.user(), await world.user()];
    await world.send(SocialCalls.follow, { userId: b.uid }, a);
    await world.send(SocialCalls.follow, { userId: c.uid }, a);
    const first = await world.send(SocialCalls.focusList, { page: 1, pageSize: 1 }, a);
    expect(ids(first)).toEqual([c.uid]);
    expect((first.data as UserPage).total).toBe(2);
    expect(ids(await world.send(SocialCalls.focusList, { page: 2, pageSize: 1 }, a))).toEqual([b.uid]);
    for (const declared of [SocialCalls.blackList, SocialCalls.fansList, SocialCalls.focusList]) {
      expect(await world.send(declared, { page: 1, pageSize: 51 }, a)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
      expect((await world.send(declared, { page: 1, pageSize: 20 }, null)).ret).toBe(201);
    }
  });

  it('GetUserRelation: a visitor sees every flag 0; nobody is 1006', async () => {
    const [a, b] = [await world.user(), await world.user()];
    await world.send(SocialCalls.follow, { userId: b.uid }, a);
    expect((await world.send(SocialCalls.relation, { uid: b.uid }, null)).data).toMatchObject({ userId: b.uid, focusStatus: 0, isBlackList: 0, blockedMe: 0 });
    expect(await world.send(SocialCalls.relation, { uid: world.nobody }, a)).toMatchObject({ ret: 1006, msg: '用户不存在' });
  });

  it('ReportUserReq takes an offered reason and a description; refuses others, oneself, a visitor, and an 11th report a day', async () => {
    const [a, b] = [await world.user(), await world.user()];
    expect(await world.send(SocialCalls.report, { uid: b.uid, reason: '垃圾广告', content: '发广告' }, a)).toEqual({ ret: 200, msg: '已收到您的举报', data: null });
    expect(await world.send(SocialCalls.report, { uid: b.uid, reason: '我不喜欢' }, a)).toMatchObject({ ret: 1002, msg: '请选择举报原因' });
    expect(await world.send(SocialCalls.report, { uid: b.uid, reason: '其他', content: '字'.repeat(201) }, a)).toMatchObject({ ret: 1002, msg: '描述最多200个字' });
    expect(await world.send(SocialCalls.report, { uid: a.uid, reason: '其他' }, a)).toMatchObject({ ret: SocialRet.ReportSelf, msg: '不能举报自己' });
    expect((await world.send(SocialCalls.report, { uid: world.nobody, reason: '其他' }, a)).ret).toBe(1006);
    expect((await world.send(SocialCalls.report, { uid: b.uid, reason: '其他' }, null)).ret).toBe(201);
    expect((await world.send(SocialCalls.report, { uid: b.uid, reason: '' }, a)).ret).toBe(1001);
    for (let sent = 1; sent < 10; sent++) expect((await world.send(SocialCalls.report, { uid: b.uid, reason: '其他' }, a)).ret).toBe(200);
    expect(await world.send(SocialCalls.report, { uid: b.uid, reason: '其他' }, a)).toMatchObject({ ret: SocialRet.TooManyReports, msg: '举报过于频繁，请稍后再试' });
  });
});
