import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { seedShell } from '../../server/shell/seed.ts';
import { bargainCut, BargainRules } from '../../server/vip/vip-activities.ts';
import type { OrderView } from '../../src/core/vip/vip-protocol.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { DAY, FakeClock, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedVip(db);
    await seedShell(db);
  },
});

/** Seed bargain package 301: 30 days, 9.99 €, gold VIP. */
const BARGAIN_PACKAGE = '301';

interface BargainInfo { type: number; price: number; packageId: number; key: string; url: string; endTime: number }

const status = (user: TestUser) => server.get<BargainInfo>('/api/user/GetUserBargainStatus', tokenParams(user.token));
const join = (user: TestUser, productId = BARGAIN_PACKAGE) =>
  server.get<{ url: string; key: string }>('/api/Bargain/JoinActivity', { ...tokenParams(user.token), ProductID: productId });
const help = (user: TestUser, key: string) => server.get<{ cut: number; price: number }>('/api/Bargain/Help', { ...tokenParams(user.token), key });
const giveUp = (user: TestUser, key: string) => server.get('/api/Bargain/GiveUp', { ...tokenParams(user.token), key });
const claim = (user: TestUser, key: string) => server.get<{ vipExpire: number }>('/api/Bargain/ReceiveForFree', { ...tokenParams(user.token), key });

let keyCounter = 0;
const order = (user: TestUser, fields: Record<string, string>) => {
  keyCounter += 1;
  return server.get<OrderView>('/api/payment/CreateOrder', {
    ...tokenParams(user.token), SysName: 'visa', ToUID: String(user.id), IdempotencyKey: `act-key-${keyCounter}-abcdef`, ...fields,
  });
};
const pay = (user: TestUser, orderId: string) => server.post<OrderView>('/api/payment/SandboxPay', { ...tokenParams(user.token), orderId, action: 'approve' });

async function vipExpire(uid: number): Promise<number> {
  const rows = await server.db.query<{ vip_expire: Date | null }>('SELECT vip_expire FROM users WHERE id = $1', [uid]);
  return rows[0]?.vip_expire?.getTime() ?? 0;
}

/** Registration stamps created_at with the database's time; the app's clock is fake (2030). */
async function newHelper(): Promise<TestUser> {
  const user = await server.registerUser();
  await server.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [user.id, new Date(clock.now() - DAY)]);
  return user;
}

async function makeOld(user: TestUser): Promise<void> {
  await server.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [user.id, new Date(clock.now() - 30 * DAY)]);
}

describe('bargain cut amounts', () => {
  it('follow the tips: bigger for a higher price, 3× for new users, extra for 180 days or more, never below 0', () => {
    expect(bargainCut({ startPriceCents: 999, currentPriceCents: 999, newUser: false, packageDays: 30 })).toBe(100);
    expect(bargainCut({ startPriceCents: 999, currentPriceCents: 999, newUser: true, packageDays: 30 })).toBe(300);
    expect(bargainCut({ startPriceCents: 999, currentPriceCents: 999, newUser: false, packageDays: 180 })).toBe(150);
    expect(bargainCut({ startPriceCents: 999, currentPriceCents: 40, newUser: true, packageDays: 30 })).toBe(40);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.boolean(), fc.integer({ min: 1, max: 800 }),
        (a, b, current, newUser, days) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const cut = (start: number, n = newUser) => bargainCut({ startPriceCents: start, currentPriceCents: 1e9, newUser: n, packageDays: days });
          expect(cut(high)).toBeGreaterThanOrEqual(cut(low));
          expect(Number.isInteger(cut(high))).toBe(true);
          const real = bargainCut({ startPriceCents: high, currentPriceCents: current, newUser, packageDays: days });
          expect(current - real).toBeGreaterThanOrEqual(0);
          if (days < BargainRules.longPackageDays && cut(high, false) > 1) expect(cut(high, true)).toBe(cut(high, false) * 3);
        }),
    );
  });
});

describe('bargain activity', () => {
  it('join → help link; helpers cut once each; 0 → free claim credits VIP time exactly once', async () => {
    const owner = await server.registerUser();
    expect((await status(owner)).body.data.type).toBe(0);
    const joined = await join(owner);
    expect(joined.body.ret).toBe(Ret.Ok);
    expect(joined.body.data.url).toBe(`/bargainHelp?key=${joined.body.data.key}`);
    expect((await join(owner)).body).toMatchObject({ ret: Ret.BargainAlreadyJoined, msg: '你已参加砍价活动，请勿重复参加' });
    const started = (await status(owner)).body.data;
    expect(started).toMatchObject({ type: 1, price: 9.99, packageId: 301 });
    expect(started.endTime).toBe(Math.floor((clock.now() + DAY) / 1000));
    const key = joined.body.data.key;

    expect((await help(owner, key)).body).toMatchObject({ ret: Ret.BargainHelpRefused, msg: '不能给自己砍价' });
    const old = await server.registerUser();
    await makeOld(old);
    expect((await help(old, key)).body.data).toEqual({ cut: 1, price: 8.99 });
    expect((await help(old, key)).body).toMatchObject({ ret: Ret.BargainHelpRefused, msg: '你已经帮TA砍过价了' });
    expect((await status(owner)).body.data).toMatchObject({ type: 2, price: 8.99 });
    expect((await claim(owner, key)).body).toMatchObject({ ret: Ret.BargainPriceNotZero, msg: '价格未砍到0元，无法免费领取' });

    for (const expected of [5.99, 2.99, 0]) {
      const helper = await newHelper();
      expect((await help(helper, key)).body.data.price).toBe(expected);
    }
    const late = await server.registerUser();
    expect((await help(late, key)).body.ret).toBe(Ret.BargainClosed);
    expect((await claim(late, key)).body).toMatchObject({ ret: Ret.BargainNotFound, msg: '砍价不存在或不属于你' });
    expect((await giveUp(late, key)).body.ret).toBe(Ret.BargainNotFound);

    const before = await vipExpire(owner.id);
    const claimed = await claim(owner, key);
    expect(claimed.body.ret).toBe(Ret.Ok);
    const after = await vipExpire(owner.id);
    expect(after - Math.max(before, clock.now())).toBe(30 * DAY);
    expect((await claim(owner, key)).body.ret).toBe(Ret.BargainClosed);
    expect(await vipExpire(owner.id)).toBe(after);
    expect((await status(owner)).body.data.type).toBe(0);
  });

  it('abandon; expiry at endTime; other keys refused', async () => {
    const owner = await server.registerUser();
    const other = await server.registerUser();
    expect((await join(owner, '101')).body.ret).toBe(Ret.NotBargainPackage);
    const key = (await join(owner)).body.data.key;
    expect((await giveUp(other, key)).body.ret).toBe(Ret.BargainNotFound);
    expect((await giveUp(owner, 'nonsense')).body.ret).toBe(Ret.BargainNotFound);
    expect((await giveUp(owner, key)).body.ret).toBe(Ret.Ok);
    expect((await giveUp(owner, key)).body).toMatchObject({ ret: Ret.BargainClosed, msg: '砍价已结束' });
    expect((await status(owner)).body.data.type).toBe(0);

    const second = (await join(owner)).body.data.key;
    clock.advance(DAY);
    expect((await status(owner)).body.data.type).toBe(0);
    expect((await help(other, second)).body.ret).toBe(Ret.BargainClosed);
    expect((await claim(owner, second)).body.ret).toBe(Ret.BargainClosed);
    expect((await join(owner)).body.ret).toBe(Ret.Ok);
  });

  it('buys at the bargained price (server-computed) through the normal order flow, once', async () => {
    const owner = await server.registerUser();
    const key = (await join(owner)).body.data.key;
    await help(await newHelper(), key);
    expect((await order(owner, { ProductID: BARGAIN_PACKAGE, BargainKey: key, Price: '9.99' })).body.ret).toBe(Ret.PriceMismatch);
    expect((await order(owner, { ProductID: '101', BargainKey: key })).body.ret).toBe(Ret.BargainNotFound);
    const created = await order(owner, { ProductID: BARGAIN_PACKAGE, BargainKey: key, Price: '6.99' });
    expect(created.body.data).toMatchObject({ price: 6.99, status: 'created' });
    const again = await order(owner, { ProductID: BARGAIN_PACKAGE, BargainKey: key });
    expect((await pay(owner, created.body.data.orderId)).body.data.status).toBe('paid');
    expect((await status(owner)).body.data.type).toBe(0);
    const second = await pay(owner, again.body.data.orderId);
    expect(second.body).toMatchObject({ ret: Ret.OrderClosed, msg: '砍价已结束' });
  });
});

describe('recharge activity and share discount', () => {
  it('GetRechargeActivity answers the running activity', async () => {
    const { body } = await server.get<Record<string, unknown>>('/api/user/GetRechargeActivity');
    expect(body.data).toMatchObject({ type: 0, status: 1, shareText: expect.any(String), activityRule: expect.stringContaining('分享') });
  });

  it('the discount is granted once per user and activity and applied to one paid order', async () => {
    const user = await server.registerUser();
    expect((await order(user, { ProductID: '101', ShareDiscount: '1' })).body.ret).toBe(Ret.ShareDiscountUnavailable);
    const first = await server.post<{ discount: number; duplicate: boolean }>('/api/Activity/ConfirmShare', tokenParams(user.token));
    expect(first.body.data).toMatchObject({ discount: 1, duplicate: false });
    expect((await server.post<{ duplicate: boolean }>('/api/Activity/ConfirmShare', tokenParams(user.token))).body.data.duplicate).toBe(true);
    const a = await order(user, { ProductID: '101', ShareDiscount: '1', Price: '6.99' });
    expect(a.body.data.price).toBe(6.99);
    const b = await order(user, { ProductID: '101', ShareDiscount: '1' });
    expect((await pay(user, a.body.data.orderId)).body.data.status).toBe('paid');
    expect((await pay(user, b.body.data.orderId)).body).toMatchObject({ ret: Ret.OrderClosed, msg: '分享优惠已使用' });
    expect((await order(user, { ProductID: '101', ShareDiscount: '1' })).body.ret).toBe(Ret.ShareDiscountUnavailable);
  });
});
