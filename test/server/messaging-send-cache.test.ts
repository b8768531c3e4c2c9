import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { Ret } from '../../server/http/ret.ts';
import type { MessageView } from '../../server/messaging/message-repository.ts';
import { UserFactsCache, userFacts } from '../../server/messaging/user-facts.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { eventually } from './socket-support.ts';
import { REDIS_URL, get, post, registerUser, tokenParams, uniqueName, withStatementLog } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/** The database seen through another object (its own cache of user facts, as another process has), counting statements. */

const server = useServerFixture({
  seed: async (db) => {
    await seedVip(db);
  },
  app: false,
});
let counted: ReturnType<typeof withStatementLog>;
let app: FastifyInstance;

beforeAll(async () => {
  counted = withStatementLog(server.db);
  app = await server.startApp({ db: counted });
});

const send = (on: FastifyInstance, from: TestUser, to: number, content: string) =>
  post<MessageView>(on, '/api/Chat/SendMessage', { ...tokenParams(from.token), toUid: String(to), content });
const preventUser = async (on: FastifyInstance, me: TestUser, uid: number, status: 0 | 1) => {
  const { body } = await get(on, '/api/User/preventUser', { ...tokenParams(me.token), uid: String(uid), status: String(status) });
  expect(body.ret).toBe(Ret.Ok);
};

describe('SendMessage with cached block lists and kefu flags', () => {
  it('takes one statement once both users and the session were seen: the insert answering the stored row', async () => {
    const a = await registerUser(app, { nickName: '甲' });
    const b = await registerUser(app);
    expect((await send(app, a, b.id, 'first')).body.ret).toBe(Ret.Ok);
    counted.statements.length = 0;
    const { body } = await send(app, a, b.id, 'second');
    expect(body).toMatchObject({ ret: Ret.Ok, data: { fromUid: a.id, toUid: b.id, content: 'second', nickname: '甲', kefu: false } });
    // The session check is answered by the verified-session cache (server/auth/session-cache.ts) on PGlite.
    const expected = server.db.kind === 'pglite' ? 1 : 2;
    expect(counted.statements).toHaveLength(expected);
    expect(counted.statements[expected - 1]).toContain('INSERT INTO private_messages');
  });

  it('a block or unblock through preventUser applies to the very next send', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    expect((await send(app, a, b.id, 'before')).body.ret).toBe(Ret.Ok);
    expect((await send(app, b, a.id, 'before')).body.ret).toBe(Ret.Ok);
    await preventUser(app, b, a.id, 1);
    expect((await send(app, a, b.id, 'x')).body.ret).toBe(Ret.RecipientBlockedYou);
    expect((await send(app, b, a.id, 'x')).body.ret).toBe(Ret.YouBlockedRecipient);
    await preventUser(app, b, a.id, 0);
    expect((await send(app, a, b.id, 'after')).body.ret).toBe(Ret.Ok);
    expect((await send(app, b, a.id, 'after')).body.ret).toBe(Ret.Ok);
  });
});

describe('UserFactsCache', () => {
  it('keeps nothing a load read while an invalidation happened', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Database = { ...withStatementLog(server.db), query: async (sql, params) => {
      await gate;
      return server.db.query(sql, params);
    } };
    const cache = new UserFactsCache(slow);
    const loading = cache.get([a.id]);
    await server.db.query('INSERT INTO user_blocks (blocker_uid, blocked_uid) VALUES ($1, $2)', [a.id, b.id]);
    cache.blocksChanged(a.id);
    release();
    await loading;
    // The load may have read the old list; it was not kept, so this reads again.
    expect((await cache.get([a.id])).get(a.id)?.blocks.has(b.id)).toBe(true);
  });

  it('forgets the kefu flags when the service list changes (seedVip writes it and invalidates)', async () => {
    const service = await registerUser(app);
    const seen = withStatementLog(server.db);
    const cache = userFacts(seen);
    expect((await cache.get([service.id])).get(service.id)?.kefu).toBe(false);
    await server.db.query('INSERT INTO vip_customer_service (user_id, region) VALUES ($1, NULL)', [service.id]);
    await seedVip(seen);
    expect((await cache.get([service.id])).get(service.id)?.kefu).toBe(true);
    await server.db.query('DELETE FROM vip_customer_service WHERE user_id = $1', [service.id]);
  });

  it('loads the misses of one turn of the event loop with one query', async () => {
    const [a, b, c] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const seen = withStatementLog(server.db);
    const cache = new UserFactsCache(seen);
    const [first, second] = await Promise.all([cache.get([a.id, b.id]), cache.get([b.id, c.id, 999_999])]);
    expect(seen.statements).toHaveLength(1);
    expect([...first.keys()]).toEqual([a.id, b.id]);
    expect([...second.keys()]).toEqual([b.id, c.id]);
    await cache.get([a.id, c.id]);
    expect(seen.statements).toHaveLength(1);
  });

  it('answers only users that exist', async () => {
    const a = await registerUser(app);
    const facts = await new UserFactsCache(server.db).get([a.id, 999_999]);
    expect([...facts.keys()]).toEqual([a.id]);
  });
});

describe.skipIf(REDIS_URL === undefined)('block lists across processes (Redis pub/sub)', () => {
  it('a block written through one process refuses the next send through another', async () => {
    const socketStream = `qiyu-test:${uniqueName('facts')}`;
    const config = { redisUrl: REDIS_URL, socketStream };
    const first = await server.startApp({ db: withStatementLog(server.db), config });
    const second = await server.startApp({ db: withStatementLog(server.db), config });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const a = await registerUser(first);
      const b = await registerUser(first);
      expect((await send(second, a, b.id, 'cached')).body.ret).toBe(Ret.Ok);
      await preventUser(first, b, a.id, 1);
      await eventually(async () => (await send(second, a, b.id, 'x')).body.ret === Ret.RecipientBlockedYou);
      await preventUser(first, b, a.id, 0);
      await eventually(async () => (await send(second, a, b.id, 'y')).body.ret === Ret.Ok);
    } finally {
      await first.close();
      await second.close();
      const redis = new Redis(REDIS_URL ?? '');
      await redis.del(socketStream).finally(() => redis.quit());
    }
  });
});
