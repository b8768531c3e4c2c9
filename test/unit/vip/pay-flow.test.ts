import { describe, expect, it } from 'vitest';
import { afterCustomerService, afterGatewayOrder, afterPlacedOrder, decidePayFlow, gatewayUrl, type PayFlowInput, type PlacedOrderFacts } from '../../../src/core/vip/pay-flow.ts';
import { PayType } from '../../../src/core/vip/vip-codes.ts';
import { pkg } from './fixtures.ts';

const input: PayFlowInput = {
  pkg: pkg({ disprice: 19.9, disrmb: 20, promotions: [{ promotionCode: 'P1', title: '' }, { promotionCode: 'P2', title: '' }] }),
  toUid: 42,
  payTitle: '支付宝',
  isIos: false,
};

describe('decidePayFlow', () => {
  it('-1: card order with SysName', () => {
    expect(decidePayFlow(PayType.Card, { ...input, refer: 'r1' })).toEqual({
      kind: 'order',
      order: { ProductID: 11, SysName: 'h5', ToUID: 42, Promotions: 'P1|P2', payType: -1, Refer: 'r1' },
      isIos: false,
    });
  });

  it('5: gateway order without SysName', () => {
    const flow = decidePayFlow(PayType.Gateway, { ...input, isIos: true });
    expect(flow).toEqual({ kind: 'order', order: { ProductID: 11, ToUID: 42, Promotions: 'P1|P2', payType: 5 }, isIos: true });
  });

  it('0, 1 and 2: the order is created at the tap too, with its pay type', () => {
    for (const code of [PayType.AlipayStyle, PayType.AlipayStyleAlt, PayType.Tcg]) {
      expect(decidePayFlow(code, input)).toEqual({ kind: 'order', order: { ProductID: 11, SysName: 'h5', ToUID: 42, Promotions: 'P1|P2', payType: code }, isIos: false });
    }
  });

  it('3: asks for the customer-service user with templateType 2', () => {
    expect(decidePayFlow(PayType.Manual, input)).toMatchObject({ kind: 'customerService', lookup: { templateType: 2 } });
    expect(decidePayFlow(PayType.Manual, { ...input, region: 'CN' })).toMatchObject({ lookup: { templateType: 2, region: 'CN' } });
  });

  it('anything else: a message and nothing sent', () => {
    for (const code of [4, 6, -2, 100]) expect(decidePayFlow(code, input)).toEqual({ kind: 'unsupported', message: '暂不支持该支付方式' });
  });
});

describe('after the order', () => {
  const placed = (payType: number): PlacedOrderFacts => ({
    orderId: 'VO0123456789abcdef01234567', payType, amount: '58', title: '黄金VIP·月卡', params: 'orderId=VO0123456789abcdef01234567&sign=x',
    msgParams: '{"orderId":"VO0123456789abcdef01234567"}', gateway: { gateway: 'https://pay.example/gw', params: 'orderId=VO0123456789abcdef01234567' },
  });

  it('card: /notice with the order id alone (the page shows the order by id)', () => {
    expect(afterPlacedOrder(placed(-1), false)).toEqual({ kind: 'navigate', path: '/notice', query: { orderId: 'VO0123456789abcdef01234567' } });
  });

  it('0 and 1: /zfbPay with the order id and the spec\'s params, disrmb, title, msgParams (the server\'s); 2: /tcgPay with disprice', () => {
    for (const code of [0, 1]) {
      const next = afterPlacedOrder(placed(code), false);
      if (next.kind !== 'navigate') throw new Error(next.kind);
      expect(next.path).toBe('/zfbPay');
      expect(next.query).toEqual({ orderId: 'VO0123456789abcdef01234567', params: 'orderId=VO0123456789abcdef01234567&sign=x', disrmb: '58', title: '黄金VIP·月卡', msgParams: '{"orderId":"VO0123456789abcdef01234567"}' });
    }
    const tcg = afterPlacedOrder(placed(2), false);
    if (tcg.kind !== 'navigate') throw new Error(tcg.kind);
    expect(tcg.path).toBe('/tcgPay');
    expect(Object.keys(tcg.query).sort()).toEqual(['disprice', 'msgParams', 'orderId', 'params', 'title']);
  });

  it('5: the gateway address with its params', () => {
    expect(afterPlacedOrder(placed(5), false)).toEqual({ kind: 'openUrl', url: 'https://pay.example/gw?orderId=VO0123456789abcdef01234567', confirm: null });
  });

  it('gateway: address plus params as a query string, confirmed on iOS', () => {
    expect(gatewayUrl('https://pay.example/gw', { orderId: 'A 1', amount: 'x&y', currency: 'EUR' })).toBe('https://pay.example/gw?orderId=A+1&amount=x%26y&currency=EUR');
    expect(gatewayUrl('https://pay.example/gw?a=1#top', 'b=2')).toBe('https://pay.example/gw?a=1&b=2#top');
    expect(gatewayUrl('https://pay.example/gw', '')).toBe('https://pay.example/gw');
    expect(gatewayUrl('javascript:alert(1)', '')).toBeNull();
    expect(afterGatewayOrder({ gateway: 'https://pay.example/gw', params: 'o=1' }, false)).toEqual({ kind: 'openUrl', url: 'https://pay.example/gw?o=1', confirm: null });
    expect(afterGatewayOrder({ gateway: 'https://pay.example/gw', params: '' }, true)).toEqual({
      kind: 'openUrl',
      url: 'https://pay.example/gw',
      confirm: { message: '即将跳转到支付页面', confirmText: '确定', cancelText: '取消' },
    });
    expect(afterGatewayOrder(null, false)).toEqual({ kind: 'message', message: '支付地址无效，请重试' });
  });

  it('5: a gateway on the API server itself (the sandbox) is left for too, as gateway?params: the app never frames it (issue 31)', () => {
    const sandbox = { ...placed(5), gateway: { gateway: 'http://127.0.0.1:3000/sandbox/gateway', params: { orderId: 'VO0123456789abcdef01234567', amount: '999', currency: 'EUR' } } };
    const url = 'http://127.0.0.1:3000/sandbox/gateway?orderId=VO0123456789abcdef01234567&amount=999&currency=EUR';
    expect(afterPlacedOrder(sandbox, false)).toEqual({ kind: 'openUrl', url, confirm: null });
    expect(afterPlacedOrder(sandbox, true)).toEqual({ kind: 'openUrl', url, confirm: { message: '即将跳转到支付页面', confirmText: '确定', cancelText: '取消' } });
  });

  it('customer service: /chat with toUid and the route params', () => {
    expect(afterCustomerService({ id: 9 }, '{}')).toEqual({ kind: 'navigate', path: '/chat', query: { toUid: '9' }, params: { type: 'pay', msgParams: '{}' } });
    expect(afterCustomerService({ id: null }, '{}')).toEqual({ kind: 'message', message: '暂无可用客服，请稍后再试' });
  });
});
