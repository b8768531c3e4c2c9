import { expect, it } from 'vitest';
import { installFakeVipApi } from '../../adapters/http/fake-vip-api.ts';
import { seedShell } from '../../server/shell/seed.ts';
import { SALE_CLOSED_REGION, seedVip } from '../../server/vip/vip-seed.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import {
  BargainType,
  OrderStatus,
  PayType,
  VipCalls,
  type AliPayOrder,
  type BargainJoined,
  type BargainStatusView,
  type CustomerServiceUser,
  type GatewayOrder,
  type OrderView,
  type PayInfoView,
  type RechargeActivityInfo,
  type RechargeActivitySummary,
  type SandboxPaid,
  type ShareConfirmed,
  type TcgOrder,
} from '../../src/core/vip/vip-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * VIP's calls (src/core/vip/vip-protocol.ts) as the app sends them, answered by the fake the app's tests use
 * (adapters/http/fake-vip-api.ts) and by the reference server (in process, on its test database): both must answer
 * alike, so the fake cannot drift from the server. The provider's GatewayCallback is the server's alone
 * (test/server/vip.test.ts).
 */
interface VipWorld {
  /** Sends a declared call with its parameters encoded as the app encodes them; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null, extra?: Record<string, string | undefined>): Promise<Answer>;
  /** A new signed-in user. */
  user(): Promise<Caller>;
  /** A package on sale (no bargain), its category, and its charged price (euro and rmb). */
  product: { id: number; categoryId: number; price: number; rmb: number };
  /** A package of another category. */
  otherCategoryId: number;
  /** A bargain package. */
  bargainProductId: number;
  /** A region where the sale is closed, and its message. */
  closed: { region: string; message: string };
}

/** The token fields a signed-in app sends, and the user's id. */
type Caller = Record<string, string> & { login_uid: string };

let keys = 0;
const newKey = (): string => {
  keys += 1;
  return `contract-key-${keys}-abcdef`;
};

/** The server's seed: package 101, gold month (9.99 €, discounted 7.99 € / 58 ¥), category 1; 201 diamond; 301 bargain. */
const SEED = { product: { id: 101, categoryId: 1, price: 7.99, rmb: 58 }, otherCategoryId: 2, bargainProductId: 301 } as const;

protocolContract<VipWorld>('vip protocol', {
  fake: ({ http, send }) => {
    const api = installFakeVipApi(http);
    const [gold, diamond] = api.catalogue.categoryList;
    if (!gold || !diamond) throw new Error('the fake catalogue has two categories');
    const month = gold.data[0];
    if (!month) throw new Error('the fake catalogue has a package');
    api.catalogue.categoryList.push({
      id: 3,
      name: '砍价VIP',
      styleType: 4,
      data: [{ ...month, packageId: 301, categoryId: 3, name: '砍价月卡', bargain: true, disprice: null, disrmb: null, promotions: [] }],
      payTypes: gold.payTypes,
    });
    api.closedRegions.set(SALE_CLOSED_REGION.region, SALE_CLOSED_REGION.message);
    api.rechargeActivity = { type: 0, status: 1, qrCodeTitle: '分享', qrCodeRemark: '', shareText: '来看视频', activityRule: '分享得优惠', discount: 1 };
    let nextUid = 1;
    return {
      product: { id: month.packageId, categoryId: gold.id, price: month.disprice ?? month.price, rmb: month.disrmb ?? month.rmb },
      otherCategoryId: diamond.id,
      bargainProductId: 301,
      closed: SALE_CLOSED_REGION,
      async user() {
        const uid = nextUid++;
        return { login_uid: String(uid) };
      },
      send: (declared, input, caller, extra) => send(declared, input, { ...caller, ...extra }),
    };
  },
  server: {
    seed: async (db) => {
      await seedVip(db);
      await seedShell(db);
    },
    world: ({ app, send }) => ({
      ...SEED,
      closed: SALE_CLOSED_REGION,
      async user() {
        const user = await registerUser(app);
        return { ...tokenParams(user.token), login_uid: String(user.id) };
      },
      send: (declared, input, caller, extra) => send(declared, input, { ...caller, ...extra }),
    }),
  },
}, (world) => {
  const cardOrder = async (caller: Caller, extra: Record<string, string | undefined> = {}): Promise<Answer> =>
    world.send(VipCalls.cardOrder, { ProductID: world.product.id, ToUID: Number(caller.login_uid), IdempotencyKey: newKey(), SysName: 'h5', payType: PayType.Card }, caller, extra);
  const placedCard = async (caller: Caller): Promise<OrderView> => {
    const answer = await cardOrder(caller);
    expect(answer.ret).toBe(200);
    return answer.data as OrderView;
  };

  it('GetVipPayType: a visitor sees the categories with their packages, and the pay types of the one selected', async () => {
    const answer = await world.send(VipCalls.payInfo, { categoryId: world.product.categoryId }, null);
    expect(answer.ret).toBe(200);
    const info = answer.data as PayInfoView;
    const category = info.categoryList.find((item) => item.id === world.product.categoryId);
    expect(category?.data.map((pkg) => pkg.packageId)).toContain(world.product.id);
    expect(info.payTypes).toEqual(category?.payTypes);
    expect(info.payTypes.map((item) => item.payType)).toContain(PayType.Card);
    expect(typeof info.remark).toBe('string');
  });

  it('GetVipPayType refuses a malformed id (1002), an unknown category (1002 VIP分类不存在), an unknown package (7001), a package of another category (7002), a closed region (7003)', async () => {
    expect((await world.send(VipCalls.payInfo, {}, null, { ProductID: 'abc' })).ret).toBe(1002);
    expect(await world.send(VipCalls.payInfo, { categoryId: 999 }, null)).toMatchObject({ ret: 1002, msg: 'VIP分类不存在' });
    expect((await world.send(VipCalls.payInfo, { ProductID: 99_999 }, null)).ret).toBe(7001);
    expect((await world.send(VipCalls.payInfo, { ProductID: world.product.id, categoryId: world.otherCategoryId }, null)).ret).toBe(7002);
    expect(await world.send(VipCalls.payInfo, { region: world.closed.region }, null)).toMatchObject({ ret: 7003, msg: world.closed.message });
  });

  it('CreateOrder: signed in only; the order at the server\'s price, created; the same key answers the same order', async () => {
    expect((await world.send(VipCalls.cardOrder, { ProductID: world.product.id, ToUID: 1, IdempotencyKey: newKey(), SysName: 'h5' }, null)).ret).toBe(201);
    const user = await world.user();
    const IdempotencyKey = newKey();
    const input = { ProductID: world.product.id, ToUID: Number(user.login_uid), IdempotencyKey, SysName: 'h5', payType: PayType.Card, Price: String(world.product.price) };
    const first = await world.send(VipCalls.cardOrder, input, user);
    expect(first.ret).toBe(200);
    const order = first.data as OrderView;
    expect(order).toMatchObject({ status: OrderStatus.Created, payType: PayType.Card, productId: world.product.id, price: world.product.price, rmb: world.product.rmb, isGift: false });
    expect(order.orderId).toMatch(/^VO[0-9a-f]{24}$/);
    expect((await world.send(VipCalls.cardOrder, input, user)).data).toMatchObject({ orderId: order.orderId });
  });

  it('CreateOrder refuses: no SysName (1001), a malformed key (1002), another call\'s pay type (7004 with the accepted ones), a price that is not the server\'s (7005)', async () => {
    const user = await world.user();
    expect((await cardOrder(user, { SysName: undefined })).ret).toBe(1001);
    expect((await cardOrder(user, { IdempotencyKey: 'short' })).ret).toBe(1002);
    expect(await cardOrder(user, { payType: '0' })).toMatchObject({ ret: 7004, data: { payType: 0, payTypes: [PayType.Card] } });
    expect((await cardOrder(user, { Price: '0.01' })).ret).toBe(7005);
  });

  it('CreateAliPay needs its payType (1001); answers the payment string, the rmb amount and the order', async () => {
    const user = await world.user();
    const input = { ProductID: world.product.id, ToUID: Number(user.login_uid), IdempotencyKey: newKey(), payType: PayType.AlipayStyle, region: 'CN' };
    expect((await world.send(VipCalls.aliPayOrder, input, user, { payType: undefined })).ret).toBe(1001);
    const answer = await world.send(VipCalls.aliPayOrder, input, user);
    expect(answer.ret).toBe(200);
    const data = answer.data as AliPayOrder;
    expect(data).toMatchObject({ disrmb: world.product.rmb, order: { orderId: data.orderId, payType: PayType.AlipayStyle } });
    expect(new URLSearchParams(data.params).get('orderId')).toBe(data.orderId);
    expect(JSON.parse(data.msgParams)).toMatchObject({ orderId: data.orderId });
  });

  it('CreateTcgOrder answers the euro amount; CreateGatewayOrder the gateway and its params', async () => {
    const user = await world.user();
    const base = { ProductID: world.product.id, ToUID: Number(user.login_uid) };
    const tcg = await world.send(VipCalls.tcgOrder, { ...base, IdempotencyKey: newKey(), payType: PayType.Tcg, region: 'MY' }, user);
    expect(tcg.ret).toBe(200);
    expect(tcg.data).toMatchObject({ disprice: world.product.price, order: { payType: PayType.Tcg } } satisfies Partial<Record<keyof TcgOrder, unknown>>);
    const gateway = await world.send(VipCalls.gatewayOrder, { ...base, IdempotencyKey: newKey(), payType: PayType.Gateway }, user);
    expect(gateway.ret).toBe(200);
    const data = gateway.data as GatewayOrder;
    expect(typeof data.gateway).toBe('string');
    expect(data.params).toMatchObject({ orderId: data.orderId, currency: 'EUR' });
    expect((await world.send(VipCalls.gatewayOrder, { ...base, IdempotencyKey: newKey() }, null)).ret).toBe(201);
  });

  it('GetCusService answers the customer-service user for templateType 2, 1002 for another', async () => {
    const answer = await world.send(VipCalls.customerService, { templateType: 2 }, null);
    expect(answer.ret).toBe(200);
    expect(answer.data).toMatchObject({ id: expect.any(Number) as number, nickName: expect.any(String) as string, kefu: true } satisfies Partial<Record<keyof CustomerServiceUser, unknown>>);
    expect((await world.send(VipCalls.customerService, { templateType: 2 }, null, { templateType: '1' })).ret).toBe(1002);
    expect((await world.send(VipCalls.customerService, { templateType: 2 }, null, { templateType: undefined })).ret).toBe(1001);
  });

  it('GetOrder: the owner sees the order; another user, a malformed id and an unknown one are 7007; a visitor 201', async () => {
    const owner = await world.user();
    const order = await placedCard(owner);
    expect((await world.send(VipCalls.order, { orderId: order.orderId }, owner)).data).toMatchObject({ orderId: order.orderId, status: OrderStatus.Created });
    const other = await world.user();
    expect(await world.send(VipCalls.order, { orderId: order.orderId }, other)).toMatchObject({ ret: 7007, msg: '订单不存在' });
    expect((await world.send(VipCalls.order, { orderId: 'VO-nope' }, owner)).ret).toBe(7007);
    expect((await world.send(VipCalls.order, { orderId: `VO${'f'.repeat(24)}` }, owner)).ret).toBe(7007);
    expect((await world.send(VipCalls.order, { orderId: order.orderId }, null)).ret).toBe(201);
  });

  it('CancelOrder closes an unpaid order; approving it then is 7008; another user\'s is 7007', async () => {
    const owner = await world.user();
    const order = await placedCard(owner);
    expect((await world.send(VipCalls.cancelOrder, { orderId: order.orderId }, await world.user())).ret).toBe(7007);
    const cancelled = await world.send(VipCalls.cancelOrder, { orderId: order.orderId }, owner);
    expect(cancelled.data).toMatchObject({ orderId: order.orderId, status: OrderStatus.Cancelled });
    expect((await world.send(VipCalls.sandboxPay, { orderId: order.orderId, action: 'approve' }, owner)).ret).toBe(7008);
  });

  it('SandboxPay pays once (a replay is a duplicate); a paid order cannot be cancelled (7009); a bad action is 1002; a gateway order is 7004', async () => {
    const owner = await world.user();
    const order = await placedCard(owner);
    expect((await world.send(VipCalls.sandboxPay, { orderId: order.orderId, action: 'approve' }, owner, { action: 'maybe' })).ret).toBe(1002);
    const paid = await world.send(VipCalls.sandboxPay, { orderId: order.orderId, action: 'approve' }, owner);
    expect(paid.data).toMatchObject({ orderId: order.orderId, status: OrderStatus.Paid, duplicate: false } satisfies Partial<SandboxPaid>);
    expect((paid.data as SandboxPaid).vipExpireDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await world.send(VipCalls.sandboxPay, { orderId: order.orderId, action: 'approve' }, owner)).data).toMatchObject({ status: OrderStatus.Paid, duplicate: true });
    expect(await world.send(VipCalls.cancelOrder, { orderId: order.orderId }, owner)).toMatchObject({ ret: 7009, msg: '订单已支付' });
    const gateway = await world.send(VipCalls.gatewayOrder, { ProductID: world.product.id, ToUID: Number(owner.login_uid), IdempotencyKey: newKey() }, owner);
    const gatewayId = (gateway.data as GatewayOrder).orderId;
    expect((await world.send(VipCalls.sandboxPay, { orderId: gatewayId, action: 'approve' }, owner)).ret).toBe(7004);
  });

  it('bargain: none for a visitor; join answers the help link (7015 twice, 7014 for a plain package); a friend cuts once, the owner never; the owner gives up', async () => {
    expect((await world.send(VipCalls.bargainStatus, {}, null)).data).toMatchObject({ type: BargainType.None, key: '' });
    const owner = await world.user();
    expect((await world.send(VipCalls.joinBargain, { ProductID: world.product.id }, owner)).ret).toBe(7014);
    expect((await world.send(VipCalls.joinBargain, { ProductID: world.bargainProductId }, null)).ret).toBe(201);
    const joined = await world.send(VipCalls.joinBargain, { ProductID: world.bargainProductId }, owner);
    expect(joined.ret).toBe(200);
    const { key, url } = joined.data as BargainJoined;
    expect(url).toBe(`/bargainHelp?key=${key}`);
    expect((await world.send(VipCalls.joinBargain, { ProductID: world.bargainProductId }, owner)).ret).toBe(7015);
    const started = (await world.send(VipCalls.bargainStatus, {}, owner)).data as BargainStatusView;
    expect(started).toMatchObject({ type: BargainType.Started, key, packageId: world.bargainProductId });
    expect((await world.send(VipCalls.helpBargain, { key }, owner)).ret).toBe(7017);
    const friend = await world.user();
    const cut = await world.send(VipCalls.helpBargain, { key }, friend);
    expect(cut.ret).toBe(200);
    const { cut: amount, price } = cut.data as { cut: number; price: number };
    expect(amount).toBeGreaterThan(0);
    expect(price).toBeCloseTo(started.price - amount, 2);
    expect((await world.send(VipCalls.helpBargain, { key }, friend)).ret).toBe(7017);
    expect((await world.send(VipCalls.bargainStatus, {}, owner)).data).toMatchObject({ type: BargainType.Finished, key });
    expect((await world.send(VipCalls.claimBargain, { key }, owner)).ret).toBe(7019);
    expect((await world.send(VipCalls.giveUpBargain, { key }, friend)).ret).toBe(7016);
    expect((await world.send(VipCalls.giveUpBargain, { key: 'not-a-key' }, owner)).ret).toBe(7016);
    expect(await world.send(VipCalls.giveUpBargain, { key }, owner)).toMatchObject({ ret: 200, data: null });
    expect((await world.send(VipCalls.bargainStatus, {}, owner)).data).toMatchObject({ type: BargainType.None });
    expect((await world.send(VipCalls.claimBargain, { key }, owner)).ret).toBe(7018);
  });

  it('GetRechargeActivity answers the running share activity, GetActivity its summary; ConfirmShare grants its discount once per user (a visitor 201)', async () => {
    const activity = (await world.send(VipCalls.rechargeActivity, {}, null)).data as RechargeActivityInfo;
    expect(activity).toMatchObject({ type: 0, status: 1 });
    expect(typeof activity.shareText).toBe('string');
    const summary = await world.send(VipCalls.activity, {}, null);
    expect(summary.data).toMatchObject({ type: 0, status: 1, title: expect.any(String) as string, activityRule: activity.activityRule } satisfies Partial<Record<keyof RechargeActivitySummary, unknown>>);
    expect((await world.send(VipCalls.confirmShare, {}, null)).ret).toBe(201);
    const user = await world.user();
    const first = await world.send(VipCalls.confirmShare, {}, user);
    expect(first.data).toMatchObject({ discount: activity.discount, used: false, duplicate: false } satisfies ShareConfirmed);
    expect((await world.send(VipCalls.confirmShare, {}, user)).data).toMatchObject({ duplicate: true });
  });
});
