import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { RegionKeys } from '../../../src/core/shared-kernel/region-keys.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { PurchaseService } from '../../../src/core/vip/purchase-service.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { PurchaseViewModel, type PurchaseActivities, priceText, type PurchaseMode } from '../../../src/ui/vip/purchase-view-model.ts';
import { installFakeVipApi } from '../../../adapters/http/fake-vip-api.ts';

function setup(mode: PurchaseMode = 'vip', query: Record<string, string> = {}, path = `/${mode}`, activities?: PurchaseActivities, isIos = false) {
  const { container, world } = createHeadlessCore({ path });
  const api = installFakeVipApi(world.http);
  api.gateway = 'https://pay.example/gw';
  api.customerService = { id: 777, nickName: '官方客服', avatar: '' };
  const sessions = container.get(SessionService);
  const model = new SessionModel(container.get(UserSession));
  const service = container.get(PurchaseService);
  const vm = new PurchaseViewModel(mode, query, {
    session: model,
    sessions,
    service,
    navigator: world.navigator,
    notifier: world.notifier,
    bridge: world.nativeBridge,
    isIos,
    ...(activities ? { activities } : {}),
  });
  const register = async () => {
    const outcome = await sessions.register({ userName: 'buyer_1', nickName: '买家', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
    world.navigator.push(path, query);
  };
  return { world, api, vm, register, service, sessions };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PurchaseViewModel', () => {
  it('loads the categories, selects the first package and method, and shows the charged price', async () => {
    const { vm } = setup();
    expect(vm.status).toBe('loading');
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.categories.map((c) => c.name)).toEqual(['黄金VIP', '钻石VIP']);
    expect(vm.selectedPackage?.name).toBe('月卡');
    expect(vm.selectedPayType?.payType).toBe(-1);
    expect(vm.totalText).toBe('€25');
    expect(vm.headerLine.kind).toBe('visitor');
    vm.tabTapped(1);
    expect(vm.selectedPackage?.name).toBe('钻石月卡');
    expect(vm.totalText).toBe('€50');
    expect(priceText('€', 25.5)).toBe('€25.50');
  });

  it('a visitor tapping pay goes to /login with a redirect back', async () => {
    const { vm, world } = setup('vip');
    await vm.load();
    await vm.payTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/vip' } });
  });

  it('card: creates the order with a key and goes to /notice with its id; a retry reuses the key', async () => {
    const { vm, world, register } = setup();
    await register();
    await vm.load();
    world.http.route('GET', '/api/payment/CreateOrder', () => ({ body: { ret: 7005, msg: '价格不一致', data: null } }));
    await vm.payTapped();
    expect(world.navigator.current().path).toBe('/vip');
    const failedKey = world.http.requests.at(-1)?.params?.IdempotencyKey;
    installFakeVipApi(world.http);
    await vm.payTapped();
    const order = world.http.requests.at(-1)?.params;
    expect(order?.IdempotencyKey).toBe(failedKey);
    expect(order).toMatchObject({ ProductID: 11, SysName: 'h5', Promotions: 'P1', payType: -1 });
    expect(world.navigator.current()).toEqual({ path: '/notice', query: { orderId: 'VO000000000000000000000001' } });
    expect(String(failedKey)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('iOS: the gateway is left for only after 即将跳转到支付页面; cancelling stays on /vip and leaves the order as it is (issue 31)', async () => {
    const { vm, world, register } = setup('vip', {}, '/vip', undefined, true);
    await register();
    await vm.load();
    vm.payTypeTapped(5);
    const paying = vm.payTapped();
    await expect.poll(() => world.notifier.dialogs.length).toBe(1);
    expect(world.notifier.dialogs[0]?.options).toMatchObject({ message: '即将跳转到支付页面', confirmText: '确定', cancelText: '取消' });
    const orders = world.http.requests.filter((request) => request.url === '/api/payment/CreateGatewayOrder');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.params).not.toHaveProperty('SysName');
    world.notifier.answer(false);
    await paying;
    expect(world.navigator.opened).toEqual([]);
    expect(world.navigator.current().path).toBe('/vip');
    // Again, confirmed (a new attempt, a new order; the first waits unpaid until it expires): the browser goes to the
    // gateway with its params as the query string.
    const again = vm.payTapped();
    await expect.poll(() => world.notifier.dialogs.length).toBe(1);
    world.notifier.answer(true);
    await again;
    expect(world.navigator.opened).toEqual([{ url: 'https://pay.example/gw?orderId=VO000000000000000000000002&amount=25.00&currency=EUR', newWindow: false }]);
  });

  it('elsewhere (Android): the gateway address with its params at once, no confirm', async () => {
    const { vm, world, register } = setup();
    await register();
    await vm.load();
    vm.payTypeTapped(5);
    await vm.payTapped();
    expect(world.notifier.dialogs).toEqual([]);
    expect(world.navigator.opened).toEqual([{ url: 'https://pay.example/gw?orderId=VO000000000000000000000001&amount=25.00&currency=EUR', newWindow: false }]);
  });

  it('gateway opens the address in this window; manual payment opens the customer-service chat', async () => {
    const { vm, world, register } = setup();
    await register();
    await vm.load();
    vm.payTypeTapped(5);
    await vm.payTapped();
    expect(world.navigator.opened.at(-1)).toEqual({ url: 'https://pay.example/gw?orderId=VO000000000000000000000001&amount=25.00&currency=EUR', newWindow: false });
    vm.payTypeTapped(3);
    await vm.payTapped();
    expect(world.navigator.current().path).toBe('/chat');
    // Only toUid travels in the query; type and msgParams are route parameters (navigation state, spec §2).
    expect(world.navigator.current().query).toEqual({ toUid: '777' });
    expect(world.navigator.current().state?.type).toBe('pay');
    expect(JSON.parse(world.navigator.current().state?.msgParams ?? '{}')).toMatchObject({ payType: 3, toUid: expect.any(Number) as number });
  });

  it('alipay-style creates the order (payType 0) and navigates to /zfbPay with its id', async () => {
    const { vm, world, register } = setup();
    await register();
    await vm.load();
    vm.payTypeTapped(0);
    await vm.payTapped();
    expect(world.http.requests.at(-1)?.params).toMatchObject({ ProductID: 11, payType: 0 });
    expect(world.navigator.current().path).toBe('/zfbPay');
    expect(world.navigator.current().query).toMatchObject({ orderId: 'VO000000000000000000000001', disrmb: '180' });
  });

  it('7003: the dialog, then /user, and no leave confirmation; the custom region is sent', async () => {
    const { vm, world, api } = setup('openVip', {}, '/openVip');
    world.local.set(RegionKeys.useCustomArea, 'true');
    world.local.set(RegionKeys.customAreaCode, 'KP');
    api.refuse = { ret: 7003, msg: '当前地区暂未开放VIP购买' };
    const loading = vm.load();
    await flush();
    expect(api.calls[0]?.params.region).toBe('KP');
    expect(world.notifier.dialogs[0]?.options.message).toBe('当前地区暂未开放VIP购买');
    world.notifier.answer(true);
    await loading;
    expect(world.navigator.current().path).toBe('/user');
    expect(vm.leaveFor('/user').kind).toBe('leave');
  });

  it('another ret toasts at the bottom for 1 s; a network failure shows the network box', async () => {
    const { vm, world, api } = setup();
    api.refuse = { ret: 1002, msg: '参数错误' };
    await vm.load();
    expect(world.notifier.lastToast()).toEqual({ message: '参数错误', durationMs: 1000, position: 'bottom' });
    expect(vm.status).toBe('empty');
    world.http.setOnline(false);
    await vm.load();
    expect(vm.status).toBe('network');
  });

  it('/openVip: preselection, title, the scanned-code dialog and the leave rule', async () => {
    const { vm, world, register, api } = setup('openVip', { uid: '99999', categoryId: '2', type: '1' }, '/openVip');
    await register();
    await vm.load();
    // The user holds no VIP category: vipCategoryId travels empty, beside the chosen categoryId (spec §7).
    expect(api.calls[0]?.params).toMatchObject({ categoryId: '2', ToUID: '99999', vipCategoryId: '', ProductID: '' });
    expect(vm.title).toBe('续费VIP会员');
    expect(vm.selectedPackage?.name).toBe('钻石月卡');
    const asking = vm.askScannedGift();
    expect(world.notifier.dialogs[0]?.options.confirmText).toBe('帮好友开通');
    world.notifier.answer(true);
    await asking;
    expect(world.navigator.current()).toEqual({ path: '/giveVip', query: { userId: '99999', categoryId: '2' } });
    expect(vm.leaveFor('/user').kind).toBe('confirm');
    expect(vm.leaveFor('/vip').kind).toBe('confirm');
    expect(vm.leaveFor('/rank').kind).toBe('leave');
  });

  it('a VIP holder: GetVipPayType carries the category the user holds as vipCategoryId, the other ids empty (issue 20, item 13)', async () => {
    const { vm, world, register, api, sessions } = setup('vip');
    await register();
    // The server now says the user holds 钻石VIP (category 2), as GetUserInfo answers after a purchase.
    const holder = vm.user;
    if (holder === null) throw new Error('not signed in');
    world.http.route('POST', '/api/User/GetUserInfo', () => ({
      body: { ret: 200, msg: '', data: { ...holder, vipLevel: 2, vipCategoryId: 2, vipTypeName: '钻石VIP', eDate: '2027-01-01' } },
    }));
    await sessions.refreshUserInfo();
    expect(vm.user?.vipCategoryId).toBe(2);
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(api.calls).toHaveLength(1);
    const call = api.calls[0];
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/api/User/GetVipPayType');
    expect(call?.params).toMatchObject({ vipCategoryId: '2', ProductID: '', ToUID: '', categoryId: '' });
  });

  it('/giveVip buys for the friend; in a native web view /openVip back closes the view', async () => {
    const { vm, world, register } = setup('giveVip', { userId: '4242', packId: '12' }, '/giveVip');
    await register();
    await vm.load();
    expect(vm.giftLine).toContain('4242');
    expect(vm.selectedPackage?.name).toBe('季卡');
    vm.payTypeTapped(0);
    await vm.payTapped();
    expect(world.http.requests.at(-1)?.params).toMatchObject({ ToUID: 4242, ProductID: 12 });
    expect(vm.nativeBack()).toBe(false);
    world.nativeBridge.setPlatform('android');
    expect(vm.nativeBack()).toBe(true);
    expect(world.nativeBridge.calls.at(-1)?.name).toBe('closeWebView');
  });

  it('prices the cards and the total itself: the discounted pair, the original struck through, the share discount in the total and the order', async () => {
    const calls: string[] = [];
    const share = { useDiscount: true, granted: 1, tabChanged: (index: number) => calls.push(`tab ${index}`), load: async () => void calls.push('share load'), dispose: () => calls.push('share dispose') };
    const bargain = { bargainKeyFor: () => null, snapshot: { info: { price: 0 } }, load: async () => void calls.push('bargain load'), dispose: () => calls.push('bargain dispose') };
    const { vm, world, register } = setup('vip', {}, '/vip', { share, bargain } as unknown as PurchaseActivities);
    await register();
    const stop = vm.opened();
    await flush();
    expect(calls.slice(0, 2)).toEqual(['bargain load', 'share load']);
    expect(vm.cards.map((card) => [card.pkg.name, card.priceText, card.originalText])).toEqual([['月卡', '€25', '€30'], ['季卡', '€80', null]]);
    expect(vm.totalText).toBe('€24');
    await vm.payTapped();
    expect(world.http.requests.at(-1)?.params).toMatchObject({ ShareDiscount: 1, payType: -1 });
    vm.tabTapped(1);
    expect(calls).toContain('tab 1');
    stop();
    expect(calls.slice(-2)).toEqual(['bargain dispose', 'share dispose']);
  });
});
