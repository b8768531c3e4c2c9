import { parse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { PurchaseService } from '../../../src/core/vip/purchase-service.ts';
import { payInfoAnswer, VipCalls } from '../../../src/core/vip/vip-protocol.ts';

const OrderApiPaths = {
  card: VipCalls.cardOrder.path,
  aliPay: VipCalls.aliPayOrder.path,
  tcg: VipCalls.tcgOrder.path,
  gateway: VipCalls.gatewayOrder.path,
} as const;
import { RegionKeys } from '../../../src/core/shared-kernel/region-keys.ts';
import { fakeVipCatalogue, installFakeVipApi } from '../../../adapters/http/fake-vip-api.ts';

function setup() {
  const { container, world } = createHeadlessCore();
  // Every order is user 1's: the service is tested without a sign-in.
  const api = installFakeVipApi(world.http, { caller: () => 1 });
  api.gateway = 'https://pay.example/gw';
  return { world, api, service: container.get(PurchaseService) };
}

const pkg = () => {
  const found = parse(payInfoAnswer, { ...fakeVipCatalogue(), payTypes: [] }).categoryList[0]?.data[0];
  if (!found) throw new Error('fixture');
  return found;
};

describe('PurchaseService', () => {
  it('loads the pay info with vipCategoryId, ProductID, ToUID and categoryId in the query on every call (empty when unset), and no toast of its own', async () => {
    const { service, api, world } = setup();
    const outcome = await service.loadPayInfo({ categoryId: 2, productId: null, toUid: 7, vipCategoryId: 3 });
    expect(outcome.kind).toBe('ok');
    expect(api.calls[0]?.method).toBe('GET');
    expect(api.calls[0]?.params).toMatchObject({ vipCategoryId: '3', ProductID: '', ToUID: '7', categoryId: '2' });
    expect(api.calls[0]?.request.body).toBeUndefined();
    expect(api.calls[0]?.params.region).toBeUndefined();
    world.local.set(RegionKeys.useCustomArea, 'true');
    world.local.set(RegionKeys.customAreaCode, 'MY');
    api.refuse = { ret: 7003, msg: '' };
    const refused = await service.loadPayInfo();
    expect(api.calls[1]?.params).toMatchObject({ vipCategoryId: '', ProductID: '', ToUID: '', categoryId: '', region: 'MY' });
    expect(refused).toMatchObject({ kind: 'refused', answer: { kind: 'blocked', dialog: { message: '当前无法购买VIP会员' } } });
    expect(world.notifier.toasts).toEqual([]);
  });

  it('a double tap of the same order sends the same idempotency key; the next order gets a fresh one', async () => {
    const { service, world } = setup();
    const input = { pkg: pkg(), toUid: 5, payTitle: '银行卡支付', isIos: false };
    const [a, b] = await Promise.all([service.pay(-1, input), service.pay(-1, input)]);
    expect(a).toEqual(b);
    const keys = world.http.requests.filter((r) => r.url === OrderApiPaths.card).map((r) => r.params?.IdempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    await service.pay(-1, input);
    const next = world.http.requests.filter((r) => r.url === OrderApiPaths.card).map((r) => r.params?.IdempotencyKey);
    expect(next[2]).not.toBe(keys[0]);
  });

  it('an unknown method sends nothing; a failed order ends quietly after the request layer toast', async () => {
    const { service, world } = setup();
    const input = { pkg: pkg(), toUid: 5, payTitle: 'x', isIos: true };
    const before = world.http.requests.length;
    expect(await service.pay(9, input)).toEqual({ kind: 'message', message: '暂不支持该支付方式' });
    expect(world.http.requests.length).toBe(before);
    world.http.route('GET', OrderApiPaths.gateway, () => ({ body: { ret: 7004, msg: '该支付方式不可用', data: null } }));
    expect(await service.pay(5, input)).toEqual({ kind: 'failed' });
    expect(world.notifier.lastToast()?.message).toBe('该支付方式不可用');
  });

  it('iOS confirms before the gateway', async () => {
    const { service } = setup();
    const outcome = await service.pay(5, { pkg: pkg(), toUid: 5, payTitle: '在线支付', isIos: true });
    expect(outcome).toMatchObject({ kind: 'openUrl', url: 'https://pay.example/gw?orderId=VO000000000000000000000001&amount=25.00&currency=EUR', confirm: { message: '即将跳转到支付页面' } });
  });

  it('one round trip from the tap to the payment page, for every pay type that makes an order: the page gets the order id', async () => {
    const { service, world } = setup();
    const input = { pkg: pkg(), toUid: 5, payTitle: 'x', isIos: false };
    const expected: Record<number, { path: string; call: string }> = {
      [-1]: { path: '/notice', call: OrderApiPaths.card },
      0: { path: '/zfbPay', call: OrderApiPaths.aliPay },
      1: { path: '/zfbPay', call: OrderApiPaths.aliPay },
      2: { path: '/tcgPay', call: OrderApiPaths.tcg },
    };
    for (const [payType, { path, call }] of Object.entries(expected)) {
      const before = world.http.requests.length;
      const outcome = await service.pay(Number(payType), input);
      const sent = world.http.requests.slice(before);
      expect(sent.map((request) => request.url)).toEqual([call]);
      expect(sent[0]?.params?.payType).toBe(Number(payType));
      if (outcome.kind !== 'navigate') throw new Error(outcome.kind);
      expect(outcome.path).toBe(path);
      expect(outcome.query.orderId).toMatch(/^VO[0-9a-f]{24}$/);
      if (path === '/notice') expect(Object.keys(outcome.query)).toEqual(['orderId']);
      else expect(Object.keys(outcome.query).sort()).toEqual(['orderId', 'msgParams', 'params', path === '/zfbPay' ? 'disrmb' : 'disprice', 'title'].sort());
    }
  });

  it('an alipay-style sale the region refuses (7003, 7004) leads to /zfbPayNotSupport with the message, without a toast', async () => {
    const { service, world } = setup();
    world.http.route('GET', OrderApiPaths.aliPay, () => ({ body: { ret: 7003, msg: '当前地区暂未开放VIP购买', data: null } }));
    expect(await service.pay(0, { pkg: pkg(), toUid: 5, payTitle: '支付宝', isIos: false })).toEqual({
      kind: 'navigate', path: '/zfbPayNotSupport', query: { message: '当前地区暂未开放VIP购买' },
    });
    expect(world.notifier.toasts).toEqual([]);
  });
});
