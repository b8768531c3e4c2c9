import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { FollowController } from '../../../src/core/social/follow-controller.ts';
import { followLabel, followStep, initialFollowState, relationOf } from '../../../src/core/social/follow-machine.ts';
import { listedUser, userPage } from '../../../src/core/shared-kernel/listed-user.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { returnAddress } from '../../../src/core/shared-kernel/login-redirect.ts';
import { BlockStatus, REPORT_REASONS } from '../../../src/core/social/social-protocol.ts';
import { reportContentProblem } from '../../../src/core/social/social-rules.ts';
import { SocialService } from '../../../src/core/social/social-service.ts';
import { installFakeSocialApi } from '../../../adapters/http/fake-social-api.ts';

const ME = 1;
const B = 2;

function setup(options: { viewer?: number | null; path?: string; query?: Record<string, string> } = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: options.path ?? `/space/${B}` });
  if (options.query) world.navigator.replace(options.path ?? `/space/${B}`, options.query);
  const api = installFakeSocialApi(world.http, ME);
  const service = container.get(SocialService);
  let viewer: number | null = options.viewer === undefined ? ME : options.viewer;
  const controller = (uid = B) =>
    new FollowController(uid, { service, navigator: world.navigator, notifier: world.notifier, viewerId: () => viewer });
  return { world, api, service, controller, setViewer: (id: number | null) => (viewer = id) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('follow machine', () => {
  it('labels and relations', () => {
    expect(followLabel('none')).toBe('关注');
    expect(followLabel('followed')).toBe('已关注');
    expect(followLabel('blocked')).toBe('已拉黑');
    expect(relationOf({ focusStatus: 1, isBlackList: 1 })).toBe('blocked');
    expect(relationOf({ focusStatus: 1, isBlackList: 0 })).toBe('followed');
  });

  it('a tap while a call is pending is ignored', () => {
    const first = followStep(initialFollowState, { kind: 'tapped', viewer: 'user' });
    expect(first.effect).toBe('requestFollow');
    expect(followStep(first.state, { kind: 'tapped', viewer: 'user' }).effect).toBe('none');
  });

  it('blocking elsewhere clears the follow; unblocking elsewhere leaves 关注', () => {
    const followed = { relation: 'followed' as const, pending: 'none' as const };
    const blocked = followStep(followed, { kind: 'blockChanged', status: 1 }).state;
    expect(blocked.relation).toBe('blocked');
    expect(followStep(blocked, { kind: 'blockChanged', status: 0 }).state.relation).toBe('none');
    expect(followStep(blocked, { kind: 'followChanged', selected: true }).state.relation).toBe('blocked');
  });
});

describe('FollowController', () => {
  it('关注 → 已关注 → 关注 through data.selected, the server msg toasted for 1 s', async () => {
    const { controller, world, api } = setup();
    const button = controller();
    expect(button.label()).toBe('关注');
    await button.tapped();
    expect(button.label()).toBe('已关注');
    expect(world.notifier.lastToast()).toEqual({ message: '关注成功', durationMs: 1000, position: 'bottom' });
    expect(api.calls[0]?.params.userId).toBe(String(B));
    await button.tapped();
    expect(button.label()).toBe('关注');
    expect(world.notifier.lastToast()?.message).toBe('已取消关注');
  });

  it('a failed call keeps the state and shows the server message; 8021 shows 已拉黑', async () => {
    const { controller, world, api } = setup();
    const button = controller();
    api.failWith = { ret: 500, msg: '服务器繁忙，请稍后再试' };
    await button.tapped();
    expect(button.label()).toBe('关注');
    expect(world.notifier.lastToast()).toMatchObject({ message: '服务器繁忙，请稍后再试', durationMs: 5000 });
    api.failWith = null;
    api.blocked.add(B);
    await button.tapped();
    expect(button.label()).toBe('已拉黑');
  });

  it('已拉黑: a tap asks 取消拉黑; cancel keeps it, confirm unblocks through status 0 and shows 关注', async () => {
    const { controller, world, api } = setup();
    api.blocked.add(B);
    const real = controller();
    real.loaded({ focusStatus: 1, isBlackList: 1 });
    expect(real.label()).toBe('已拉黑');
    const cancelled = real.tapped();
    await flush();
    expect(world.notifier.dialogs[0]?.options).toEqual({ title: '取消拉黑', message: '您已拉黑该用户，是否移出黑名单？', confirmText: '确定', cancelText: '取消' });
    world.notifier.answer(false);
    await cancelled;
    expect(real.label()).toBe('已拉黑');
    expect(api.calls).toHaveLength(0);

    const confirmed = real.tapped();
    await flush();
    world.notifier.answer(true);
    await confirmed;
    expect(api.calls.map((c) => [c.path, c.params.uid, c.params.status])).toEqual([['/api/User/preventUser', String(B), '0']]);
    expect(real.label()).toBe('关注');
    expect(world.notifier.lastToast()?.message).toBe('已移出黑名单');
  });

  it('the server status decides: status 1 after an unblock keeps 已拉黑', async () => {
    const { controller, world, api } = setup();
    world.http.route('GET', '/api/User/preventUser', (call) => {
      api.calls.push(call);
      return { body: { ret: 200, msg: '已拉黑', data: { status: 1 } } };
    });
    const button = controller();
    button.loaded({ focusStatus: 0, isBlackList: 1 });
    const tap = button.tapped();
    await flush();
    world.notifier.answer(true);
    await tap;
    expect(button.label()).toBe('已拉黑');
  });

  it('blocking through the service (chat settings) turns every button of that user to 已拉黑', async () => {
    const { controller, service } = setup();
    const button = controller();
    const other = controller(3);
    button.watchChanges();
    other.watchChanges();
    await button.tapped();
    expect(button.label()).toBe('已关注');
    await service.setBlocked(B, BlockStatus.Blocked);
    expect(button.label()).toBe('已拉黑');
    expect(other.label()).toBe('关注');
    await service.setBlocked(B, BlockStatus.Unblocked);
    expect(button.label()).toBe('关注');
    button.dispose();
    await service.setBlocked(B, BlockStatus.Blocked);
    expect(button.label()).toBe('关注');
  });

  it('hidden for the own id; a visitor goes to /login with the current path and query as the return target', async () => {
    const own = setup({ viewer: B });
    expect(own.controller().visible()).toBe(false);
    await own.controller().tapped();
    expect(own.api.calls).toHaveLength(0);

    const visitor = setup({ viewer: null, path: '/space/2', query: { from: 'home' } });
    const button = visitor.controller();
    expect(button.visible()).toBe(true);
    expect(button.label()).toBe('关注');
    await button.tapped();
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/space/2?from=home' } });
    expect(visitor.api.calls).toHaveLength(0);
  });
});

describe('SocialService', () => {
  it('lists, relation and report', async () => {
    const { service, api } = setup();
    api.following.add(5);
    api.following.add(6);
    for (const fan of [101, 102, 103]) api.follows.set(fan, new Set([ME]));
    expect((await service.list('focus', 1, 1)).list.map((u) => u.userId)).toEqual([6]);
    expect((await service.list('fans', 1)).total).toBe(3);
    expect(await service.relation(6)).toMatchObject({ userId: 6, focusStatus: 1, isBlackList: 0 });

    expect(await service.report(6, null, '')).toEqual({ kind: 'invalid', message: '请选择举报原因' });
    expect(await service.report(6, '不喜欢', '')).toEqual({ kind: 'invalid', message: '请选择举报原因' });
    expect(await service.report(6, '其他', '字'.repeat(201))).toEqual({ kind: 'invalid', message: '描述最多200个字' });
    expect(api.calls.filter((c) => c.path.endsWith('ReportUserReq'))).toHaveLength(0);
    expect(await service.report(6, '垃圾广告', ' 广告 ')).toEqual({ kind: 'reported', message: '已收到您的举报' });
    expect(await service.report(6, '其他', '')).toEqual({ kind: 'reported', message: '已收到您的举报' });
    expect(api.reports).toEqual([{ uid: 6, reason: '垃圾广告', content: '广告' }, { uid: 6, reason: '其他', content: '' }]);
    api.failWith = { ret: 1005, msg: '举报过于频繁，请稍后再试' };
    expect(await service.report(6, '其他', '')).toEqual({ kind: 'failed' });
  });
});

describe('rules and parsing', () => {
  it('reasons, content and the return address', () => {
    expect(REPORT_REASONS).toEqual(['色情低俗', '政治敏感', '违法犯罪', '垃圾广告', '人身攻击', '其他']);
    expect(reportContentProblem('字'.repeat(200))).toBeNull();
    expect(reportContentProblem('a\u0007')).toBe('描述含有不支持的字符');
    expect(reportContentProblem('第一行\n第二行')).toBeNull();
    expect(returnAddress({ path: '/space/3', query: {} })).toBe('/space/3');
  });

  it('reads listed users defensively (focus or focusStatus, uid or id)', () => {
    expect(parsed(listedUser, { uid: '7', focus: true, isBlackList: '1', vipLevel: -1 })).toMatchObject({ userId: 7, focusStatus: 1, isBlackList: 1, vipLevel: 0 });
    expect(parsed(listedUser, { nickName: 'x' })).toBeNull();
    expect(parsed(userPage, { list: [{ userId: 1 }, null, { userId: 0 }] })).toMatchObject({ total: 1, list: [{ userId: 1 }] });
    expect(parsed(userPage, {})).toEqual({ list: [], total: 0 });
    expect(parsed(userPage, null)).toBeNull();
  });
});
