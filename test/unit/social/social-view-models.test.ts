import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { FollowControllerFactory } from '../../../src/core/social/follow-controller.ts';
import { SocialService } from '../../../src/core/social/social-service.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { FollowButtonViewModel } from '../../../src/ui/social/follow-button-view-model.ts';
import {
  BlacklistViewModel,
  ChatSetViewModel,
  ComplaintViewModel,
  SpaceActionsViewModel,
  UserListViewModel,
  userIdFrom,
  userListKindOf,
} from '../../../src/ui/social/social-view-models.ts';
import { installFakeSocialApi } from '../../../adapters/http/fake-social-api.ts';

const B = 900;

async function setup(options: { loggedIn?: boolean; path?: string } = {}) {
  const { container, world } = createHeadlessCore({ path: options.path ?? '/chatSet' });
  const api = installFakeSocialApi(world.http);
  const session = container.get(UserSession);
  if (options.loggedIn !== false) {
    const outcome = await container.get(SessionService).register({ userName: 'social_1', nickName: '甲', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
    api.me = session.user()?.id ?? 0;
  }
  const model = new SessionModel(session);
  const service = container.get(SocialService);
  const deps = { session: model, service, navigator: world.navigator, notifier: world.notifier };
  return { container, world, api, model, service, deps };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FollowButtonViewModel', () => {
  it('reads the relation when not given, mirrors taps, hides on the own id', async () => {
    const { container, api, model, service } = await setup();
    api.following.add(B);
    const vm = new FollowButtonViewModel(container.get<FollowControllerFactory>(FollowControllerFactory)(B), model, service, false);
    const stop = vm.opened();
    await flush();
    expect(vm.label).toBe('已关注');
    expect(vm.visible).toBe(true);
    await vm.tapped();
    expect(vm.label).toBe('关注');
    stop();
    const own = new FollowButtonViewModel(container.get<FollowControllerFactory>(FollowControllerFactory)(api.me), model, service, false);
    expect(own.visible).toBe(false);
  });
});

describe('SpaceActionsViewModel', () => {
  it('私信 opens the chat with the partner; a visitor goes to /login', async () => {
    const { world, model } = await setup({ path: `/space/${B}` });
    new SpaceActionsViewModel(model, world.navigator, B).messageTapped({ nickName: '乙', avatar: '/a.png' });
    expect(world.navigator.current()).toEqual({ path: '/chat', query: { toUid: String(B), nickName: '乙', avatar: '/a.png' } });
    const visitor = await setup({ loggedIn: false, path: `/space/${B}` });
    const vm = new SpaceActionsViewModel(visitor.model, visitor.world.navigator, B);
    expect(vm.messageVisible).toBe(true);
    vm.messageTapped({ nickName: '乙', avatar: '' });
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: `/space/${B}` } });
  });
});

describe('ChatSetViewModel', () => {
  it('blocks after a confirm, unblocks after the 取消拉黑 confirm; 查看主页 and 举报', async () => {
    const { world, api, deps } = await setup();
    api.following.add(B);
    const vm = new ChatSetViewModel(deps, B);
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.blockText).toBe('加入黑名单');
    const cancelled = vm.blockTapped();
    await flush();
    expect(world.notifier.dialogs[0]?.options.title).toBe('加入黑名单');
    world.notifier.answer(false);
    await cancelled;
    expect(api.blocked.has(B)).toBe(false);
    const blocking = vm.blockTapped();
    await flush();
    world.notifier.answer(true);
    await blocking;
    expect(api.blocked.has(B)).toBe(true);
    expect(vm.blockText).toBe('移出黑名单');
    expect(vm.user?.focusStatus).toBe(0);
    const unblocking = vm.blockTapped();
    await flush();
    expect(world.notifier.dialogs[0]?.options).toMatchObject({ title: '取消拉黑', message: '您已拉黑该用户，是否移出黑名单？' });
    world.notifier.answer(true);
    await unblocking;
    expect(vm.blockText).toBe('加入黑名单');
    vm.viewSpaceTapped();
    expect(world.navigator.current().path).toBe(`/space/${B}`);
    vm.reportTapped();
    expect(world.navigator.current()).toEqual({ path: '/complaint', query: { uid: String(B) } });
  });

  it('a visitor is sent to /login; a bad toUid shows 用户不存在', async () => {
    const visitor = await setup({ loggedIn: false, path: '/chatSet' });
    visitor.world.navigator.replace('/chatSet', { toUid: '5' });
    await new ChatSetViewModel(visitor.deps, 5).load();
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/chatSet?toUid=5' } });
    const { deps } = await setup();
    const vm = new ChatSetViewModel(deps, userIdFrom('abc'));
    await vm.load();
    expect(vm.status).toBe('missing');
  });
});

describe('ComplaintViewModel', () => {
  it('needs a reason, limits the description, reports, shows the dialog and goes back', async () => {
    const { world, api, deps } = await setup({ path: '/chatSet' });
    world.navigator.push('/complaint', { uid: String(B) });
    const vm = new ComplaintViewModel(deps, B);
    expect(vm.canSubmit).toBe(false);
    await vm.submitTapped();
    expect(world.notifier.lastToast()).toEqual({ message: '请选择举报原因', durationMs: 1500, position: 'bottom' });
    vm.reasonChosen('人身攻击');
    vm.contentChanged('字'.repeat(201));
    expect(vm.counterText).toBe('201/200');
    expect(vm.canSubmit).toBe(false);
    vm.contentChanged('骂人');
    expect(vm.canSubmit).toBe(true);
    const submitted = vm.submitTapped();
    await flush();
    await flush();
    expect(world.notifier.dialogs[0]?.options).toEqual({ title: '已收到您的举报', message: '如果该内容违反社区规范，我们将予以删除。', confirmText: '我知道了' });
    world.notifier.answer(true);
    await submitted;
    expect(api.reports).toEqual([{ uid: B, reason: '人身攻击', content: '骂人' }]);
    expect(world.navigator.current().path).toBe('/chatSet');
  });
});

describe('lists', () => {
  it('the blacklist removes a row after the 取消拉黑 confirm', async () => {
    const { world, api, deps } = await setup();
    api.blocked.add(B);
    api.blocked.add(B + 1);
    const vm = new BlacklistViewModel(deps);
    vm.list.opened();
    await flush();
    expect(vm.list.items.map((u) => u.userId)).toEqual([B + 1, B]);
    const first = vm.list.items[0];
    if (!first) throw new Error('no row');
    const tap = vm.unblockTapped(first);
    await flush();
    world.notifier.answer(true);
    await tap;
    expect(vm.removed.has(B + 1)).toBe(true);
    expect(vm.allRemoved).toBe(false);
    expect(api.blocked.has(B + 1)).toBe(false);
  });

  it('/userListPage type: focus by default, fans on request; titles', async () => {
    expect(userListKindOf(undefined)).toBe('focus');
    expect(userListKindOf('fans')).toBe('fans');
    expect(userListKindOf('other')).toBe('focus');
    const { deps } = await setup();
    expect(new UserListViewModel(deps, 'focus').title).toBe('我的关注');
    expect(new UserListViewModel(deps, 'fans').emptyText).toBe('还没有粉丝');
    expect(userIdFrom('0')).toBeNull();
    expect(userIdFrom('12')).toBe(12);
  });
});
