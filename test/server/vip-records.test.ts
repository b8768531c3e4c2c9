import { beforeAll, describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { createRedeemCodes } from '../../server/vip-redeem/redeem-codes.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { VipRedeemCalls, type VipRecord, type VipRecordPage } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import type { OrderView } from '../../src/core/vip/vip-protocol.ts';
import { FakeClock, MINUTE, tokenParams, uniqueIp, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const RECORDS = VipRedeemCalls.records.path;

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedVip(db);
  },
  // A new migration rebuilds the migrated template first: on a busy machine that takes more than the default minute.
  setupTimeout: 240_000,
});

let keyCounter = 0;
/** A card order (payType -1, euro) or an alipay-style one (payType 0, rmb) of package 101 (7.99 € / 58 ¥, 30 days). */
const order = async (payer: TestUser, toUid: number, alipay = false): Promise<OrderView> => {
  keyCounter += 1;
  const path = alipay ? '/api/payment/CreateAliPay' : '/api/payment/CreateOrder';
  const fields: Record<string, string> = alipay ? { payType: '0', region: 'CN' } : { SysName: 'visa' };
  const { body } = await server.get<OrderView | { order: OrderView }>(path, {
    ...tokenParams(payer.token), ProductID: '101', ToUID: String(toUid), IdempotencyKey: `rec-key-${keyCounter}-abcdef`, ...fields,
  });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  clock.advance(MINUTE);
  return 'order' in body.data ? body.data.order : body.data;
};
const pay = async (user: TestUser, orderId: string) => {
  const { body } = await server.post('/api/payment/SandboxPay', { ...tokenParams(user.token), orderId, action: 'approve' });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  clock.advance(MINUTE);
};
const records = (user: TestUser, fields: Record<string, string> = {}) => server.get<VipRecordPage>(RECORDS, { ...tokenParams(user.token), ...fields });
const listOf = async (user: TestUser, fields: Record<string, string> = {}): Promise<VipRecord[]> => {
  const { body } = await records(user, fields);
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data.list;
};
const expireOf = async (uid: number) =>
  (await server.db.query<{ vip_expire: Date }>('SELECT vip_expire FROM users WHERE id = $1', [uid]))[0]?.vip_expire;
const dateOf = (date: Date | undefined) => (date === undefined ? '' : new Date(date.getTime() + 8 * 60 * MINUTE).toISOString().slice(0, 10));

describe('GetOpenVipRecords', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await server.registerUser();
    bob = await server.registerUser();
  });

  it('lists purchases (paid, pending, closed), gifts given and received, a claimed bargain and a code, newest first, with the expiry each led to', async () => {
    const paid = await order(alice, alice.id, true);
    await pay(alice, paid.orderId);
    const afterPurchase = dateOf(await expireOf(alice.id));

    const cancelled = await order(alice, alice.id);
    await server.post('/api/payment/CancelOrder', { ...tokenParams(alice.token), orderId: cancelled.orderId });
    clock.advance(MINUTE);

    const gift = await order(bob, alice.id);
    await pay(bob, gift.orderId);
    const afterGift = dateOf(await expireOf(alice.id));

    const given = await order(alice, bob.id);
    await pay(alice, given.orderId);

    // A bargain cut to 0 and claimed free: an activity's reward.
    const joined = await server.get<{ key: string }>('/api/Bargain/JoinActivity', { ...tokenParams(alice.token), ProductID: '301' });
    await server.db.query('UPDATE vip_bargains SET price_cents = 0 WHERE key = $1', [joined.body.data.key]);
    expect((await server.get('/api/Bargain/ReceiveForFree', { ...tokenParams(alice.token), key: joined.body.data.key })).body.ret).toBe(Ret.Ok);
    const afterBargain = dateOf(await expireOf(alice.id));
    clock.advance(MINUTE);

    const [code] = await createRedeemCodes(server.db, { packageIds: [202], count: 1, expiresAt: null }, clock.now());
    expect((await server.post(VipRedeemCalls.redeem.path, { ...tokenParams(alice.token), code: code! }, { ip: uniqueIp() })).body.ret).toBe(Ret.Ok);
    const afterCode = dateOf(await expireOf(alice.id));
    clock.advance(MINUTE);

    const pending = await order(alice, alice.id);

    const list = await listOf(alice);
    expect(list.map((record) => [record.kind, record.state, record.payType, record.amount, record.currencySymbol, record.vipExpireDate])).toEqual([
      ['purchase', 'pending', -1, 7.99, '€', ''],
      ['redeem', 'success', null, 0, '€', afterCode],
      ['activity', 'success', null, 0, '€', afterBargain],
      ['giftGiven', 'success', -1, 7.99, '€', ''],
      ['giftReceived', 'success', null, 0, '€', afterGift],
      ['purchase', 'closed', -1, 7.99, '€', ''],
      ['purchase', 'success', 0, 58, '¥', afterPurchase],
    ]);
    expect(list[0]?.id).toBe(`order:${pending.orderId}`);
    expect(list[1]).toMatchObject({ categoryName: '钻石VIP', packageName: '钻石季卡', days: 100, codeHint: code!.slice(-4), counterpart: null });
    expect(list[3]?.counterpart).toEqual({ uid: bob.id, nickName: bob.nickName });
    expect(list[4]?.counterpart).toEqual({ uid: bob.id, nickName: bob.nickName });
    expect(list.every((record) => typeof record.time === 'number')).toBe(true);
    expect(list.map((record) => record.time)).toEqual([...list.map((record) => record.time)].sort((a, b) => b - a));

    // Every change of Alice's VIP time is in the ledger: her purchase, Bob's gift, the bargain and the code.
    const ledger = await server.db.query<{ reason: string }>('SELECT reason FROM vip_time_changes WHERE user_id = $1 ORDER BY id', [alice.id]);
    expect(ledger.map((row) => row.reason)).toEqual(['order', 'order', 'bargain', 'redeem']);

    // Bob sees only his own: the gift he gave (it changed Alice's time, not his) and the one Alice gave him.
    const bobs = await listOf(bob);
    expect(bobs.map((record) => [record.kind, record.counterpart?.uid])).toEqual([['giftReceived', alice.id], ['giftGiven', alice.id]]);
    expect(bobs[1]?.vipExpireDate).toBe('');
  });

  it('an unpaid order past its 30 minutes shows 已关闭 (closed)', async () => {
    const user = await server.registerUser();
    await order(user, user.id);
    expect((await listOf(user))[0]?.state).toBe('pending');
    clock.advance(31 * MINUTE);
    expect((await listOf(user))[0]?.state).toBe('closed');
  });

  it('pages: pages of 2 add up to the whole list, with the total; past the end is empty', async () => {
    const user = await server.registerUser();
    const codes = await createRedeemCodes(server.db, { packageIds: [101], count: 5, expiresAt: null }, clock.now());
    for (const code of codes) {
      expect((await server.post(VipRedeemCalls.redeem.path, { ...tokenParams(user.token), code }, { ip: uniqueIp() })).body.ret).toBe(Ret.Ok);
      clock.advance(MINUTE);
    }
    const whole = await listOf(user, { pageSize: '50' });
    expect(whole).toHaveLength(5);
    expect(whole[0]?.vipExpireDate).toBe(dateOf(await expireOf(user.id)));
    const pages: VipRecord[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { body } = await records(user, { page: String(page), pageSize: '2' });
      expect(body.data).toMatchObject({ page, pageSize: 2, total: 5 });
      pages.push(...body.data.list);
    }
    expect(pages).toEqual(whole);
    expect((await records(user, { page: '4', pageSize: '2' })).body.data).toMatchObject({ list: [], total: 5 });
    expect((await records(user)).body.data.pageSize).toBe(20);
  });

  it('refuses bad paging (1002) and a visitor (201)', async () => {
    const user = await server.registerUser();
    expect((await records(user, { pageSize: '51' })).body).toMatchObject({ ret: Ret.BadParam, msg: '每页数量为1-50' });
    expect((await records(user, { pageSize: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await records(user, { page: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await records(user, { page: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get(RECORDS, {})).body.ret).toBe(Ret.SessionInvalid);
  });
});
