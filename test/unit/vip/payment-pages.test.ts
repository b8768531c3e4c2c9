import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { decidePayFlow } from '../../../src/core/vip/pay-flow.ts';
import { PaymentService } from '../../../src/core/vip/payment-service.ts';
import { PurchaseService } from '../../../src/core/vip/purchase-service.ts';
import { VipCalls } from '../../../src/core/vip/vip-protocol.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import {
  PayPageViewModel,
  CustomerServiceViewModel,
  PaymentOrderViewModel,
  PayResultViewModel,
} from '../../../src/ui/vip/payment-view-models.ts';
import { pkg as fixturePkg } from './fixtures.ts';
import { installFakeVipApi } from '../../../adapters/http/fake-vip-api.ts';

const pkg = fixturePkg({ packageId: 11, name: '月卡', price: 9.9, rmb: 68, disprice: null, disrmb: null, priceSymbol: '€', promotions: [] });

function orderRequest(payType = 0) {
  const flow = decidePayFlow(payType, { pkg, toUid: 1, payTitle: '支付宝', isIos: false });
  if (flow.kind !== 'order') throw new Error('expected an order');
  return flow.order;
}

async function setup(path = '/zfbPay') {
  const { container, world } = createHeadlessCore({ path });
  const session = container.get(UserSession);
  const api = installFakeVipApi(world.http);
  // The package these pages pay: 9.90 € or 68 ¥, no discount, no promotion.
  const month = api.catalogue.categoryList[0]?.data.find((item) => item.packageId === 11);
  if (month) Object.assign(month, { price: 9.9, rmb: 68, disprice: null, disrmb: null, promotions: [] });
  api.vipExpireDate = '2026-02-01';
  /** The user refreshes after a payment (GetUserInfo, counted here), and then holds VIP until the order's date. */
  const account = { userInfoCalls: 0 };
  world.http.route('POST', '/api/User/GetUserInfo', () => {
    account.userInfoCalls += 1;
    return { body: { ret: 200, msg: '成功', data: { ...session.user(), eDate: '2026-02-01' } } };
  });
  const sessions = container.get(SessionService);
  await sessions.register({ userName: 'walker_9', nickName: '行者', password: 'secret123', confirmPassword: 'secret123' });
  const service = container.get(PaymentService);
  const model = new SessionModel(session);
  const orderVm = (orderId: string) => new PaymentOrderViewModel(service, world.navigator, world.notifier, orderId);
  const orders = container.get(PurchaseService);
  /** The pay button's order (PurchaseService.place), its id. */
  const place = async (payType = 0): Promise<string> => {
    const placed = await orders.place(orderRequest(payType));
    if (!placed.ok) throw new Error(placed.message);
    return placed.value.order.orderId;
  };
  return { world, api, account, service, model, session, orderVm, orders, place, apiClient: container.get(ApiClient) };
}

describe('payment service rules', () => {
  it('reads only an order view: anything else is 订单数据异常, without a toast', async () => {
    const { world, service } = await setup();
    const orderId = `VO${'a'.repeat(24)}`;
    for (const data of [{ orderId: 'nope', status: 'paid' }, { orderId, status: 'weird' }, null]) {
      world.http.route('GET', VipCalls.order.path, () => ({ body: { ret: 200, msg: '成功', data } }));
      expect(await service.getOrder(orderId)).toEqual({ ok: false, ret: -1, message: '订单数据异常' });
    }
    world.http.route('GET', VipCalls.order.path, () => ({ body: { ret: 200, msg: '成功', data: { orderId, status: 'paid', isGift: 1, shippingAddress: { name: 7 } } } }));
    expect(await service.getOrder(orderId)).toMatchObject({ ok: true, value: { orderId, status: 'paid', isGift: false, payType: 0, title: '', shippingAddress: { name: '7', phone: '', region: '', detail: '' } } });
    expect(world.notifier.toasts).toEqual([]);
  });
});

describe('/zfbPay and /tcgPay', () => {
  it('the pay button\'s order is created once with its pay type and a key; the page shows it by id without asking again', async () => {
    const { world, api, service, orders } = await setup();
    const request = orderRequest(0);
    const [a, b] = await Promise.all([orders.place(request), orders.place(request)]);
    if (!a.ok || !b.ok) throw new Error('not placed');
    expect(a.value.order.orderId).toBe(b.value.order.orderId);
    const creates = api.calls.filter((call) => call.path === '/api/payment/CreateAliPay');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.params).toMatchObject({ ProductID: '11', ToUID: '1', payType: '0', SysName: 'h5' });
    expect(creates[0]?.params.IdempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(creates[1]?.params.IdempotencyKey).toBe(creates[0]?.params.IdempotencyKey);
    const before = api.calls.length;
    const vm = new PayPageViewModel(service, world.navigator, 'alipay', a.value.order.orderId);
    await vm.opened();
    expect(api.calls.length).toBe(before);
    expect(vm.ready).toBe(true);
    expect(`${vm.symbol}${vm.amount}`).toBe('¥68');
    vm.next('/zfbPayConfirm');
    expect(world.navigator.current()).toEqual({ path: '/zfbPayConfirm', query: { orderId: api.orders[0]?.orderId } });
  });

  it('after a reload the page asks for the order by its id', async () => {
    const { world, api, apiClient, place } = await setup();
    const orderId = await place(0);
    // A reload: the app no longer has the creation's answer in memory.
    const reloaded = new PaymentService(
      apiClient,
      { placed: () => undefined, handedOver: () => undefined },
      { refreshUserInfo: async () => null },
    );
    const vm = new PayPageViewModel(reloaded, world.navigator, 'alipay', orderId);
    await vm.opened();
    expect(api.calls.filter((call) => call.path === '/api/payment/GetOrder')).toHaveLength(1);
    expect(`${vm.symbol}${vm.amount}`).toBe('¥68');
    expect(vm.title).toBe('黄金VIP·月卡');
  });

  it('the creation\'s answer is handed over once: the next page (or a later visit) asks for the order\'s state now', async () => {
    const { world, api, service, place } = await setup();
    const orderId = await place(0);
    // Looked at twice while the page is drawn (a render thrown away and redone): found both times.
    expect(service.justPlaced(orderId)?.orderId).toBe(orderId);
    expect(service.justPlaced(orderId)?.orderId).toBe(orderId);
    // The page shows it: it is handed over.
    service.shownPlaced(orderId);
    expect(service.justPlaced(orderId)).toBeNull();
    const vm = new PayPageViewModel(service, world.navigator, 'alipay', orderId);
    await vm.opened();
    expect(api.calls.filter((call) => call.path === '/api/payment/GetOrder')).toHaveLength(1);
  });

  it('/notice shows the order just created without asking, even when its first render was thrown away and redone', async () => {
    const { world, api, service, place } = await setup();
    const orderId = await place(0);
    // A render React discards (never committed, so never opened) makes a view-model too.
    new PaymentOrderViewModel(service, world.navigator, world.notifier, orderId, service.justPlaced(orderId));
    const shown = new PaymentOrderViewModel(service, world.navigator, world.notifier, orderId, service.justPlaced(orderId));
    await shown.opened();
    expect(shown.order?.orderId).toBe(orderId);
    expect(api.calls.filter((call) => call.path === '/api/payment/GetOrder')).toHaveLength(0);
    // Shown: a later visit asks for its state now.
    expect(service.justPlaced(orderId)).toBeNull();
  });

  it('a malformed order id asks nothing', async () => {
    const { world, api, service } = await setup();
    const vm = new PayPageViewModel(service, world.navigator, 'tcg', '{');
    await vm.opened();
    expect(vm.error).toBe('订单信息无效');
    expect(api.calls).toHaveLength(0);
  });

  it('the tcg page pays the order through the sandbox, refreshing the user', async () => {
    const { world, api, account, service, session, place } = await setup();
    const orderId = await place(2);
    const vm = new PayPageViewModel(service, world.navigator, 'tcg', orderId);
    await vm.opened();
    expect(`${vm.symbol}${vm.amount}`).toBe('€9.9');
    const order = new PaymentOrderViewModel(service, world.navigator, world.notifier, orderId, vm.order);
    const gets = api.calls.length;
    await order.opened();
    expect(api.calls.length).toBe(gets);
    await order.approve('/tcgPaySuccess');
    expect(world.navigator.current().path).toBe('/tcgPaySuccess');
    expect(account.userInfoCalls).toBe(1);
    expect(session.user()?.eDate).toBe('2026-02-01');
  });
});

describe('/zfbPayConfirm, /zfbPayUnpaid, /zfbPayCancel and /notice', () => {
  it('approve with no payment recorded goes to /zfbPayUnpaid', async () => {
    const { world, api, account, orderVm, place } = await setup();
    const orderId = await place(1);
    api.approveLeavesOpen = true;
    const vm = orderVm(orderId);
    await vm.opened();
    await vm.approve('/zfbPaySuccess', '/zfbPayUnpaid');
    expect(world.navigator.current().path).toBe('/zfbPayUnpaid');
    expect(account.userInfoCalls).toBe(0);
  });

  it('cancel asks first, then shows 已取消 and offers nothing more', async () => {
    const { api, world, orderVm, place } = await setup();
    const orderId = await place();
    const vm = orderVm(orderId);
    await vm.opened();
    const cancelling = vm.cancel();
    await Promise.resolve();
    world.notifier.answer(true);
    await cancelling;
    expect(vm.statusText).toBe('已取消');
    expect(vm.payable).toBe(false);
    expect(api.orders[0]?.status).toBe('cancelled');
  });

  it('an unknown order id is not sent', async () => {
    const { api, orderVm } = await setup();
    const vm = orderVm('../x');
    await vm.opened();
    expect(vm.error).toBe('订单信息无效');
    expect(api.calls).toHaveLength(0);
  });
});

describe('/payResult', () => {
  it('polls every 2 s until paid, then refreshes the user and shows the new expiry', async () => {
    const { world, api, account, service, model, orderVm, place } = await setup('/payResult');
    const orderId = await place();
    const vm = new PayResultViewModel(service, world.clock, model, orderId);
    vm.opened();
    await world.clock.advanceAsync(0);
    expect(vm.headline).toBe('正在确认支付结果…');
    await world.clock.advanceAsync(2_000);
    const polls = api.calls.filter((call) => call.path === '/api/payment/GetOrder').length;
    expect(polls).toBe(2);
    api.approveLeavesOpen = false;
    const order = orderVm(orderId);
    await order.opened();
    await order.approve('/x');
    expect(account.userInfoCalls).toBe(1);
    await world.clock.advanceAsync(2_000);
    await world.clock.advanceAsync(0);
    expect(vm.headline).toBe('支付成功');
    expect(vm.vipExpiry).toBe('2026-02-01');
    expect(account.userInfoCalls).toBe(2);
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('gives up after 60 s', async () => {
    const { world, service, model, place } = await setup('/payResult');
    const orderId = await place();
    const vm = new PayResultViewModel(service, world.clock, model, orderId);
    vm.opened();
    await world.clock.advanceAsync(62_000);
    expect(vm.timedOut).toBe(true);
    expect(vm.headline).toBe('支付失败');
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('a cancelled order shows 已取消 and stops', async () => {
    const { world, service, model, orderVm, place } = await setup('/payResult');
    const orderId = await place();
    const vm = new PayResultViewModel(service, world.clock, model, orderId);
    const cancel = orderVm(orderId);
    await cancel.opened();
    await cancel.cancel(false);
    vm.opened();
    await world.clock.advanceAsync(0);
    expect(vm.headline).toBe('已取消');
    expect(world.clock.pendingTimers()).toBe(0);
  });
});

describe('customer service pages', () => {
  it('联系客服 opens the chat with the payment customer service', async () => {
    const { world, service } = await setup('/zfbPayUnpaidSubmit');
    const vm = new CustomerServiceViewModel(service, world.navigator, world.notifier);
    await vm.contact(`VO${'1'.repeat(24)}`);
    // type and msgParams are route parameters (navigation state), never in the query (spec §2).
    expect(world.navigator.current()).toEqual({
      path: '/chat',
      query: { toUid: '9' },
      state: { type: 'pay', msgParams: JSON.stringify({ orderId: `VO${'1'.repeat(24)}` }) },
    });
  });
});
