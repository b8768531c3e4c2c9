import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/session/user-session.ts';
import { decidePayFlow } from '../../../src/core/vip/pay-flow.ts';
import { parseOrderRequest, PaymentService, readOrder } from '../../../src/core/vip/payment-service.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import {
  CreatePaymentViewModel,
  CustomerServiceViewModel,
  PaymentOrderViewModel,
  PayResultViewModel,
} from '../../../src/ui/vip/payment-view-models.ts';
import { pkg as fixturePkg } from './fixtures.ts';
import { installFakePaymentApi } from './payment-fake-api.ts';

const pkg = fixturePkg({ packageId: 11, name: '月卡', price: 9.9, rmb: 68, disprice: null, disrmb: null, priceSymbol: '€', promotions: [] });

function zfbQuery(payType = 0) {
  const flow = decidePayFlow(payType, { pkg, toUid: 1, payTitle: '支付宝', isIos: false });
  if (flow.kind !== 'navigate') throw new Error('expected a page');
  return flow.query;
}

async function setup(path = '/zfbPay') {
  const { container, world } = createHeadlessCore({ path });
  const session = container.get(UserSession);
  const api = installFakePaymentApi(world.http, session);
  const sessions = container.get(SessionService);
  await sessions.register({ userName: 'walker_9', nickName: '行者', password: 'secret123', confirmPassword: 'secret123' });
  const service = container.get(PaymentService);
  const model = new SessionModel(session);
  const orderVm = (orderId: string) => new PaymentOrderViewModel(service, world.navigator, world.notifier, orderId);
  return { world, api, service, model, session, orderVm };
}

describe('payment service rules', () => {
  it('reads the order request decidePayFlow put in params, and refuses anything else', () => {
    expect(parseOrderRequest(zfbQuery().params)).toEqual({ ProductID: 11, ToUID: 1, Promotions: '', payType: 0, SysName: 'h5' });
    expect(parseOrderRequest('not json')).toBeNull();
    expect(parseOrderRequest('{"ProductID":0,"ToUID":1,"payType":0}')).toBeNull();
    expect(parseOrderRequest(undefined)).toBeNull();
    expect(readOrder({ orderId: 'nope', status: 'paid' })).toBeNull();
    expect(readOrder({ orderId: `VO${'a'.repeat(24)}`, status: 'weird' })).toBeNull();
  });
});

describe('/zfbPay and /tcgPay', () => {
  it('creates the alipay-style order once, with one key for the page life, and shows the server amount', async () => {
    const { world, api, service } = await setup();
    const vm = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    expect(vm.amount).toBe('68');
    await Promise.all([vm.create(), vm.create()]);
    await vm.create();
    const creates = api.calls.filter((call) => call.path === '/api/payment/CreateAliPay');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.params).toMatchObject({ ProductID: '11', ToUID: '1', payType: '0', SysName: 'h5' });
    expect(creates[0]?.params.IdempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(vm.ready).toBe(true);
    expect(`${vm.symbol}${vm.amount}`).toBe('¥68');
    vm.next('/zfbPayConfirm');
    expect(world.navigator.current()).toEqual({ path: '/zfbPayConfirm', query: { orderId: api.orders[0]?.orderId } });
  });

  it('a refused region or method leads to /zfbPayNotSupport', async () => {
    const { world, api, service } = await setup();
    api.refuse = { ret: 7003, msg: '当前地区暂未开放VIP购买' };
    const vm = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    await vm.create();
    expect(world.navigator.current()).toEqual({ path: '/zfbPayNotSupport', query: { message: '当前地区暂未开放VIP购买' } });
  });

  it('bad params create nothing', async () => {
    const { world, api, service } = await setup();
    const vm = new CreatePaymentViewModel(service, world.navigator, 'tcg', { params: '{' });
    await vm.create();
    expect(vm.error).toBe('支付参数无效，请返回重新选择套餐');
    expect(api.calls).toHaveLength(0);
  });

  it('creates the tcg order and pays it through the sandbox, refreshing the user', async () => {
    const { world, api, service, orderVm, session } = await setup();
    const flow = decidePayFlow(2, { pkg, toUid: 1, payTitle: 'TCG', isIos: false });
    if (flow.kind !== 'navigate') throw new Error('expected a page');
    const vm = new CreatePaymentViewModel(service, world.navigator, 'tcg', flow.query);
    await vm.create();
    expect(`${vm.symbol}${vm.amount}`).toBe('€9.9');
    const order = orderVm(vm.order?.orderId ?? '');
    await order.load();
    await order.approve('/tcgPaySuccess');
    expect(world.navigator.current().path).toBe('/tcgPaySuccess');
    expect(api.userInfoCalls).toBe(1);
    expect(session.user()?.eDate).toBe('2026-02-01');
  });
});

describe('/zfbPayConfirm, /zfbPayUnpaid, /zfbPayCancel and /notice', () => {
  it('approve with no payment recorded goes to /zfbPayUnpaid', async () => {
    const { world, api, service, orderVm } = await setup();
    const create = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery(1));
    await create.create();
    api.approveLeavesOpen = true;
    const vm = orderVm(create.order?.orderId ?? '');
    await vm.load();
    await vm.approve('/zfbPaySuccess', '/zfbPayUnpaid');
    expect(world.navigator.current().path).toBe('/zfbPayUnpaid');
    expect(api.userInfoCalls).toBe(0);
  });

  it('cancel asks first, then shows 已取消 and offers nothing more', async () => {
    const { world, api, service, orderVm } = await setup();
    const create = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    await create.create();
    const vm = orderVm(create.order?.orderId ?? '');
    await vm.load();
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
    await vm.load();
    expect(vm.error).toBe('订单信息无效');
    expect(api.calls).toHaveLength(0);
  });
});

describe('/payResult', () => {
  it('polls every 2 s until paid, then refreshes the user and shows the new expiry', async () => {
    const { world, api, service, model, orderVm } = await setup('/payResult');
    const create = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    await create.create();
    const orderId = create.order?.orderId ?? '';
    const vm = new PayResultViewModel(service, world.clock, model, orderId);
    vm.start();
    await world.clock.advanceAsync(0);
    expect(vm.headline).toBe('正在确认支付结果…');
    await world.clock.advanceAsync(2_000);
    const polls = api.calls.filter((call) => call.path === '/api/payment/GetOrder').length;
    expect(polls).toBe(2);
    api.approveLeavesOpen = false;
    const order = orderVm(orderId);
    await order.load();
    await order.approve('/x');
    expect(api.userInfoCalls).toBe(1);
    await world.clock.advanceAsync(2_000);
    await world.clock.advanceAsync(0);
    expect(vm.headline).toBe('支付成功');
    expect(vm.vipExpiry).toBe('2026-02-01');
    expect(api.userInfoCalls).toBe(2);
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('gives up after 60 s', async () => {
    const { world, service, model } = await setup('/payResult');
    const create = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    await create.create();
    const vm = new PayResultViewModel(service, world.clock, model, create.order?.orderId ?? '');
    vm.start();
    await world.clock.advanceAsync(62_000);
    expect(vm.timedOut).toBe(true);
    expect(vm.headline).toBe('支付失败');
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('a cancelled order shows 已取消 and stops', async () => {
    const { world, service, model, orderVm } = await setup('/payResult');
    const create = new CreatePaymentViewModel(service, world.navigator, 'alipay', zfbQuery());
    await create.create();
    const orderId = create.order?.orderId ?? '';
    const vm = new PayResultViewModel(service, world.clock, model, orderId);
    const cancel = orderVm(orderId);
    await cancel.load();
    await cancel.cancel(false);
    vm.start();
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
