import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { KEFU_ACCOUNT } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { deriveGatewayKey, signFields } from '../../server/vip/payment-signature.ts';
import { SALE_CLOSED_REGION, seedVip, VipCategoryId } from '../../server/vip/vip-seed.ts';
import { PayType, type OrderView, type PayInfoView } from '../../src/core/vip/vip-protocol.ts';
import { DAY, FakeClock, MINUTE, get, post, registerUser, setUserRegion, testConfig, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const config = testConfig();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedVip(db);
    await seedVip(db); // idempotent
  },
});

/** Seed packages: 101 gold month (30 d, 9.99 €, discounted 7.99 € / 58 ¥), 201 diamond month (30 d, 19.99 €), 102 gold quarter (90 + 7 d). */
const GOLD_MONTH = '101';
const GOLD_QUARTER = '102';
const DIAMOND_MONTH = '201';

let keyCounter = 0;
const newKey = (): string => {
  keyCounter += 1;
  return `idem-key-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`;
};

const createCard = (user: TestUser, fields: Record<string, string> = {}) =>
  server.get<OrderView>('/api/payment/CreateOrder', {
    ...tokenParams(user.token), ProductID: GOLD_MONTH, SysName: 'visa', ToUID: String(user.id), IdempotencyKey: newKey(), ...fields,
  });

const sandboxPay = (user: TestUser, orderId: string, action = 'approve') =>
  server.post<OrderView & { duplicate: boolean }>('/api/payment/SandboxPay', { ...tokenParams(user.token), orderId, action });

const getOrder = (user: TestUser, orderId: string) =>
  server.get<OrderView>('/api/payment/GetOrder', { ...tokenParams(user.token), orderId });

async function vipOf(uid: number): Promise<{ vip_level: number; vip_category_id: number; vip_type_name: string; vip_expire: Date | null }> {
  const rows = await server.db.query<{ vip_level: number; vip_category_id: number; vip_type_name: string; vip_expire: Date | null }>(
    'SELECT vip_level, vip_category_id, vip_type_name, vip_expire FROM users WHERE id = $1', [uid],
  );
  return rows[0]!;
}

async function buy(payer: TestUser, productId: string, toUid = payer.id): Promise<OrderView> {
  const created = await createCard(payer, { ProductID: productId, ToUID: String(toUid) });
  expect(created.body.ret).toBe(Ret.Ok);
  const paid = await sandboxPay(payer, created.body.data.orderId);
  expect(paid.body).toMatchObject({ ret: Ret.Ok, data: { status: 'paid', duplicate: false } });
  return paid.body.data;
}

async function signedCallback(fields: Record<string, string>): Promise<Record<string, string>> {
  const sign = signFields(deriveGatewayKey(config.sessionSecret ?? ''), fields);
  return { ...fields, sign };
}

describe('GET /api/User/GetVipPayType', () => {
  it('lists the categories (one bargain, styleType 4), packages with promotions and pay types for the region', async () => {
    const { body } = await server.get<PayInfoView>('/api/User/GetVipPayType', { region: 'CN' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.remark).toContain('最高等级');
    expect(body.data.categoryList.map((category) => [category.id, category.name, category.styleType])).toEqual([
      [1, '黄金VIP', 1], [2, '钻石VIP', 2], [3, '砍价特惠', 4],
    ]);
    const gold = body.data.categoryList[0]!;
    expect(gold.data[0]).toEqual({
      packageId: 101, categoryId: 1, name: '黄金月卡', validityDays: 30, giftDays: 0, price: 9.99, priceSymbol: '€',
      rmb: 68, disprice: 7.99, disrmb: 58, type: 1, bargain: false, menberCount: 12840, tags: ['热销'],
      promotions: [{ promotionCode: 'FIRST_MONTH', title: '首月特惠' }], giftItem: '',
    });
    expect(gold.data[1]).toMatchObject({ packageId: 102, disprice: null, disrmb: null, giftDays: 7 });
    expect(body.data.categoryList[2]!.data[0]).toMatchObject({ bargain: true });
    expect(gold.payTypes.map((item) => item.payType)).toEqual([PayType.Card, PayType.Gateway, PayType.AlipayStyle, PayType.AlipayStyleAlt, PayType.Manual]);
    expect(body.data.payTypes).toEqual(gold.payTypes);
    expect(gold.payTypes[0]).toEqual({ payType: -1, title: '银行卡支付', img: '/assets/pay/card.svg' });
  });

  it('pay types differ per region, payTypes follows the chosen category', async () => {
    const { body } = await server.get<PayInfoView>('/api/User/GetVipPayType', { region: 'my', categoryId: '2' });
    expect(body.data.payTypes.map((item) => item.payType)).toEqual([PayType.Card, PayType.Gateway, PayType.Tcg, PayType.Manual]);
  });

  it('answers 7003 with the message where VIP sale is closed (param or the user\'s saved region)', async () => {
    const closed = await server.get('/api/User/GetVipPayType', { region: SALE_CLOSED_REGION.region });
    expect(closed.body).toEqual({ ret: Ret.PurchaseBlocked, msg: SALE_CLOSED_REGION.message, data: null });
    const user = await server.registerUser();
    await setUserRegion(server.db, user.id, SALE_CLOSED_REGION.region);
    expect((await server.get('/api/User/GetVipPayType', tokenParams(user.token))).body.ret).toBe(Ret.PurchaseBlocked);
    // Asking for an open region does not lift the user's own closed region.
    expect((await server.get('/api/User/GetVipPayType', { ...tokenParams(user.token), region: 'CN' })).body.ret).toBe(Ret.PurchaseBlocked);
    expect((await createCard(user)).body.ret).toBe(Ret.PurchaseBlocked);
  });

  it('takes vipCategoryId, ProductID, ToUID and categoryId on every call, empty when unset; vipCategoryId is the held category (issue 20)', async () => {
    const empty = { vipCategoryId: '', ProductID: '', ToUID: '', categoryId: '' };
    const plain = await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, region: 'my' });
    expect(plain.body.ret).toBe(Ret.Ok);
    expect((await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, region: '' })).body.ret).toBe(Ret.Ok);
    // The held category (Diamond) picks the answer's payTypes when nothing else is chosen; categoryId wins over it.
    const diamond = plain.body.data.categoryList.find((category) => category.id === 2)!;
    const held = await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, region: 'my', vipCategoryId: '2' });
    expect(held.body.data.payTypes).toEqual(diamond.payTypes);
    const chosen = await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, region: 'my', vipCategoryId: '2', categoryId: '1' });
    expect(chosen.body.data.payTypes).toEqual(plain.body.data.categoryList[0]!.payTypes);
    // A held category of none (0) or one no longer sold is ignored; a malformed one is refused.
    expect((await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, vipCategoryId: '0' })).body.ret).toBe(Ret.Ok);
    expect((await server.get<PayInfoView>('/api/User/GetVipPayType', { ...empty, vipCategoryId: '999' })).body.ret).toBe(Ret.Ok);
    expect((await server.get('/api/User/GetVipPayType', { ...empty, vipCategoryId: 'x' })).body.ret).toBe(Ret.BadParam);
    // The ids given with the empties still count.
    expect((await server.get('/api/User/GetVipPayType', { ...empty, ToUID: '987654' })).body.ret).toBe(Ret.RecipientNotFound);
  });

  it('refuses bad params', async () => {
    expect((await server.get('/api/User/GetVipPayType', { region: 'ZZ' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/User/GetVipPayType', { ProductID: '999' })).body.ret).toBe(Ret.VipProductNotFound);
    expect((await server.get('/api/User/GetVipPayType', { ProductID: '101', categoryId: '2' })).body.ret).toBe(Ret.VipProductNotInCategory);
    expect((await server.get('/api/User/GetVipPayType', { ToUID: '987654' })).body.ret).toBe(Ret.RecipientNotFound);
  });
});

describe('order creation', () => {
  it('card: CreateOrder answers the order at the server price', async () => {
    const user = await server.registerUser();
    const { body } = await createCard(user, { Promotions: 'FIRST_MONTH', Refer: 'home-banner' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toMatchObject({
      status: 'created', payType: PayType.Card, sysName: 'visa', productId: 101, title: '黄金VIP·黄金月卡', days: 30,
      price: 7.99, priceText: '7.99', priceSymbol: '€', rmb: 58, payerUid: user.id, toUid: user.id, isGift: false,
      promotions: [{ promotionCode: 'FIRST_MONTH', title: '首月特惠' }], payTime: null, vipExpireDate: '',
    });
    expect(body.data.orderId).toMatch(/^VO[0-9a-f]{24}$/);
    expect(body.data.expireTime - body.data.createTime).toBe(30 * 60);
    expect((await getOrder(user, body.data.orderId)).body.data.status).toBe('created');
  });

  it('alipay-style: CreateAliPay answers params, disrmb, title and msgParams', async () => {
    const user = await server.registerUser();
    const { body } = await get<{ orderId: string; params: string; disrmb: number; title: string; msgParams: string }>(
      server.app, '/api/payment/CreateAliPay',
      { ...tokenParams(user.token), ProductID: GOLD_MONTH, ToUID: String(user.id), payType: '1', IdempotencyKey: newKey() },
    );
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toMatchObject({ disrmb: 58, title: '黄金VIP·黄金月卡' });
    const params = new URLSearchParams(body.data.params);
    expect(params.get('orderId')).toBe(body.data.orderId);
    expect(params.get('amount')).toBe('58.00');
    expect(params.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(body.data.msgParams)).toMatchObject({ orderId: body.data.orderId, amount: '58.00', payType: 1 });
    expect((await getOrder(user, body.data.orderId)).body.data.payType).toBe(PayType.AlipayStyleAlt);
    // payType 2 is not alipay-style; tcg is not offered in CN.
    const wrong = await server.get('/api/payment/CreateAliPay', { ...tokenParams(user.token), ProductID: GOLD_MONTH, ToUID: String(user.id), payType: '2', IdempotencyKey: newKey() });
    expect(wrong.body).toEqual({ ret: Ret.PayTypeUnavailable, msg: '不支持该支付方式', data: { payType: 2, payTypes: [0, 1] } });
  });

  it('tcg: CreateTcgOrder where offered (MY), 7004 elsewhere', async () => {
    const user = await server.registerUser();
    const fields = { ...tokenParams(user.token), ProductID: DIAMOND_MONTH, ToUID: String(user.id) };
    const { body } = await get<{ orderId: string; params: string; disprice: number; title: string; msgParams: string }>(
      server.app, '/api/payment/CreateTcgOrder', { ...fields, region: 'MY', IdempotencyKey: newKey() },
    );
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data).toMatchObject({ disprice: 19.99, title: '钻石VIP·钻石月卡' });
    expect(new URLSearchParams(body.data.params).get('amount')).toBe('19.99');
    expect((await server.get('/api/payment/CreateTcgOrder', { ...fields, IdempotencyKey: newKey() })).body.ret).toBe(Ret.PayTypeUnavailable);
  });

  it('gateway: CreateGatewayOrder answers the sandbox gateway and its params', async () => {
    const user = await server.registerUser();
    const { body } = await get<{ orderId: string; gateway: string; params: Record<string, string> }>(
      server.app, '/api/payment/CreateGatewayOrder', { ...tokenParams(user.token), ProductID: GOLD_MONTH, ToUID: String(user.id), IdempotencyKey: newKey() },
    );
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.gateway).toBe('/sandbox/gateway');
    expect(body.data.params).toEqual({ orderId: body.data.orderId, amount: '7.99', currency: 'EUR' });
  });

  it('manual: GetCusService answers the customer-service user', async () => {
    const { body } = await server.get<{ id: number; nickName: string }>('/api/payment/GetCusService', { templateType: '2' });
    const rows = await server.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [KEFU_ACCOUNT.userName]);
    expect(body).toMatchObject({ ret: Ret.Ok, data: { id: rows[0]!.id, nickName: KEFU_ACCOUNT.nickName } });
    expect((await server.get('/api/payment/GetCusService', { templateType: '1' })).body.ret).toBe(Ret.BadParam);
    // The account cannot log in.
    const login = await server.post('/api/Login/Login', { userName: KEFU_ACCOUNT.userName, password: 'anything1' });
    expect(login.body.ret).not.toBe(Ret.Ok);
  });
});

describe('idempotency', () => {
  it('concurrent duplicates with the same key create one order', async () => {
    const user = await server.registerUser();
    const IdempotencyKey = newKey();
    const results = await Promise.all(Array.from({ length: 6 }, () => createCard(user, { IdempotencyKey })));
    const ids = new Set(results.map((result) => result.body.data.orderId));
    expect(results.every((result) => result.body.ret === Ret.Ok)).toBe(true);
    expect(ids.size).toBe(1);
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_orders WHERE payer_id = $1', [user.id]);
    expect(rows[0]!.n).toBe(1);
    // A retry later answers the same order; the same key for another request is refused.
    expect((await createCard(user, { IdempotencyKey })).body.data.orderId).toBe([...ids][0]);
    expect((await createCard(user, { IdempotencyKey, ProductID: GOLD_QUARTER })).body).toEqual({
      ret: Ret.IdempotencyKeyReused, msg: '请求编号已用于其他订单', data: null,
    });
    // Keys are per payer: another user may use the same key.
    const other = await server.registerUser();
    expect((await createCard(other, { IdempotencyKey })).body.data.orderId).not.toBe([...ids][0]);
  });

  it('approving twice pays once and adds the time once', async () => {
    const user = await server.registerUser();
    const order = (await createCard(user)).body.data;
    expect((await sandboxPay(user, order.orderId)).body.data.duplicate).toBe(false);
    const first = await vipOf(user.id);
    const again = await sandboxPay(user, order.orderId);
    expect(again.body).toMatchObject({ ret: Ret.Ok, data: { status: 'paid', duplicate: true } });
    expect(await vipOf(user.id)).toEqual(first);
    expect(first.vip_expire!.getTime()).toBe(clock.now() + 30 * DAY);
  });

  it('concurrent approvals pay once', async () => {
    const user = await server.registerUser();
    const card = (await createCard(user)).body.data;
    const approvals = await Promise.all([1, 2, 3].map(() => sandboxPay(user, card.orderId)));
    expect(approvals.filter((result) => result.body.data.duplicate === false)).toHaveLength(1);
    expect((await vipOf(user.id)).vip_expire!.getTime()).toBe(clock.now() + 30 * DAY);
  });
});

describe('sandbox gateway and callback', () => {
  async function gatewayOrder(user: TestUser, productId = GOLD_MONTH, on: FastifyInstance = server.app): Promise<string> {
    const { body } = await get<{ orderId: string }>(on, '/api/payment/CreateGatewayOrder', {
      ...tokenParams(user.token), ProductID: productId, ToUID: String(user.id), IdempotencyKey: newKey(),
    });
    return body.data.orderId;
  }

  it('the page shows the order; approving pays through the signed callback and redirects to /payResult', async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const pageResponse = await server.app.inject({ method: 'GET', url: `/sandbox/gateway?orderId=${orderId}&amount=7.99` });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.headers['content-type']).toContain('text/html');
    expect(pageResponse.body).toContain('确认支付');
    expect(pageResponse.body).toContain('取消支付');
    expect(pageResponse.body).toContain('€7.99');
    const confirm = await server.app.inject({
      method: 'POST', url: '/sandbox/gateway/confirm',
      payload: `orderId=${orderId}&action=approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/payResult?orderId=${orderId}`);
    const order = (await getOrder(user, orderId)).body.data;
    expect(order.status).toBe('paid');
    expect(order.vipExpireDate).not.toBe('');
    const info = await server.post<TestUser>('/api/User/GetUserInfo', tokenParams(user.token));
    expect(info.body.data).toMatchObject({ vipLevel: 1, vipCategoryId: VipCategoryId.Gold, vipTypeName: '黄金VIP', eDate: order.vipExpireDate });
    // The page of a paid order offers no buttons.
    const after = await server.app.inject({ method: 'GET', url: `/sandbox/gateway?orderId=${orderId}` });
    expect(after.body).not.toContain('确认支付');
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/gateway?orderId=VO000000000000000000000000' })).statusCode).toBe(404);
  });

  it("framed by a host on its origin (embed=1, GatewayEmbed): the page may be framed by its own origin only, and ends with its message to that host, by a nonce'd script", async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const pageResponse = await server.app.inject({ method: 'GET', url: `/sandbox/gateway?orderId=${orderId}&embed=1` });
    expect(pageResponse.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pageResponse.headers['content-security-policy']).not.toContain('script-src');
    expect(pageResponse.body).toContain('name="embed" value="1"');
    const confirm = await server.app.inject({
      method: 'POST', url: '/sandbox/gateway/confirm',
      payload: `orderId=${orderId}&action=approve&embed=1`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirm.statusCode).toBe(200);
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(confirm.headers['content-security-policy']))?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(confirm.body).toContain(`<script nonce="${nonce}">window.parent.postMessage({"type":"qiyu-pay-result","orderId":"${orderId}","status":"paid"}, window.location.origin);</script>`);
    expect((await getOrder(user, orderId)).body.data.status).toBe('paid');
    const declined = await gatewayOrder(user);
    const decline = await server.app.inject({
      method: 'POST', url: '/sandbox/gateway/confirm',
      payload: `orderId=${declined}&action=decline&embed=1`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decline.body).toContain('"status":"declined"');
    expect((await getOrder(user, declined)).body.data.status).toBe('cancelled');
  });

  it('declining cancels the order', async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const decline = await server.app.inject({
      method: 'POST', url: '/sandbox/gateway/confirm',
      payload: `orderId=${orderId}&action=decline`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decline.statusCode).toBe(303);
    expect((await getOrder(user, orderId)).body.data.status).toBe('cancelled');
    expect((await vipOf(user.id)).vip_level).toBe(0);
  });

  it('a callback delivered twice pays once', async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const fields = await signedCallback({ orderId, status: 'paid', amount: '799', providerRef: 'ref-1', ts: String(Math.floor(clock.now() / 1000)) });
    const first = await server.post('/api/payment/GatewayCallback', fields);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { orderId, status: 'paid', duplicate: false } });
    const vip = await vipOf(user.id);
    expect(vip.vip_expire!.getTime()).toBe(clock.now() + 30 * DAY);
    // The provider replays it (it missed our 200): acknowledged again, paid once.
    const second = await server.post('/api/payment/GatewayCallback', fields);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { orderId, status: 'paid', duplicate: true } });
    expect(await vipOf(user.id)).toEqual(vip);
    // A decline arriving after the payment conflicts with it: an HTTP error, the order stays paid.
    const decline = await server.post('/api/payment/GatewayCallback', await signedCallback({ ...fields, status: 'declined', sign: '' }));
    expect(decline.status).toBe(409);
    expect(decline.body).toEqual({ ret: Ret.OrderAlreadyPaid, msg: '订单已支付', data: null });
    expect(await vipOf(user.id)).toEqual(vip);
    // The payer can no longer pay it through the sandbox confirm either.
    const page = await server.app.inject({
      method: 'POST', url: '/sandbox/gateway/confirm',
      payload: `orderId=${orderId}&action=approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);
    expect(await vipOf(user.id)).toEqual(vip);
  });

  it('concurrent duplicate callbacks pay once', async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const fields = await signedCallback({ orderId, status: 'paid', amount: '799', providerRef: 'ref-c', ts: String(Math.floor(clock.now() / 1000)) });
    const results = await Promise.all([1, 2, 3].map(() => server.post<{ duplicate: boolean }>('/api/payment/GatewayCallback', fields)));
    expect(results.map((result) => result.body.ret)).toEqual([Ret.Ok, Ret.Ok, Ret.Ok]);
    expect(results.filter((result) => !result.body.data.duplicate)).toHaveLength(1);
    expect((await vipOf(user.id)).vip_expire!.getTime()).toBe(clock.now() + 30 * DAY);
  });

  it('refuses a forged or stale callback, a wrong amount and an unknown order with an HTTP error status', async () => {
    const user = await server.registerUser();
    const orderId = await gatewayOrder(user);
    const ts = String(Math.floor(clock.now() / 1000));
    const good = await signedCallback({ orderId, status: 'paid', amount: '799', providerRef: 'r', ts });
    const callback = (fields: Record<string, string>) => server.post('/api/payment/GatewayCallback', fields);
    const forged = await callback({ ...good, amount: '1' });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ ret: Ret.PaymentCallbackRejected, msg: '支付回调签名无效', data: null });
    const badSign = await callback({ ...good, sign: 'abc' });
    expect([badSign.status, badSign.body.ret]).toEqual([401, Ret.PaymentCallbackRejected]);
    const stale = await callback(await signedCallback({ orderId, status: 'paid', amount: '799', providerRef: 'r', ts: String(Number(ts) - 301) }));
    expect([stale.status, stale.body.msg]).toEqual([401, '支付回调已过期']);
    const cheap = await callback(await signedCallback({ orderId, status: 'paid', amount: '1', providerRef: 'r', ts }));
    expect([cheap.status, cheap.body.msg]).toEqual([409, '支付回调金额不符']);
    const unknown = await callback(await signedCallback({ orderId: 'VO000000000000000000000000', status: 'paid', amount: '799', providerRef: 'r', ts }));
    expect([unknown.status, unknown.body.ret]).toEqual([404, Ret.OrderNotFound]);
    const oddStatus = await callback(await signedCallback({ orderId, status: 'refunded', amount: '799', providerRef: 'r', ts }));
    expect([oddStatus.status, oddStatus.body.ret]).toEqual([400, Ret.BadParam]);
    const { sign: _sign, ...unsigned } = good;
    const missing = await callback(unsigned);
    expect([missing.status, missing.body.ret]).toEqual([400, Ret.MissingParam]);
    expect((await getOrder(user, orderId)).body.data.status).toBe('created');
    expect((await vipOf(user.id)).vip_level).toBe(0);
    // The genuine one is still accepted afterwards.
    const accepted = await callback(good);
    expect([accepted.status, accepted.body.ret]).toEqual([200, Ret.Ok]);
    expect((await vipOf(user.id)).vip_level).toBe(1);
  });

  it('answers a callback body it cannot read (malformed JSON, NUL) with HTTP 400, not an acknowledgement', async () => {
    const raw = (payload: string) => server.app.inject({ method: 'POST', url: '/api/payment/GatewayCallback', headers: { 'content-type': 'application/json' }, payload });
    const malformed = await raw('{"orderId": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ret: Ret.BadParam, data: null });
    const withNul = await raw(JSON.stringify({ orderId: 'VO\u0000', status: 'paid', amount: '799', providerRef: 'r', ts: '1', sign: 'x' }));
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json()).toMatchObject({ ret: Ret.BadParam, data: null });
    // Other routes keep the app's rule: HTTP 200 with the envelope.
    const appRoute = await server.app.inject({ method: 'POST', url: '/api/payment/CancelOrder', headers: { 'content-type': 'application/json' }, payload: '{"orderId": ' });
    expect([appRoute.statusCode, appRoute.json().ret]).toEqual([200, Ret.BadParam]);
  });

  it('answers HTTP 500 when the database fails, so the provider retries; the retry then pays', async () => {
    let failing = false;
    const lost = () => Promise.reject(new Error('connection lost'));
    const flaky: Database = {
      kind: server.db.kind,
      query: (sql, params) => (failing ? lost() : server.db.query(sql, params)),
      exec: (sql) => (failing ? lost() : server.db.exec(sql)),
      transaction: (fn) => (failing ? lost() : server.db.transaction(fn)),
      close: async () => undefined,
    };
    const flakyApp = await server.startApp({ db: flaky });
    try {
      const user = await registerUser(flakyApp);
      const orderId = await gatewayOrder(user, GOLD_MONTH, flakyApp);
      const fields = await signedCallback({ orderId, status: 'paid', amount: '799', providerRef: 'r-5xx', ts: String(Math.floor(clock.now() / 1000)) });
      failing = true;
      const failed = await post(flakyApp, '/api/payment/GatewayCallback', fields);
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ ret: Ret.Internal, msg: '服务器繁忙，请稍后再试', data: null });
      failing = false;
      const retried = await post(flakyApp, '/api/payment/GatewayCallback', fields);
      expect([retried.status, retried.body.ret]).toEqual([200, Ret.Ok]);
      expect((await vipOf(user.id)).vip_level).toBe(1);
    } finally {
      await flakyApp.close();
    }
  });
});

describe('crediting VIP time', () => {
  it('a gift credits the friend (ToUID), not the payer', async () => {
    const payer = await server.registerUser();
    const friend = await server.registerUser();
    const order = await buy(payer, GOLD_QUARTER, friend.id);
    expect(order).toMatchObject({ isGift: true, toUid: friend.id, toNickName: friend.nickName, days: 97 });
    expect((await vipOf(friend.id)).vip_expire!.getTime()).toBe(clock.now() + 97 * DAY);
    expect((await vipOf(payer.id)).vip_level).toBe(0);
    // The friend cannot see the payer's order.
    expect((await getOrder(friend, order.orderId)).body.ret).toBe(Ret.OrderNotFound);
  });

  it('stacks the same type from the current expiry', async () => {
    const user = await server.registerUser();
    const start = clock.now();
    await buy(user, GOLD_MONTH);
    clock.advance(10 * DAY);
    await buy(user, GOLD_MONTH);
    expect(await vipOf(user.id)).toEqual({ vip_level: 1, vip_category_id: 1, vip_type_name: '黄金VIP', vip_expire: new Date(start + 60 * DAY) });
  });

  it('upgrades all remaining time to the higher type (1:1) and keeps it when a lower type is bought', async () => {
    const user = await server.registerUser();
    await buy(user, GOLD_MONTH);
    clock.advance(10 * DAY); // 20 gold days left
    await buy(user, DIAMOND_MONTH);
    expect(await vipOf(user.id)).toEqual({ vip_level: 2, vip_category_id: 2, vip_type_name: '钻石VIP', vip_expire: new Date(clock.now() + 50 * DAY) });
    await buy(user, GOLD_QUARTER); // 50 diamond days + 97 = 147 diamond days
    expect(await vipOf(user.id)).toEqual({ vip_level: 2, vip_category_id: 2, vip_type_name: '钻石VIP', vip_expire: new Date(clock.now() + 147 * DAY) });
  });

  it('the bargain category grants gold VIP time', async () => {
    const user = await server.registerUser();
    await buy(user, '301');
    expect(await vipOf(user.id)).toMatchObject({ vip_level: 1, vip_category_id: VipCategoryId.Gold, vip_type_name: '黄金VIP' });
  });
});

describe('order states', () => {
  it('an unpaid order expires after 30 minutes and can no longer be paid', async () => {
    const user = await server.registerUser();
    const order = (await createCard(user)).body.data;
    clock.advance(29 * MINUTE);
    expect((await getOrder(user, order.orderId)).body.data.status).toBe('created');
    clock.advance(MINUTE);
    expect((await getOrder(user, order.orderId)).body.data.status).toBe('expired');
    expect((await sandboxPay(user, order.orderId)).body).toEqual({ ret: Ret.OrderClosed, msg: '订单已过期，请重新下单', data: null });
    expect((await vipOf(user.id)).vip_level).toBe(0);
  });

  it('cancel: created → cancelled (repeatable), then unpayable; a paid order cannot be cancelled', async () => {
    const user = await server.registerUser();
    const order = (await createCard(user)).body.data;
    const cancel = () => server.post<OrderView>('/api/payment/CancelOrder', { ...tokenParams(user.token), orderId: order.orderId });
    expect((await cancel()).body.data.status).toBe('cancelled');
    expect((await cancel()).body.data.status).toBe('cancelled');
    expect((await sandboxPay(user, order.orderId)).body).toEqual({ ret: Ret.OrderClosed, msg: '订单已取消，无法支付', data: null });
    const paid = await buy(user, GOLD_MONTH);
    const refused = await server.post('/api/payment/CancelOrder', { ...tokenParams(user.token), orderId: paid.orderId });
    expect(refused.body).toEqual({ ret: Ret.OrderAlreadyPaid, msg: '订单已支付', data: null });
  });
});

describe('bad input', () => {
  it.each([
    [{ ProductID: '999' }, Ret.VipProductNotFound, '套餐不存在或已下架'],
    [{ ProductID: 'abc' }, Ret.BadParam, '参数格式错误：ProductID'],
    [{ ProductID: '101', categoryId: '2' }, Ret.VipProductNotInCategory, '该套餐不属于所选分类'],
    [{ ToUID: '987654' }, Ret.RecipientNotFound, '赠送的用户不存在'],
    [{ Price: '-1' }, Ret.PriceMismatch, '价格已变动，请刷新后重试'],
    [{ Price: '0.01' }, Ret.PriceMismatch, '价格已变动，请刷新后重试'],
    [{ disrmb: '1' }, Ret.PriceMismatch, '价格已变动，请刷新后重试'],
    [{ Price: '1e3' }, Ret.BadParam, '参数格式错误：Price'],
    [{ Promotions: 'YEAR_SALE' }, Ret.PromotionInvalid, '优惠不适用于该套餐'],
    [{ IdempotencyKey: '' }, Ret.MissingParam, '缺少参数：IdempotencyKey'],
    [{ IdempotencyKey: 'short' }, Ret.BadParam, '参数格式错误：IdempotencyKey'],
    [{ SysName: '<script>' }, Ret.BadParam, '参数格式错误：SysName'],
  ])('CreateOrder %j → %i', async (fields, ret, msg) => {
    const user = await server.registerUser();
    expect((await createCard(user, fields)).body).toEqual({ ret, msg, data: null });
  });

  it('accepts a price param equal to the server price', async () => {
    const user = await server.registerUser();
    expect((await createCard(user, { Price: '7.99', disrmb: '58' })).body.ret).toBe(Ret.Ok);
  });

  it('visitors must log in; other users\' orders are not found', async () => {
    const visitor = await server.get('/api/payment/CreateOrder', { ProductID: GOLD_MONTH, SysName: 'visa', ToUID: '1', IdempotencyKey: newKey() });
    expect(visitor.body.ret).toBe(Ret.SessionInvalid);
    const owner = await server.registerUser();
    const stranger = await server.registerUser();
    const order = (await createCard(owner)).body.data;
    expect((await getOrder(stranger, order.orderId)).body).toEqual({ ret: Ret.OrderNotFound, msg: '订单不存在', data: null });
    expect((await sandboxPay(stranger, order.orderId)).body.ret).toBe(Ret.OrderNotFound);
    expect((await server.post('/api/payment/CancelOrder', { ...tokenParams(stranger.token), orderId: order.orderId })).body.ret).toBe(Ret.OrderNotFound);
    expect((await getOrder(owner, 'nonsense')).body.ret).toBe(Ret.OrderNotFound);
    expect((await sandboxPay(owner, order.orderId, 'steal')).body.ret).toBe(Ret.BadParam);
    expect((await getOrder(owner, order.orderId)).body.data.status).toBe('created');
  });

  it('gateway orders are paid only through the gateway', async () => {
    const user = await server.registerUser();
    const { body } = await server.get<{ orderId: string }>('/api/payment/CreateGatewayOrder', {
      ...tokenParams(user.token), ProductID: GOLD_MONTH, ToUID: String(user.id), IdempotencyKey: newKey(),
    });
    expect((await sandboxPay(user, body.data.orderId)).body).toEqual({ ret: Ret.PayTypeUnavailable, msg: '请在支付页面完成支付', data: null });
  });
});
