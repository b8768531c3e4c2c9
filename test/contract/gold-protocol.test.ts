import { expect, it } from 'vitest';
import { installFakeGoldApi, type FakeGoldState } from '../../adapters/http/fake-gold-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { SEED_GOLD_PRICES, seedGold } from '../../server/gold/seed.ts';
import { GoldCalls, GoldRet, type GoldRecordPage, type GoldShortfall, type PaidVideos, type VideoUnlocked } from '../../src/core/gold/gold-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Gold's calls (src/core/gold/gold-protocol.ts) as the app sends them, answered by the fake the app's tests use
 * (adapters/http/fake-gold-api.ts) and by the reference server (in process, on its test database): both must
 * answer alike, so the fake cannot drift from the server.
 */
interface GoldWorld {
  /** Sends a declared call with its parameters encoded as the app encodes them; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new user holding `gold`. */
  userWith(gold: number): Promise<Caller>;
  /** A paid video with its price, and a free one. */
  paid: { mediaKey: string; price: number };
  free: string;
}

/** The token fields a signed-in app sends. */
type Caller = Record<string, string>;

const [PAID_KEY, PAID_PRICE] = Object.entries(SEED_GOLD_PRICES)[0] as [string, number];
const FREE_KEY = 'movie-01';

protocolContract<GoldWorld>('gold protocol', {
  fake: ({ http, send }) => {
    let nextUid = 1;
    const state: FakeGoldState = installFakeGoldApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    state.videos.set(PAID_KEY, { price: PAID_PRICE, cover: '/cover.jpg', title: '片名' });
    state.videos.set(FREE_KEY, { price: 0, cover: '/free.jpg', title: '免费' });
    return {
      paid: { mediaKey: PAID_KEY, price: PAID_PRICE },
      free: FREE_KEY,
      async userWith(gold) {
        const uid = nextUid++;
        state.balances.set(uid, gold);
        return { login_uid: String(uid) };
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: async (db, clock) => {
      await seedCatalogue(db, clock);
      await seedGold(db, clock);
    },
    world: ({ app, db, send }) => ({
      paid: { mediaKey: PAID_KEY, price: PAID_PRICE },
      free: FREE_KEY,
      async userWith(gold) {
        const user = await registerUser(app);
        await db.query('UPDATE users SET gold = $1 WHERE id = $2', [gold, user.id]);
        return tokenParams(user.token);
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  it('FilterVideoByGold lists the paid videos only, unlocked false, with the balance (null for a visitor)', async () => {
    const visitor = await world.send(GoldCalls.paidVideos, { mediaKeys: [world.paid.mediaKey, world.free, 'no-such-video'] }, null);
    expect(visitor.ret).toBe(200);
    const data = visitor.data as PaidVideos;
    expect(data.balance).toBeNull();
    expect(data.list.map(({ mediaKey, price, unlocked }) => ({ mediaKey, price, unlocked }))).toEqual([{ mediaKey: world.paid.mediaKey, price: world.paid.price, unlocked: false }]);
    expect(typeof data.list[0]?.cover).toBe('string');
    const user = await world.userWith(5);
    expect(((await world.send(GoldCalls.paidVideos, { mediaKeys: [world.paid.mediaKey] }, user)).data as PaidVideos).balance).toBe(5);
  });

  it('FilterVideoByGold refuses a missing list (1001) and more than 50 keys (1002 mediaKeys最多50个)', async () => {
    expect((await world.send(GoldCalls.paidVideos, { mediaKeys: [] }, null)).ret).toBe(1001);
    const many = Array.from({ length: 51 }, (_, i) => `k${i}`);
    expect(await world.send(GoldCalls.paidVideos, { mediaKeys: many }, null)).toMatchObject({ ret: 1002, msg: 'mediaKeys最多50个' });
  });

  it('PayVideoByGold: too little gold is 7030 with the shortfall; enough unlocks once; again debits nothing', async () => {
    const user = await world.userWith(world.paid.price - 1);
    const short = await world.send(GoldCalls.unlock, { mediaKey: world.paid.mediaKey }, user);
    expect(short).toEqual({ ret: GoldRet.Insufficient, msg: `金币不足，当前余额${world.paid.price - 1}金币`, data: { mediaKey: world.paid.mediaKey, price: world.paid.price, balance: world.paid.price - 1 } satisfies GoldShortfall });
    const rich = await world.userWith(world.paid.price + 10);
    const first = await world.send(GoldCalls.unlock, { mediaKey: world.paid.mediaKey }, rich);
    expect(first).toEqual({ ret: 200, msg: '解锁成功', data: { mediaKey: world.paid.mediaKey, price: world.paid.price, paid: world.paid.price, balance: 10, alreadyUnlocked: false } satisfies VideoUnlocked });
    const again = await world.send(GoldCalls.unlock, { mediaKey: world.paid.mediaKey }, rich);
    expect(again).toEqual({ ret: 200, msg: '已解锁，无需重复支付', data: { mediaKey: world.paid.mediaKey, price: world.paid.price, paid: 0, balance: 10, alreadyUnlocked: true } satisfies VideoUnlocked });
    const after = (await world.send(GoldCalls.paidVideos, { mediaKeys: [world.paid.mediaKey] }, rich)).data as PaidVideos;
    expect(after.list[0]?.unlocked).toBe(true);
  });

  it('PayVideoByGold: a free video is 7031, an unknown one 1030, a visitor 201, no key 1001', async () => {
    const user = await world.userWith(100);
    expect((await world.send(GoldCalls.unlock, { mediaKey: world.free }, user)).ret).toBe(GoldRet.NotForSale);
    expect((await world.send(GoldCalls.unlock, { mediaKey: 'no-such-video' }, user)).ret).toBe(1030);
    expect((await world.send(GoldCalls.unlock, { mediaKey: world.paid.mediaKey }, null)).ret).toBe(201);
    expect((await world.send(GoldCalls.unlock, { mediaKey: '' }, user)).ret).toBe(1001);
  });

  it('GetGoldRecords: the unlock first (newest first), with the balance and the paging; pageSize beyond 50 is 1002', async () => {
    const user = await world.userWith(world.paid.price);
    await world.send(GoldCalls.unlock, { mediaKey: world.paid.mediaKey }, user);
    const answer = await world.send(GoldCalls.records, { page: 1, pageSize: 20 }, user);
    expect(answer.ret).toBe(200);
    const page = answer.data as GoldRecordPage;
    expect({ balance: page.balance, page: page.page, pageSize: page.pageSize }).toEqual({ balance: 0, page: 1, pageSize: 20 });
    expect(page.list[0]).toMatchObject({ amount: -world.paid.price, balance: 0, reason: 'unlock', mediaKey: world.paid.mediaKey });
    expect(typeof page.list[0]?.time).toBe('number');
    expect(page.total).toBe(page.list.length);
    expect(await world.send(GoldCalls.records, { page: 1, pageSize: 51 }, user)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
  });
});
