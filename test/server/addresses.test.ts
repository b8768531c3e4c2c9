import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { GIFT_PACKAGE, seedVip } from '../../server/vip/vip-seed.ts';
import { AddressRet, type AddressView } from '../../src/core/vip/address-protocol.ts';
import { AddressRules } from '../../src/core/vip/vip-texts.ts';
import type { OrderView } from '../../src/core/vip/vip-protocol.ts';
import { DATABASE_URL, FakeClock, createMigratedPg, createTestDatabase, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const HOME = { name: '张三', phone: '13800138000', region: '广东省 深圳市 南山区', detail: '科技园南路88号 3栋 1201' };

/** Embedded PGlite always; the machine's PostgreSQL too where DATABASE_URL is set (CI): the limits must hold on real concurrency. */
const databases: Array<[string, () => Promise<Database>]> = [['PGlite', createTestDatabase]];
const pgUrl = DATABASE_URL;
if (pgUrl !== undefined) databases.push(['PostgreSQL', () => createMigratedPg(pgUrl)]);

describe.each(databases)('delivery addresses on %s', (_name, makeDatabase) => {
  const server = useServerFixture({
    database: makeDatabase,
    clock: new FakeClock(),
    seed: async (db) => {
      await seedVip(db);
    },
  });

  const save = (user: TestUser, fields: Record<string, string> = {}) => server.post<AddressView>('/api/user/SaveAddress', { ...tokenParams(user.token), ...HOME, ...fields });
  const list = async (user: TestUser) => (await server.get<AddressView[]>('/api/user/GetAddressList', tokenParams(user.token))).body.data;

  it(`30 parallel saves keep ${AddressRules.maxAddresses} addresses and one default; the rest are refused 7061`, async () => {
    const user = await server.registerUser();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => save(user, { detail: `科技园南路${i}号`, isDefault: i % 3 === 0 ? '1' : '0' })));
    expect(answers.filter((answer) => answer.body.ret === 200)).toHaveLength(AddressRules.maxAddresses);
    expect(answers.filter((answer) => answer.body.ret === AddressRet.LimitReached)).toHaveLength(30 - AddressRules.maxAddresses);
    const mine = await list(user);
    expect(mine).toHaveLength(AddressRules.maxAddresses);
    expect(mine.filter((item) => item.isDefault)).toHaveLength(1);
    expect(mine[0]?.isDefault).toBe(true);
  });

  it('parallel default changes leave exactly one default', async () => {
    const user = await server.registerUser();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await save(user, { detail: `科技园南路${i}号` })).body.data.id);
    const answers = await Promise.all(ids.map((id) => server.post('/api/user/SetDefaultAddress', { ...tokenParams(user.token), id: String(id) })));
    expect(answers.every((answer) => answer.body.ret === 200)).toBe(true);
    expect((await list(user)).filter((item) => item.isDefault)).toHaveLength(1);
  });

  it('a NUL byte, an id beyond the column and a control-free but overlong detail are parameter errors, never a 500', async () => {
    const user = await server.registerUser();
    expect((await save(user, { name: 'a\u0000b' })).body.ret).toBe(1002);
    expect((await save(user, { id: '99999999999' })).body.ret).toBe(1002);
    expect((await save(user, { detail: '路'.repeat(AddressRules.maxDetail + 1) })).body.ret).toBe(1002);
    expect(await list(user)).toEqual([]);
  });

  describe('a package that ships a gift', () => {
    const giftOrder = (user: TestUser, fields: Record<string, string> = {}) =>
      server.get<OrderView>('/api/payment/CreateOrder', {
        ...tokenParams(user.token), ProductID: String(GIFT_PACKAGE.id), SysName: 'visa', ToUID: String(user.id), IdempotencyKey: `gift-${Math.random().toString(36).slice(2)}`, ...fields,
      });

    it('needs one of the payer\'s addresses (7062 without, 7060 with another\'s), and keeps it on the order as it was', async () => {
      const payer = await server.registerUser();
      const stranger = await server.registerUser();
      const strangers = (await save(stranger)).body.data;
      expect(await giftOrder(payer).then((answer) => answer.body)).toMatchObject({ ret: AddressRet.Required, msg: '请选择收货地址' });
      expect((await giftOrder(payer, { AddressID: String(strangers.id) })).body.ret).toBe(AddressRet.NotFound);
      const home = (await save(payer)).body.data;
      const order = (await giftOrder(payer, { AddressID: String(home.id) })).body;
      expect(order.ret).toBe(200);
      expect(order.data).toMatchObject({ giftItem: GIFT_PACKAGE.giftItem, shippingAddress: { name: '张三', phone: '13800138000', region: '广东省 深圳市 南山区', detail: '科技园南路88号 3栋 1201' } });
      // A later edit or deletion of the address does not move the gift.
      await save(payer, { id: String(home.id), detail: '另一个地址 99号' });
      await server.post('/api/user/DeleteAddress', { ...tokenParams(payer.token), id: String(home.id) });
      const again = await server.get<OrderView>('/api/payment/GetOrder', { ...tokenParams(payer.token), orderId: order.data.orderId });
      expect(again.body.data.shippingAddress?.detail).toBe('科技园南路88号 3栋 1201');
    });

    it('other packages ignore an address and keep none', async () => {
      const payer = await server.registerUser();
      const home = (await save(payer)).body.data;
      const order = (await giftOrder(payer, { ProductID: '101', AddressID: String(home.id) })).body;
      expect(order.ret).toBe(200);
      expect(order.data).toMatchObject({ giftItem: '', shippingAddress: null });
    });
  });
});
