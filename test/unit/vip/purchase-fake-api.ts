/** An imitation of the VIP purchase calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';

export const PAY_INFO = {
  remark: '说明',
  categoryList: [
    {
      id: 1,
      name: '黄金VIP',
      styleType: 0,
      data: [
        { packageId: 11, categoryId: 1, name: '月卡', validityDays: 30, giftDays: 3, price: '30.00', priceSymbol: '€', rmb: '200.00', disprice: '25.00', disrmb: '180.00', promotions: [{ promotionCode: 'P1', title: '限时' }], tags: ['热卖'] },
        { packageId: 12, categoryId: 1, name: '季卡', validityDays: 90, giftDays: 0, price: '80.00', priceSymbol: '€', rmb: '500.00' },
      ],
      payTypes: [
        { payType: -1, title: '银行卡支付', img: '/assets/pay/card.svg' },
        { payType: 5, title: '在线支付', img: '' },
        { payType: 3, title: '人工客服充值', img: '' },
        { payType: 0, title: '支付宝', img: '' },
      ],
    },
    {
      id: 2,
      name: '钻石VIP',
      styleType: 0,
      data: [{ packageId: 21, categoryId: 2, name: '钻石月卡', validityDays: 30, giftDays: 0, price: '50.00', priceSymbol: '€' }],
      payTypes: [{ payType: -1, title: '银行卡支付', img: '' }],
    },
  ],
  payTypes: [],
};

export interface FakeVipApi {
  calls: FakeHttpCall[];
  /** Answer GetVipPayType with this ret and msg instead (null: the catalogue). */
  refuse: { ret: number; msg: string } | null;
}

const ok = (data: unknown) => ({ body: { ret: 200, msg: '成功', data } });

export function installFakeVipApi(http: FakeHttp): FakeVipApi {
  const api: FakeVipApi = { calls: [], refuse: null };
  const record = (call: FakeHttpCall) => api.calls.push(call);
  http.route('GET', '/api/User/GetVipPayType', (call) => {
    record(call);
    return api.refuse ? { body: { ...api.refuse, data: null } } : ok(PAY_INFO);
  });
  const orderIds = new Map<string, string>();
  /** One order per idempotency key, with an id shaped like the server's. */
  const orderFor = (call: FakeHttpCall) => {
    const key = call.params.IdempotencyKey ?? '';
    let orderId = orderIds.get(key);
    if (orderId === undefined) {
      orderId = `VO${String(orderIds.size + 1).padStart(24, '0')}`;
      orderIds.set(key, orderId);
    }
    return { orderId, status: 'created', payType: Number(call.params.payType), title: '黄金VIP·月卡', priceText: '25.00', priceSymbol: '€', rmbText: '180.00' };
  };
  http.route('GET', '/api/payment/CreateOrder', (call) => {
    record(call);
    return ok(orderFor(call));
  });
  http.route('GET', '/api/payment/CreateGatewayOrder', (call) => {
    record(call);
    const order = orderFor(call);
    return ok({ orderId: order.orderId, gateway: 'https://pay.example/gw', params: { orderId: 'VO1' }, order });
  });
  const paymentPage = (amountField: string, amount: number) => (call: FakeHttpCall) => {
    record(call);
    const order = orderFor(call);
    return ok({ orderId: order.orderId, params: `orderId=${order.orderId}&sign=x`, [amountField]: amount, title: order.title, msgParams: JSON.stringify({ orderId: order.orderId }), order });
  };
  http.route('GET', '/api/payment/CreateAliPay', paymentPage('disrmb', 180));
  http.route('GET', '/api/payment/CreateTcgOrder', paymentPage('disprice', 25));
  http.route('GET', '/api/payment/GetCusService', (call) => {
    record(call);
    return ok({ id: 777, nickName: '官方客服' });
  });
  return api;
}
