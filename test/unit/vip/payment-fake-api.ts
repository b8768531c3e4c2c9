/** An in-memory imitation of the payment calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import type { UserSession } from '../../../src/core/shared-kernel/user-session.ts';

const ok = (data: unknown): FakeHttpAnswer => ({ body: { ret: 200, msg: '成功', data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });

export interface FakeOrder {
  orderId: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  payType: number;
  key: string;
}

export interface FakePaymentApi {
  orders: FakeOrder[];
  calls: FakeHttpCall[];
  userInfoCalls: number;
  /** Answer creation calls with this error. */
  refuse: { ret: number; msg: string } | null;
  /** SandboxPay approve leaves the order open (as if the provider never confirmed). */
  approveLeavesOpen: boolean;
}

const view = (order: FakeOrder) => ({
  orderId: order.orderId,
  status: order.status,
  payType: order.payType,
  title: '黄金VIP·月卡',
  packageName: '月卡',
  days: 30,
  priceText: '9.90',
  priceSymbol: '€',
  rmbText: '68.00',
  toUid: 1,
  toNickName: '行者',
  isGift: false,
  expireTime: 0,
  vipExpireDate: order.status === 'paid' ? '2026-02-01' : '',
});

export function installFakePaymentApi(http: FakeHttp, session: UserSession): FakePaymentApi {
  const state: FakePaymentApi = { orders: [], calls: [], userInfoCalls: 0, refuse: null, approveLeavesOpen: false };
  const find = (id: unknown) => state.orders.find((order) => order.orderId === id);
  const create = (payType: number) => (call: FakeHttpCall): FakeHttpAnswer => {
    state.calls.push(call);
    if (state.refuse) return fail(state.refuse.ret, state.refuse.msg);
    const key = call.params.IdempotencyKey ?? '';
    let order = state.orders.find((item) => item.key === key);
    if (!order) {
      order = { orderId: `VO${String(state.orders.length + 1).padStart(24, '0')}`, status: 'created', payType: Number(call.params.payType ?? payType), key };
      state.orders.push(order);
    }
    return ok({ orderId: order.orderId, params: 'x', disrmb: 68, disprice: 9.9, title: '黄金VIP·月卡', msgParams: '{}', order: view(order) });
  };
  http.route('GET', '/api/payment/CreateAliPay', create(0));
  http.route('GET', '/api/payment/CreateTcgOrder', create(2));
  http.route('GET', '/api/payment/GetOrder', (call) => {
    state.calls.push(call);
    const order = find(call.params.orderId);
    return order ? ok(view(order)) : fail(7007, '订单不存在');
  });
  http.route('POST', '/api/payment/CancelOrder', (call) => {
    state.calls.push(call);
    const order = find(call.body.orderId);
    if (!order) return fail(7007, '订单不存在');
    if (order.status === 'paid') return fail(7009, '订单已支付');
    if (order.status === 'created') order.status = 'cancelled';
    return ok(view(order));
  });
  http.route('POST', '/api/payment/SandboxPay', (call) => {
    state.calls.push(call);
    const order = find(call.body.orderId);
    if (!order) return fail(7007, '订单不存在');
    if (call.body.action === 'approve') {
      if (order.status === 'cancelled') return fail(7008, '订单已关闭');
      if (!state.approveLeavesOpen) order.status = 'paid';
    } else if (order.status === 'created') order.status = 'cancelled';
    return ok(view(order));
  });
  http.route('GET', '/api/payment/GetCusService', () => ok({ id: 9, nickName: '客服', avatar: '', kefu: true }));
  http.route('POST', '/api/User/GetUserInfo', () => {
    state.userInfoCalls += 1;
    return ok({ ...session.user(), eDate: '2026-02-01' });
  });
  return state;
}
