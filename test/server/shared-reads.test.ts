import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SharedReadCache } from '../../server/cache/shared-read-cache.ts';
import { watchWrites, watchedTablesWritten } from '../../server/cache/write-watch.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { seedGold } from '../../server/gold/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedPlayback } from '../../server/playback/seed.ts';
import { seedShell } from '../../server/shell/seed.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { COMMON_PARAMS, FakeClock, REDIS_URL, get, registerUser, tokenParams, withStatementLog, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('SharedReadCache', () => {
  it('shares one load between concurrent misses and answers the value until the TTL', async () => {
    let now = 0;
    const cache = new SharedReadCache({ ttlMs: 5000, now: () => now });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const first = cache.get('k', ['t'], load);
    const second = cache.get('k', ['t'], load);
    gate.resolve('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    now = 4999;
    expect(await cache.get('k', ['t'], async () => 'v2')).toBe('v1');
    expect(loads).toBe(1);
  });

  it('after the TTL answers the old value while one refresh loads the new one', async () => {
    let now = 0;
    const cache = new SharedReadCache({ ttlMs: 1000, now: () => now });
    await cache.get('k', ['t'], async () => 'old');
    now = 1000;
    const gate = deferred<string>();
    let refreshes = 0;
    const refresh = () => {
      refreshes += 1;
      return gate.promise;
    };
    expect(await cache.get('k', ['t'], refresh)).toBe('old');
    expect(await cache.get('k', ['t'], refresh)).toBe('old');
    expect(refreshes).toBe(1);
    gate.resolve('new');
    await gate.promise;
    expect(await cache.get('k', ['t'], refresh)).toBe('new');
  });

  it('drops the entries of an invalidated table at once, including a load still under way', async () => {
    const cache = new SharedReadCache();
    await cache.get('a', ['videos'], async () => 'a1');
    await cache.get('b', ['app_config'], async () => 'b1');
    cache.invalidate(['videos']);
    expect(await cache.get('a', ['videos'], async () => 'a2')).toBe('a2');
    expect(await cache.get('b', ['app_config'], async () => 'b2')).toBe('b1');

    // A load that started before the write must not be kept after it.
    const before = deferred<string>();
    const racing = cache.get('c', ['videos'], () => before.promise);
    cache.invalidate(['videos']);
    before.resolve('read before the write');
    expect(await racing).toBe('read before the write');
    expect(await cache.get('c', ['videos'], async () => 'read after the write')).toBe('read after the write');
  });

  it('keeps no failed load, and bounds its size', async () => {
    const cache = new SharedReadCache({ maxEntries: 2 });
    await expect(cache.get('k', ['t'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', ['t'], async () => 'up')).toBe('up');
    await cache.get('k2', ['t'], async () => 2);
    await cache.get('k3', ['t'], async () => 3);
    expect(cache.size).toBe(2);
  });

  it('knows which writes change what the shared reads show', () => {
    expect(watchedTablesWritten('UPDATE videos SET play_count = play_count + 1 WHERE id = $1')).toEqual(['videos']);
    expect(watchedTablesWritten("INSERT INTO app_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value")).toEqual(['app_config']);
    expect(watchedTablesWritten('WITH gone AS (DELETE FROM vip_packages WHERE id = $1 RETURNING id) SELECT * FROM gone')).toEqual(['vip_packages']);
    // A user's gold or VIP state is nowhere in a shared read; their nick name and avatar are (as an uploader).
    expect(watchedTablesWritten('UPDATE users SET gold = gold - $1 WHERE id = $2')).toEqual([]);
    expect(watchedTablesWritten('UPDATE users SET nick_name = $1 WHERE id = $2')).toEqual(['users']);
    expect(watchedTablesWritten('SELECT * FROM videos')).toEqual([]);
    expect(watchedTablesWritten('INSERT INTO play_records (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET x = 1')).toEqual([]);
  });
});


describe('the hot reads through the app', () => {
  const clock = new FakeClock();
  const server = useServerFixture({
    clock,
    seed: async (db) => {
      await seedCatalogue(db, clock);
      await seedPlayback(db);
      await seedShell(db);
      await seedVip(db);
      await seedGold(db, clock);
    },
    app: false,
  });
  let app: FastifyInstance;
  let statements: string[];
  const count = (pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length;

  beforeAll(async () => {
    const log = withStatementLog(server.db);
    statements = log.statements;
    app = await server.startApp({ db: log });
  });

  it('answers a repeated read from memory, and concurrent first reads with one load', async () => {
    const calls = await Promise.all(Array.from({ length: 5 }, () => get(app, '/api/home/GetHomeData')));
    expect(new Set(calls.map((call) => call.raw)).size).toBe(1);
    expect(calls[0]?.body.ret).toBe(Ret.Ok);
    expect(count(/FROM catalogue_subchannels/)).toBe(1);
    for (const path of ['/api/home/GetConfig', '/api/home/GetConfig', '/api/User/GetVipPayType', '/api/User/GetVipPayType']) {
      expect((await get(app, path)).body.ret).toBe(Ret.Ok);
    }
    expect(count(/FROM app_config/)).toBe(1);
    expect(count(/FROM vip_packages/)).toBe(1);
    await get(app, '/api/home/GetHomeData');
    expect(count(/FROM catalogue_subchannels/)).toBe(1);
  });

  it('shows an operator\'s write at once: through the app\'s database, or by invalidating after a write of its own', async () => {
    const email = async () =>
      (await get<{ key: string; value: string }[]>(app, '/api/home/GetConfig')).body.data.find((entry) => entry.key === 'ServiceEmail')?.value;
    expect(await email()).toBe('service@qiyu.example');
    // An operator tool in the process, writing through a database watched like the app's.
    const operator = watchWrites(server.db, app.sharedReads);
    await operator.query("UPDATE app_config SET value = 'ops@qiyu.example' WHERE key = 'ServiceEmail'");
    expect(await email()).toBe('ops@qiyu.example');
    // One writing another way says so.
    await server.db.query("UPDATE app_config SET value = 'service@qiyu.example' WHERE key = 'ServiceEmail'");
    app.sharedReads.invalidate(['app_config']);
    expect(await email()).toBe('service@qiyu.example');

    // A package taken off sale in a transaction leaves GetVipPayType when it commits.
    const packages = async () =>
      (await get<{ categoryList: { data: { packageId: number }[] }[] }>(app, '/api/User/GetVipPayType', { region: 'CN' })).body.data.categoryList.flatMap((c) =>
        c.data.map((p) => p.packageId),
      );
    const before = await packages();
    const gone = before[0]!;
    await operator.transaction(async (tx) => {
      await tx.query('UPDATE vip_packages SET on_sale = false WHERE id = $1', [gone]);
    });
    expect(await packages()).toEqual(before.filter((id) => id !== gone));
    await operator.query('UPDATE vip_packages SET on_sale = true WHERE id = $1', [gone]);
    expect(await packages()).toEqual(before);
  });

  it('a play counted through the API shows in the details and lists at once', async () => {
    const viewer = await registerUser(app);
    const plays = async () => (await get<{ playCount: number }>(app, '/api/Video/VideoDetails', { mediaKey: 'movie-09' })).body.data.playCount;
    const before = await plays();
    await get(app, '/api/video/AddPlayRecord', { ...tokenParams(viewer.token), mediaKey: 'movie-09' });
    expect(await plays()).toBe(before + 1);
  });

  it('answers ETags: the same answer again costs a 304 without a body; a changed one a 200', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/home/GetChannels', query: COMMON_PARAMS });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(first.body)).toMatchObject({ ret: Ret.Ok, msg: '成功' });
    const again = await app.inject({ method: 'GET', url: '/api/home/GetChannels', query: COMMON_PARAMS, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ method: 'GET', url: '/api/home/GetChannels', query: COMMON_PARAMS, headers: { 'if-none-match': 'W/"other"' } });
    expect([other.statusCode, other.body]).toEqual([200, first.body]);

    // A change of the channels changes the ETag.
    const operator = watchWrites(server.db, app.sharedReads);
    await operator.query("UPDATE catalogue_subchannels SET name = name || '!' WHERE category = 'games' AND sub_id = 1");
    const changed = await app.inject({ method: 'GET', url: '/api/home/GetChannels', query: COMMON_PARAMS, headers: { 'if-none-match': String(etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await operator.query("UPDATE catalogue_subchannels SET name = rtrim(name, '!') WHERE category = 'games' AND sub_id = 1");

    // Refusals carry no ETag.
    const refused = await app.inject({ method: 'GET', url: '/api/Video/VideoDetails', query: { ...COMMON_PARAMS, mediaKey: 'movie-999' } });
    expect(refused.headers.etag).toBeUndefined();
    expect(JSON.parse(refused.body)).toMatchObject({ ret: Ret.VideoNotFound });
  });

  describe('per-user parts are never shared', () => {
    let a: TestUser;
    let b: TestUser;
    beforeAll(async () => {
      a = await registerUser(app);
      b = await registerUser(app);
    });

    it('GetHomeData: each user gets their own watching list, a visitor none', async () => {
      await get(app, '/api/video/AddPlayRecord', { ...tokenParams(a.token), mediaKey: 'movie-03', progress: '7' });
      const home = (user: TestUser | null) =>
        get<{ watchingList: { mediaKey: string }[]; blocks: unknown[] }>(app, '/api/home/GetHomeData', user ? tokenParams(user.token) : {});
      const [ofA, ofB, visitor] = [await home(a), await home(b), await home(null)];
      expect(ofA.body.data.watchingList.map((v) => v.mediaKey)).toEqual(['movie-03']);
      expect(ofB.body.data.watchingList).toEqual([]);
      expect(visitor.body.data.watchingList).toEqual([]);
      expect(ofA.body.data.blocks).toEqual(visitor.body.data.blocks);
      expect((await home(a)).raw).not.toBe(visitor.raw);
    });

    it('VideoDetails: a paid video is unlocked for its buyer only; the ETag is the answer\'s', async () => {
      const details = (user: TestUser | null) =>
        app.inject({ method: 'GET', url: '/api/Video/VideoDetails', query: { ...COMMON_PARAMS, mediaKey: 'movie-02', ...(user ? tokenParams(user.token) : {}) } });
      const locked = await details(null);
      expect(JSON.parse(locked.body).data).toMatchObject({ goldPrice: 30, unlocked: false });
      await server.db.query('UPDATE users SET gold = 100 WHERE id = $1', [a.id]);
      const paid = await get<unknown>(app, '/api/video/PayVideoByGold', { ...tokenParams(a.token), mediaKey: 'movie-02' });
      expect(paid.body.ret).toBe(Ret.Ok);
      const ofA = await details(a);
      const ofB = await details(b);
      expect(JSON.parse(ofA.body).data).toMatchObject({ goldPrice: 30, unlocked: true });
      expect(JSON.parse(ofB.body).data).toMatchObject({ goldPrice: 30, unlocked: false });
      expect(JSON.parse((await details(null)).body).data).toMatchObject({ unlocked: false });
      // B (or a visitor) holding A's validator gets the whole answer, not A's 304.
      const bWithAsTag = await app.inject({
        method: 'GET',
        url: '/api/Video/VideoDetails',
        query: { ...COMMON_PARAMS, mediaKey: 'movie-02', ...tokenParams(b.token) },
        headers: { 'if-none-match': String(ofA.headers.etag) },
      });
      expect(bWithAsTag.statusCode).toBe(200);
      expect(JSON.parse(bWithAsTag.body).data).toMatchObject({ unlocked: false });
      expect(ofB.headers.etag).toBe(locked.headers.etag);
    });
  });
});

describe.skipIf(REDIS_URL === undefined)('several processes on one Redis', () => {
  const server = useServerFixture({
    seed: async (db) => {
      await seedShell(db);
    },
    app: false,
  });
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    const sharedReads = { channel: `test:shared-reads:${randomBytes(6).toString('hex')}` };
    const config = { redisUrl: REDIS_URL };
    one = await server.startApp({ config, sharedReads });
    two = await server.startApp({ config, sharedReads });
  });

  it('a write seen by one process drops the other\'s copy', async () => {
    const share = async (app: FastifyInstance) =>
      (await get<{ key: string; value: string }[]>(app, '/api/home/GetConfig')).body.data.find((entry) => entry.key === 'ShareText')?.value;
    const seeded = await share(one);
    expect(await share(two)).toBe(seeded);
    await watchWrites(server.db, one.sharedReads).query("UPDATE app_config SET value = 'changed' WHERE key = 'ShareText'");
    expect(await share(one)).toBe('changed');
    await expect.poll(() => share(two), { timeout: 2000, interval: 20 }).toBe('changed');
  });
});
