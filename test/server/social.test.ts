import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASONS } from '../../src/core/social/social-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import type { ListedUser } from '../../server/user/listed-user-repository.ts';
import { DAY, FakeClock, MINUTE, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({ clock });

interface UserPage {
  list: ListedUser[];
  total: number;
}

const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const follow = (user: TestUser, target: number | string) => call<{ selected: boolean }>(user, '/api/Video/FocusUPMaster', { userId: String(target) });
const prevent = (user: TestUser, target: number | string, status: number | string) =>
  call<{ status: number }>(user, '/api/User/preventUser', { uid: String(target), status: String(status) });
const relation = (user: TestUser | null, target: number) => call<ListedUser>(user, '/api/User/GetUserRelation', { uid: String(target) });
const listOf = async (user: TestUser, path: string, fields: Record<string, string> = {}) => {
  const { body } = await call<UserPage>(user, path, fields);
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
const report = (user: TestUser, target: number, fields: Record<string, string> = {}) =>
  call(user, '/api/Video/ReportUserReq', { uid: String(target), reason: REPORT_REASONS[0], ...fields });

describe('authorization', () => {
  it.each([
    ['/api/Video/FocusUPMaster', { userId: '1' }],
    ['/api/User/preventUser', { uid: '1', status: '1' }],
    ['/api/User/GetBlackList', {}],
    ['/api/User/GetUserFansList', {}],
    ['/api/User/GetFocusList', {}],
    ['/api/Video/ReportUserReq', { uid: '1', reason: '其他' }],
  ])('%s needs a login (201 请先登录)', async (path, fields) => {
    const { body } = await call(null, path, fields);
    expect(body).toEqual({ ret: Ret.SessionInvalid, msg: '请先登录', data: null });
  });

  it('a forged token answers 201 登录已失效', async () => {
    const a = await server.registerUser();
    const { body } = await server.get('/api/User/GetFocusList', { ...tokenParams(a.token), sign: 'x'.repeat(64) });
    expect(body).toMatchObject({ ret: Ret.SessionInvalid, msg: '登录已失效，请重新登录' });
  });

  it('GetUserRelation is open to visitors with every flag 0', async () => {
    const a = await server.registerUser({ nickName: '小明' });
    const { body } = await relation(null, a.id);
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toEqual({
      userId: a.id, nickName: '小明', avatar: a.avatar, vipLevel: 0, bigV: false, kefu: false, introduce: '',
      focusStatus: 0, isBlackList: 0, blockedMe: 0,
    });
  });
});

describe('validation', () => {
  let a: TestUser;
  beforeAll(async () => {
    a = await server.registerUser();
  });

  it.each([
    ['/api/Video/FocusUPMaster', {}, Ret.MissingParam],
    ['/api/Video/FocusUPMaster', { userId: 'abc' }, Ret.BadParam],
    ['/api/Video/FocusUPMaster', { userId: '0' }, Ret.BadParam],
    ['/api/Video/FocusUPMaster', { userId: '-3' }, Ret.BadParam],
    ['/api/Video/FocusUPMaster', { userId: '99999999999' }, Ret.BadParam],
    ['/api/Video/FocusUPMaster', { userId: '1.5' }, Ret.BadParam],
    // The token fields carry the caller's own uid: an empty uid counts as absent.
    ['/api/User/preventUser', { uid: '', status: '1' }, Ret.MissingParam],
    ['/api/User/preventUser', { uid: '1' }, Ret.MissingParam],
    ['/api/User/preventUser', { uid: '1', status: '2' }, Ret.BadParam],
    ['/api/User/preventUser', { uid: '1', status: 'yes' }, Ret.BadParam],
    ['/api/User/GetBlackList', { page: '0' }, Ret.BadParam],
    ['/api/User/GetUserFansList', { pageSize: '51' }, Ret.BadParam],
    ['/api/User/GetFocusList', { pageSize: '0' }, Ret.BadParam],
    ['/api/User/GetFocusList', { page: 'x' }, Ret.BadParam],
    ['/api/User/GetUserRelation', { uid: '' }, Ret.MissingParam],
    ['/api/User/GetUserRelation', { uid: '0' }, Ret.BadParam],
    ['/api/Video/ReportUserReq', { uid: '', reason: '其他' }, Ret.MissingParam],
    ['/api/Video/ReportUserReq', { uid: '1' }, Ret.MissingParam],
    ['/api/Video/ReportUserReq', { uid: '1', reason: '我不喜欢' }, Ret.BadParam],
    ['/api/Video/ReportUserReq', { uid: '1', reason: '其他'.repeat(11) }, Ret.BadParam],
    ['/api/Video/ReportUserReq', { uid: '1', reason: '其他', content: '字'.repeat(201) }, Ret.BadParam],
    ['/api/Video/ReportUserReq', { uid: '1', reason: '其他', content: 'a\u0000b' }, Ret.BadParam],
  ])('%s %o → %i', async (path, fields, ret) => {
    const { body } = await call(a, path, fields);
    expect(body.ret).toBe(ret);
    expect(body.data).toBeNull();
    expect([...body.msg].length).toBeLessThanOrEqual(30);
  });

  it('unknown users answer 1006 用户不存在', async () => {
    for (const result of [
      await follow(a, 999_999),
      await prevent(a, 999_999, 1),
      await relation(a, 999_999),
      await report(a, 999_999),
    ]) {
      expect(result.body).toEqual({ ret: Ret.UserNotFound, msg: '用户不存在', data: null });
    }
  });

  it('oneself is refused: 8020 follow, 8022 block, 8023 report', async () => {
    expect((await follow(a, a.id)).body).toMatchObject({ ret: Ret.FollowSelf, msg: '不能关注自己' });
    expect((await prevent(a, a.id, 1)).body).toMatchObject({ ret: Ret.BlockSelf, msg: '不能拉黑自己' });
    expect((await report(a, a.id)).body).toMatchObject({ ret: Ret.ReportSelf, msg: '不能举报自己' });
  });
});

describe('follow toggle', () => {
  it('关注成功 then 已取消关注, seen in the relation, the lists and the totals', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser({ nickName: '被关注者' });
    const first = await follow(a, b.id);
    expect(first.body).toEqual({ ret: Ret.Ok, msg: '关注成功', data: { selected: true } });
    expect((await relation(a, b.id)).body.data).toMatchObject({ focusStatus: 1, isBlackList: 0, blockedMe: 0 });
    expect((await relation(b, a.id)).body.data).toMatchObject({ focusStatus: 0 });
    const focus = await listOf(a, '/api/User/GetFocusList');
    expect(focus.total).toBe(1);
    expect(focus.list[0]).toMatchObject({ userId: b.id, nickName: '被关注者', focusStatus: 1 });
    const fans = await listOf(b, '/api/User/GetUserFansList');
    expect(fans).toMatchObject({ total: 1, list: [{ userId: a.id, focusStatus: 0 }] });

    const second = await follow(a, b.id);
    expect(second.body).toEqual({ ret: Ret.Ok, msg: '已取消关注', data: { selected: false } });
    expect(await listOf(a, '/api/User/GetFocusList')).toEqual({ list: [], total: 0 });
    expect(await listOf(b, '/api/User/GetUserFansList')).toEqual({ list: [], total: 0 });
  });

  it('following back shows focusStatus 1 in the fans list', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    await follow(a, b.id);
    await follow(b, a.id);
    expect((await listOf(b, '/api/User/GetUserFansList')).list[0]).toMatchObject({ userId: a.id, focusStatus: 1 });
  });
});

describe('block', () => {
  it('blocking removes follows both ways; following a blocked user is 8021, being blocked 8024', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    await follow(a, b.id);
    await follow(b, a.id);
    expect((await prevent(a, b.id, 1)).body).toEqual({ ret: Ret.Ok, msg: '已拉黑', data: { status: 1 } });
    expect((await listOf(a, '/api/User/GetFocusList')).total).toBe(0);
    expect((await listOf(a, '/api/User/GetUserFansList')).total).toBe(0);
    expect((await relation(a, b.id)).body.data).toMatchObject({ focusStatus: 0, isBlackList: 1, blockedMe: 0 });
    expect((await relation(b, a.id)).body.data).toMatchObject({ focusStatus: 0, isBlackList: 0, blockedMe: 1 });

    expect((await follow(a, b.id)).body).toMatchObject({ ret: Ret.FollowBlockedUser, msg: '你已拉黑该用户，请先移出黑名单' });
    expect((await follow(b, a.id)).body).toMatchObject({ ret: Ret.FollowBlockedByUser, msg: '对方已将你拉黑，无法关注' });
    expect((await listOf(b, '/api/User/GetFocusList')).total).toBe(0);

    // Blocking twice keeps one entry.
    expect((await prevent(a, b.id, 1)).body.data).toEqual({ status: 1 });
    expect(await listOf(a, '/api/User/GetBlackList')).toMatchObject({ total: 1, list: [{ userId: b.id, isBlackList: 1 }] });

    expect((await prevent(a, b.id, 0)).body).toEqual({ ret: Ret.Ok, msg: '已移出黑名单', data: { status: 0 } });
    expect(await listOf(a, '/api/User/GetBlackList')).toEqual({ list: [], total: 0 });
    // Unblocking does not bring the follows back; following works again.
    expect((await relation(a, b.id)).body.data).toMatchObject({ focusStatus: 0, isBlackList: 0 });
    expect((await follow(b, a.id)).body.data).toEqual({ selected: true });
    // Unblocking someone not blocked is fine.
    expect((await prevent(a, b.id, 0)).body.data).toEqual({ status: 0 });
  });
});

describe('lists paging', () => {
  it('newest first, pages of pageSize with the total', async () => {
    const owner = await server.registerUser();
    const others: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const other = await server.registerUser();
      others.push(other);
      clock.advance(MINUTE);
      await follow(owner, other.id);
      await follow(other, owner.id);
      await prevent(owner, other.id, 1);
      // The block ended both follows: follow again for the focus and fans lists.
      await prevent(owner, other.id, 0);
      await follow(owner, other.id);
      await follow(other, owner.id);
    }
    for (const other of others) {
      clock.advance(MINUTE);
      await prevent(owner, other.id, 1);
    }
    const newestFirst = [...others].reverse().map((u) => u.id);
    const blocked1 = await listOf(owner, '/api/User/GetBlackList', { page: '1', pageSize: '2' });
    const blocked2 = await listOf(owner, '/api/User/GetBlackList', { page: '2', pageSize: '2' });
    const blocked3 = await listOf(owner, '/api/User/GetBlackList', { page: '3', pageSize: '2' });
    expect(blocked1.total).toBe(5);
    expect([...blocked1.list, ...blocked2.list, ...blocked3.list].map((u) => u.userId)).toEqual(newestFirst);
    expect(blocked3.list).toHaveLength(1);
    expect((await listOf(owner, '/api/User/GetBlackList', { page: '4', pageSize: '2' })).list).toEqual([]);
  });

  it('fans and focus lists page newest first', async () => {
    const owner = await server.registerUser();
    const fans: TestUser[] = [];
    for (let i = 0; i < 3; i += 1) {
      const fan = await server.registerUser();
      fans.push(fan);
      clock.advance(MINUTE);
      await follow(fan, owner.id);
      await follow(owner, fan.id);
    }
    const page1 = await listOf(owner, '/api/User/GetUserFansList', { page: '1', pageSize: '2' });
    const page2 = await listOf(owner, '/api/User/GetUserFansList', { page: '2', pageSize: '2' });
    expect(page1.total).toBe(3);
    expect([...page1.list, ...page2.list].map((u) => u.userId)).toEqual(fans.map((u) => u.id).reverse());
    expect(page1.list.every((u) => u.focusStatus === 1)).toBe(true);
    const focus = await listOf(owner, '/api/User/GetFocusList');
    expect(focus.list.map((u) => u.userId)).toEqual(fans.map((u) => u.id).reverse());
  });
});

describe('report', () => {
  it('stores the report with 已收到您的举报', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const { body } = await report(a, b.id, { reason: '垃圾广告', content: '  发广告链接  ' });
    expect(body).toEqual({ ret: Ret.Ok, msg: '已收到您的举报', data: null });
    const rows = await server.db.query<{ reason: string; content: string }>(
      'SELECT reason, content FROM user_reports WHERE reporter_uid = $1 AND reported_uid = $2',
      [a.id, b.id],
    );
    expect(rows).toEqual([{ reason: '垃圾广告', content: '发广告链接' }]);
    expect((await report(a, b.id, { reason: '其他', content: '字'.repeat(200) })).body.ret).toBe(Ret.Ok);
  });

  it('at most 10 reports a day per reporter (1005), again after 24 hours', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    for (let i = 0; i < 10; i += 1) expect((await report(a, b.id)).body.ret).toBe(Ret.Ok);
    expect((await report(a, b.id)).body).toEqual({ ret: Ret.TooManyAttempts, msg: '举报过于频繁，请稍后再试', data: null });
    // Another reporter is not limited.
    const c = await server.registerUser();
    expect((await report(c, b.id)).body.ret).toBe(Ret.Ok);
    clock.advance(DAY);
    expect((await report(a, b.id)).body.ret).toBe(Ret.Ok);
  });
});
