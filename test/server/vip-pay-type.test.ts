import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { PayType, type OrderView } from '../../src/core/vip/vip-protocol.ts';
import { FakeClock, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/** The pay type an order call is given is honoured: checked against the call and the pay types offered, recorded on the order. */

const server = useServerFixture({
  clock: new FakeClock(),
  seed: async (db) => {
    await seedVip(db);
  },
});

let counter = 0;
const key = () => `paytype-${++counter}-${Math.random().toString(36).slice(2, 10)}`;

const order = (user: TestUser, path: string, fields: Record<string, string>) =>
  server.get<OrderView & { order?: OrderView }>(path, { ...tokenParams(user.token), ProductID: '101', ToUID: String(user.id), IdempotencyKey: key(), ...fields });

describe('the pay type of an order call', () => {
  it('card: payType -1 is recorded; none sent is the card itself', async () => {
    const user = await server.registerUser();
    const given = await order(user, '/api/payment/CreateOrder', { SysName: 'h5', payType: '-1' });
    expect(given.body.ret).toBe(Ret.Ok);
    expect(given.body.data.payType).toBe(PayType.Card);
    const none = await order(user, '/api/payment/CreateOrder', { SysName: 'h5' });
    expect(none.body.data.payType).toBe(PayType.Card);
  });

  it('an unknown pay type answers 7004 with {payType, payTypes} and creates nothing', async () => {
    const user = await server.registerUser();
    const before = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM vip_orders WHERE payer_id = $1', [user.id]);
    const unknown = await order(user, '/api/payment/CreateOrder', { SysName: 'h5', payType: '9' });
    expect(unknown.body).toEqual({ ret: Ret.PayTypeUnavailable, msg: '不支持该支付方式', data: { payType: 9, payTypes: [PayType.Card] } });
    const manual = await order(user, '/api/payment/CreateGatewayOrder', { payType: '3' });
    expect(manual.body).toEqual({ ret: Ret.PayTypeUnavailable, msg: '不支持该支付方式', data: { payType: 3, payTypes: [PayType.Gateway] } });
    const after = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM vip_orders WHERE payer_id = $1', [user.id]);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('another call\'s pay type is refused (the card call is not a gateway order)', async () => {
    const user = await server.registerUser();
    const wrong = await order(user, '/api/payment/CreateOrder', { SysName: 'h5', payType: String(PayType.Gateway) });
    expect(wrong.body).toEqual({ ret: Ret.PayTypeUnavailable, msg: '不支持该支付方式', data: { payType: 5, payTypes: [PayType.Card] } });
  });

  it('a pay type not offered in the region answers 7004 with the ones offered for the package\'s category', async () => {
    const user = await server.registerUser();
    const tcg = await order(user, '/api/payment/CreateTcgOrder', { payType: '2' });
    expect(tcg.body.ret).toBe(Ret.PayTypeUnavailable);
    expect(tcg.body.data).toEqual({ payType: 2, payTypes: [PayType.Card, PayType.Gateway, PayType.AlipayStyle, PayType.AlipayStyleAlt, PayType.Manual] });
  });

  it('a payType that is not a whole number is 1002; the alipay-style call needs one (1001)', async () => {
    const user = await server.registerUser();
    expect((await order(user, '/api/payment/CreateOrder', { SysName: 'h5', payType: 'card' })).body.ret).toBe(Ret.BadParam);
    expect((await order(user, '/api/payment/CreateAliPay', {})).body.ret).toBe(Ret.MissingParam);
  });

  it('every pay type that makes an order is recorded as given', async () => {
    const user = await server.registerUser();
    const ali = await order(user, '/api/payment/CreateAliPay', { payType: '0' });
    expect(ali.body.data.order?.payType).toBe(PayType.AlipayStyle);
    const gateway = await order(user, '/api/payment/CreateGatewayOrder', { payType: '5' });
    expect(gateway.body.data.order?.payType).toBe(PayType.Gateway);
    const tcg = await order(user, '/api/payment/CreateTcgOrder', { payType: '2', ProductID: '201', region: 'MY' });
    expect(tcg.body.data.order?.payType).toBe(PayType.Tcg);
  });
});
