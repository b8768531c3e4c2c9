import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { Navigator } from '../../../src/core/ports/navigator.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { GLOBAL_TICK_MS, GlobalTimer } from '../../../src/core/shell/global-timer.ts';
import { RECHARGE_ACTIVITY_KEY, RechargeActivityService } from '../../../src/core/vip/recharge-activity.ts';
import { UnreadCountService } from '../../../src/core/shell/unread-count.ts';
import { VipIconKeys, VipIconMachine, VipIconState } from '../../../src/core/shared-kernel/vip-icon.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { ShellViewModel } from '../../../src/ui/shell/shell-view-model.ts';

const ACTIVITY = { title: '充值享优惠', status: 1, type: 0, activityRule: '规则' };

function setup(options: { activity?: unknown; count?: number; iosSafari?: boolean; loggedIn?: boolean } = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false });
  let count = options.count ?? 3;
  const calls = { activity: 0, unread: 0 };
  world.http.route('GET', '/api/home/GetActivity', () => {
    calls.activity++;
    return { body: { ret: 200, msg: '成功', data: options.activity === undefined ? ACTIVITY : options.activity } };
  });
  world.http.route('GET', '/api/user/GetUserMegCount', () => {
    calls.unread++;
    return { body: { ret: 200, msg: '成功', data: { count } } };
  });
  const session = container.get(UserSession);
  const user = parseUser({ token: { uid: 7, token: 't' }, nickName: '演示用户', newWorks: true });
  if (!user) throw new Error('user');
  if (options.loggedIn !== false) session.signedIn(user);
  const vm = new ShellViewModel({
    session: new SessionModel(session),
    userSession: session,
    icon: container.get(VipIconMachine),
    activity: container.get(RechargeActivityService),
    unread: container.get(UnreadCountService),
    timer: container.get(GlobalTimer),
    navigator: container.get<Navigator>(Navigator),
    iosSafari: options.iosSafari ?? false,
  });
  const settle = () => world.clock.advanceAsync(0);
  return { vm, world, session, user, calls, settle, setCount: (n: number) => (count = n) };
}

describe('ShellViewModel: unread count and red dots', () => {
  it('asks for the unread count at start and shows the account dot; discovery dot from newWorks', async () => {
    const { vm, calls, settle } = setup();
    vm.opened();
    await settle();
    expect(calls.unread).toBe(1);
    expect(vm.unreadCount).toBe(3);
    const dots = Object.fromEntries(vm.tabs.map((t) => [t.key, t.dot]));
    expect(dots).toEqual({ home: false, discovery: true, vip: false, rank: false, user: true });
  });

  it('never asks for a visitor', async () => {
    const { vm, calls, settle, world } = setup({ loggedIn: false });
    vm.opened();
    vm.routeChanged('/rank', true);
    await world.clock.advanceAsync(GLOBAL_TICK_MS * 2);
    await settle();
    expect(calls.unread).toBe(0);
    expect(vm.tabs.every((t) => !t.dot)).toBe(true);
  });

  it('refreshes on the 60 s tick, on a route change to a tab page, on login and logout', async () => {
    const { vm, calls, settle, world, session, user, setCount } = setup();
    vm.opened();
    await settle();
    expect(calls.unread).toBe(1);
    await world.clock.advanceAsync(GLOBAL_TICK_MS - 1);
    expect(calls.unread).toBe(1);
    setCount(0);
    await world.clock.advanceAsync(1);
    expect(calls.unread).toBe(2);
    expect(vm.unreadCount).toBe(0);
    vm.routeChanged('/login', false);
    await settle();
    expect(calls.unread).toBe(2);
    setCount(4);
    vm.routeChanged('/rank', true);
    await settle();
    expect(calls.unread).toBe(3);
    expect(vm.unreadCount).toBe(4);
    vm.routeChanged('/rank', true);
    await settle();
    expect(calls.unread).toBe(3);
    session.clear();
    await settle();
    expect(vm.unreadCount).toBe(0);
    expect(calls.unread).toBe(3);
    session.signedIn(user);
    await settle();
    expect(calls.unread).toBe(4);
    expect(vm.unreadCount).toBe(4);
  });

  it('stops the timer when stopped', async () => {
    const { vm, world, calls, settle } = setup();
    const stop = vm.opened();
    await settle();
    stop();
    await world.clock.advanceAsync(GLOBAL_TICK_MS * 3);
    expect(calls.unread).toBe(1);
  });
});

describe('ShellViewModel: VIP tab', () => {
  it('shows the activity title with the animated icon, and a tap moves 1 → 2 storing the date', async () => {
    const { vm, world, settle } = setup();
    vm.opened();
    await settle();
    const vip = () => vm.tabs.find((t) => t.key === 'vip');
    expect(vip()).toMatchObject({ label: '充值享优惠', animated: true });
    expect(JSON.parse(world.local.get(RECHARGE_ACTIVITY_KEY) ?? 'null')).toEqual({ status: 1, type: 0, activityRule: '规则' });
    vm.tabTapped('vip');
    expect(vm.iconState).toBe(VipIconState.Seen);
    expect(vip()).toMatchObject({ label: 'VIP', animated: false });
    expect(world.local.get(VipIconKeys.date)).toBe('2026-01-01');
    expect(world.navigator.current().path).toBe('/vip');
  });

  it('shows plain VIP (state 3) when no activity runs, or a bargain one', async () => {
    for (const activity of [null, { ...ACTIVITY, type: 1 }, { ...ACTIVITY, status: 0 }]) {
      const { vm, settle, world } = setup({ activity });
      vm.opened();
      await settle();
      expect(vm.iconState).toBe(VipIconState.Final);
      expect(vm.tabs.find((t) => t.key === 'vip')).toMatchObject({ label: 'VIP', animated: false });
      if (activity === null) expect(world.local.get(RECHARGE_ACTIVITY_KEY)).toBeNull();
    }
  });

  it('leaves the state alone when the activity call fails', async () => {
    const { vm, world, settle } = setup();
    world.http.route('GET', '/api/home/GetActivity', () => ({ status: 500, body: 'oops' }));
    vm.opened();
    await settle();
    expect(vm.iconState).toBeNull();
    expect(world.notifier.toasts).toEqual([]);
  });
});

describe('ShellViewModel: tab taps', () => {
  it('replaces between tabs, scrolls on the current tab, pushes discovery on iOS Safari', () => {
    const plain = setup();
    plain.vm.routeChanged('/', true);
    expect(plain.vm.tabTapped('home')).toBe('scrollTop');
    expect(plain.vm.tabTapped('rank')).toBe('navigated');
    expect(plain.world.navigator.current().path).toBe('/rank');
    expect(plain.world.navigator.entries().map((e) => e.path)).toEqual(['/rank']);
    plain.vm.routeChanged('/rank', true);
    plain.vm.tabTapped('discovery');
    expect(plain.world.navigator.entries().map((e) => e.path)).toEqual(['/discovery']);

    const ios = setup({ iosSafari: true });
    ios.vm.routeChanged('/', true);
    ios.vm.tabTapped('discovery');
    expect(ios.world.navigator.entries().map((e) => e.path)).toEqual(['/', '/discovery']);
    ios.vm.routeChanged('/discovery', true);
    ios.vm.tabTapped('user');
    expect(ios.world.navigator.entries().map((e) => e.path)).toEqual(['/', '/user']);
  });

  it('marks the active tab, home for a category alias', () => {
    const { vm } = setup();
    vm.routeChanged('/movie', true);
    expect(vm.tabs.filter((t) => t.active).map((t) => t.key)).toEqual(['home']);
    vm.routeChanged('/user', true);
    expect(vm.tabs.filter((t) => t.active).map((t) => t.key)).toEqual(['user']);
  });
});
