import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { decodePayInfo } from '../../../src/core/vip/pay-info.ts';
import { PurchaseService, VipApiPaths } from '../../../src/core/vip/purchase-service.ts';
import { RegionKeys } from '../../../src/core/region/region-service.ts';
import { installFakeVipApi, PAY_INFO } from './purchase-fake-api.ts';

function setup() {
  const { container, world } = createHeadlessCore();
  const api = installFakeVipApi(world.http);
  return { world, api, service: container.get(PurchaseService) };
}

const pkg = () => {
  const found = decodePayInfo(PAY_INFO).categoryList[0]?.data[0];
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
    const keys = world.http.requests.filter((r) => r.url === VipApiPaths.cardOrder).map((r) => r.params?.IdempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    await service.pay(-1, input);
    const next = world.http.requests.filter((r) => r.url === VipApiPaths.cardOrder).map((r) => r.params?.IdempotencyKey);
    expect(next[2]).not.toBe(keys[0]);
  });

  it('an unknown method sends nothing; a failed order ends quietly after the request layer toast', async () => {
    const { service, world } = setup();
    const input = { pkg: pkg(), toUid: 5, payTitle: 'x', isIos: true };
    const before = world.http.requests.length;
    expect(await service.pay(9, input)).toEqual({ kind: 'message', message: '暂不支持该支付方式' });
    expect(world.http.requests.length).toBe(before);
    world.http.route('GET', VipApiPaths.gatewayOrder, () => ({ body: { ret: 7004, msg: '该支付方式不可用', data: null } }));
    expect(await service.pay(5, input)).toEqual({ kind: 'failed' });
    expect(world.notifier.lastToast()?.message).toBe('该支付方式不可用');
  });

  it('iOS confirms before the gateway', async () => {
    const { service } = setup();
    const outcome = await service.pay(5, { pkg: pkg(), toUid: 5, payTitle: '在线支付', isIos: true });
    expect(outcome).toMatchObject({ kind: 'openUrl', url: 'https://pay.example/gw?orderId=VO1', confirm: { message: '即将跳转到支付页面' } });
  });
});
