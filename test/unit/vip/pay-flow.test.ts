import { describe, expect, it } from 'vitest';
import { afterCardOrder, afterCustomerService, afterGatewayOrder, decidePayFlow, gatewayUrl, type PayFlowInput } from '../../../src/core/vip/pay-flow.ts';
import { PayType } from '../../../src/core/vip/vip-codes.ts';
import { pkg } from './fixtures.ts';

const input: PayFlowInput = {
  pkg: pkg({ disprice: 19.9, disrmb: 20, promotions: [{ promotionCode: 'P1', title: '' }, { promotionCode: 'P2', title: '' }] }),
  toUid: 42,
  payTitle: '支付宝',
  isIos: false,
};

describe('decidePayFlow', () => {
  it('-1: card order with SysName, then /notice', () => {
    expect(decidePayFlow(PayType.Card, { ...input, refer: 'r1' })).toEqual({
      kind: 'cardOrder',
      order: { ProductID: 11, SysName: 'h5', ToUID: 42, Promotions: 'P1|P2', payType: -1, Refer: 'r1' },
      next: '/notice',
    });
  });

  it('5: gateway order without SysName', () => {
    const flow = decidePayFlow(PayType.Gateway, { ...input, isIos: true });
    expect(flow).toEqual({ kind: 'gatewayOrder', order: { ProductID: 11, ToUID: 42, Promotions: 'P1|P2', payType: 5 }, isIos: true });
  });

  it('0 and 1: /zfbPay with params, disrmb, title, msgParams', () => {
    for (const code of [PayType.AlipayStyle, PayType.AlipayStyleAlt]) {
      const flow = decidePayFlow(code, input);
      if (flow.kind !== 'navigate') throw new Error(flow.kind);
      expect(flow.path).toBe('/zfbPay');
      expect(Object.keys(flow.query).sort()).toEqual(['disrmb', 'msgParams', 'params', 'title']);
      expect(flow.query.disrmb).toBe('20');
      expect(flow.query.title).toBe('月卡');
      expect(JSON.parse(flow.query.params!)).toEqual({ ProductID: 11, SysName: 'h5', ToUID: 42, Promotions: 'P1|P2', payType: code });
      expect(JSON.parse(flow.query.msgParams!)).toMatchObject({ packageId: 11, price: 19.9, rmb: 20, payTitle: '支付宝', toUid: 42 });
    }
  });

  it('2: /tcgPay with params, disprice, title, msgParams', () => {
    const flow = decidePayFlow(PayType.Tcg, input);
    if (flow.kind !== 'navigate') throw new Error(flow.kind);
    expect(flow.path).toBe('/tcgPay');
    expect(Object.keys(flow.query).sort()).toEqual(['disprice', 'msgParams', 'params', 'title']);
    expect(flow.query.disprice).toBe('19.9');
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
  it('card order data goes to /notice', () => {
    expect(afterCardOrder({ orderId: 'A1', amount: 19.9, nested: { x: 1 } })).toEqual({ kind: 'navigate', path: '/notice', query: { orderId: 'A1', amount: '19.9' } });
    expect(afterCardOrder(null)).toEqual({ kind: 'navigate', path: '/notice', query: {} });
  });

  it('gateway: address plus params as a query string, confirmed on iOS', () => {
    expect(gatewayUrl('https://pay.example/gw', { order: 'A 1', sign: 'x&y' })).toBe('https://pay.example/gw?order=A+1&sign=x%26y');
    expect(gatewayUrl('https://pay.example/gw?a=1#top', 'b=2')).toBe('https://pay.example/gw?a=1&b=2#top');
    expect(gatewayUrl('https://pay.example/gw', '')).toBe('https://pay.example/gw');
    expect(gatewayUrl('javascript:alert(1)', {})).toBeNull();
    expect(gatewayUrl(3, {})).toBeNull();
    expect(afterGatewayOrder({ gateway: 'https://pay.example/gw', params: { o: '1' } }, false)).toEqual({ kind: 'openUrl', url: 'https://pay.example/gw?o=1', confirm: null });
    expect(afterGatewayOrder({ gateway: 'https://pay.example/gw', params: {} }, true)).toEqual({
      kind: 'openUrl',
      url: 'https://pay.example/gw',
      confirm: { message: '即将跳转到支付页面', confirmText: '确定', cancelText: '取消' },
    });
    expect(afterGatewayOrder({}, false)).toEqual({ kind: 'message', message: '支付地址无效，请重试' });
  });

  it('customer service: /chat with toUid and the route params', () => {
    expect(afterCustomerService({ id: 9 }, '{}')).toEqual({ kind: 'navigate', path: '/chat', query: { toUid: '9' }, params: { type: 'pay', msgParams: '{}' } });
    expect(afterCustomerService({}, '{}')).toEqual({ kind: 'message', message: '暂无可用客服，请稍后再试' });
  });
});
