import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import type { Config } from '../../server/config.ts';
import { readConfig } from '../../server/config.ts';
import { Ret } from '../../server/http/ret.ts';
import { RedisRateLimitStore } from '../../server/rate-limit/redis-rate-limit-store.ts';
import { SEND_LIMITS } from '../../server/rate-limit/send-limits.ts';
import { FakeClock, REDIS_URL, get, post, registerUser, tokenParams, uniqueIp } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const FLOODED = { ret: Ret.TooManyRequests, msg: '操作过于频繁，请稍后再试', data: null };
const MAX = 5;

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  config: { apiRateLimitMax: MAX, apiRateLimitWindowMs: 60_000 },
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
  app: false,
});

const appWith = (overrides: Partial<Config>, rateLimitStore?: RedisRateLimitStore): Promise<FastifyInstance> =>
  server.startApp({ config: overrides, ...(rateLimitStore ? { rateLimitStore } : {}) });

const region = (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/home/GetUserRegion', remoteAddress: ip, headers });

describe('the /api flood guard (per address)', () => {
  it('refuses a flood from one address with HTTP 429 and the Chinese message, and serves another address', async () => {
    const app = await appWith({});
    const flooder = uniqueIp();
    for (let i = 0; i < MAX; i++) {
      const answer = await region(app, flooder);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ ret: Ret.Ok });
    }
    const refused = await region(app, flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json()).toEqual(FLOODED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Every /api path of that address, POST and unknown paths included.
    expect((await post(app, '/api/Login/Login', { userName: 'x', password: 'y' }, { ip: flooder })).status).toBe(429);
    const unknown = await app.inject({ method: 'GET', url: '/api/no/such/call', remoteAddress: flooder });
    expect([unknown.statusCode, unknown.json()]).toEqual([429, FLOODED]);

    const other = await region(app, uniqueIp());
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ ret: Ret.Ok });
  });

  it('counts only /api: the app page, static files and /media are served to a flooded address', async () => {
    const app = await appWith({});
    const flooder = uniqueIp();
    for (let i = 0; i <= MAX; i++) await region(app, flooder);
    expect((await region(app, flooder)).statusCode).toBe(429);
    for (const url of ['/', '/vip', '/assets/app-ABCDEFGH.js', '/media/demo/none.png', '/favicon.svg']) {
      for (let i = 0; i < MAX + 2; i++) {
        const answer = await app.inject({ method: 'GET', url, remoteAddress: flooder });
        expect(answer.statusCode, url).not.toBe(429);
      }
    }
  });

  it('behind TRUST_PROXY counts the address of X-Forwarded-For', async () => {
    const app = await appWith({ trustProxy: true });
    const proxy = uniqueIp();
    const [client, neighbour] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < MAX; i++) expect((await region(app, proxy, { 'x-forwarded-for': client })).statusCode).toBe(200);
    expect((await region(app, proxy, { 'x-forwarded-for': client })).statusCode).toBe(429);
    // Another client behind the same proxy is served.
    expect((await region(app, proxy, { 'x-forwarded-for': neighbour })).statusCode).toBe(200);
  });

  it('holds under parallel requests', async () => {
    const app = await appWith({});
    const flooder = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 3 * MAX }, () => region(app, flooder)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(2 * MAX);
  });

  it('is configured by API_RATE_LIMIT_MAX and API_RATE_LIMIT_WINDOW_MS, validated at start', () => {
    expect(readConfig({})).toMatchObject({ apiRateLimitMax: undefined, apiRateLimitWindowMs: undefined });
    expect(readConfig({ API_RATE_LIMIT_MAX: '120', API_RATE_LIMIT_WINDOW_MS: '10000' })).toMatchObject({ apiRateLimitMax: 120, apiRateLimitWindowMs: 10_000 });
    expect(readConfig({ API_RATE_LIMIT_MAX: '0' }).apiRateLimitMax).toBe(0);
    for (const env of [{ API_RATE_LIMIT_MAX: '-1' }, { API_RATE_LIMIT_MAX: 'lots' }, { API_RATE_LIMIT_MAX: '1.5' }, { API_RATE_LIMIT_WINDOW_MS: '10' }, { API_RATE_LIMIT_WINDOW_MS: '1e9' }]) {
      expect(() => readConfig(env), JSON.stringify(env)).toThrow(/API_RATE_LIMIT_/);
    }
  });

  it('API_RATE_LIMIT_MAX=0 turns it off', async () => {
    const app = await appWith({ apiRateLimitMax: 0 });
    const ip = uniqueIp();
    for (let i = 0; i < 3 * MAX; i++) expect((await region(app, ip)).statusCode).toBe(200);
  });
});

describe('per-user limits on messages, barrages and comments', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ apiRateLimitMax: 100_000 });
  });

  const chat = (on: FastifyInstance, from: TestUser, to: TestUser, content: string) =>
    post<{ id: number }>(on, '/api/Chat/SendMessage', { ...tokenParams(from.token), toUid: String(to.id), content });

  it('chat: parallel sends get exactly the allowance, the rest 8005 with the Chinese message; another user is unaffected', async () => {
    const [a, b, c] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    const burst = SEND_LIMITS.chat[0]!;
    const answers = await Promise.all(Array.from({ length: burst.max + 6 }, (_, i) => chat(app, a, b, `m${i}`)));
    expect(answers.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(burst.max);
    const refused = answers.filter((answer) => answer.body.ret !== Ret.Ok);
    expect(refused).toHaveLength(6);
    for (const answer of refused) expect([answer.status, answer.body]).toEqual([200, { ret: Ret.ChatTooFrequent, msg: '发送太频繁，请稍后再试', data: null }]);
    expect((await chat(app, c, b, 'hello')).body.ret).toBe(Ret.Ok);
    // Stored: only the accepted ones.
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM private_messages WHERE from_uid = $1', [a.id]);
    expect(rows[0]?.n).toBe(burst.max);
    // After the burst window a few more go through, until the minute's allowance is used.
    clock.advance(burst.windowMs);
    expect((await chat(app, a, b, 'later')).body.ret).toBe(Ret.Ok);
  });

  it('barrages: within the 1 s spacing, the sixth in 10 s is refused', async () => {
    const me = await registerUser(app);
    const send = (content: string) =>
      get(app, '/api/Video/AddBarrages', { ...tokenParams(me.token), mediaKey: 'movie-10', time: '3', content });
    const burst = SEND_LIMITS.barrage[0]!;
    for (let i = 0; i < burst.max; i++) {
      clock.advance(1100);
      expect((await send(`弹幕${i}`)).body.ret).toBe(Ret.Ok);
    }
    clock.advance(1100);
    expect((await send('再来一条')).body).toEqual({ ret: Ret.BarrageTooFrequent, msg: '弹幕发送太频繁，请稍后再试', data: null });
    clock.advance(burst.windowMs);
    expect((await send('过一会儿')).body.ret).toBe(Ret.Ok);
  });

  it('comments: parallel posts pass one at a time (the 3 s spacing) and count; the eleventh attempt in a minute is refused', async () => {
    const me = await registerUser(app);
    const comment = (content: string) => post(app, '/api/Video/Replys', { ...tokenParams(me.token), mediaKey: 'movie-10', content });
    const perMinute = SEND_LIMITS.comment[0]!;
    clock.advance(60_000);
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => comment(`并发${i}`)));
    expect(parallel.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(1); // the 3 s spacing
    for (let i = parallel.length; i < perMinute.max; i++) {
      clock.advance(3000);
      await comment(`评论${i}`);
    }
    clock.advance(3000);
    expect((await comment('太多了')).body).toEqual({ ret: Ret.CommentTooFrequent, msg: '评论太频繁，请稍后再试', data: null });
  });
});

describe.runIf(REDIS_URL !== undefined)('with Redis (REDIS_URL): two processes share the counts', () => {
  const prefix = `qiyu-test:${randomBytes(6).toString('hex')}:`;
  const stores: RedisRateLimitStore[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    // Two apps, each with its own connection, as two server processes would have.
    for (let i = 0; i < 2; i++) stores.push(RedisRateLimitStore.connect(REDIS_URL ?? '', { prefix }));
    one = await appWith({}, stores[0]);
    two = await appWith({}, stores[1]);
  });

  afterAll(async () => {
    for (const app of [one, two]) await app?.close();
    const redis = new Redis(REDIS_URL ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    for (const store of stores) await store.close();
  });

  it('the flood guard counts an address across processes (keys under the store prefix)', async () => {
    const flooder = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 2 * MAX }, (_, i) => region(i % 2 === 0 ? one : two, flooder)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX);
    expect(answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json())).toEqual(Array(MAX).fill(FLOODED));
    expect((await region(two, uniqueIp())).statusCode).toBe(200);
    const redis = new Redis(REDIS_URL ?? '');
    try {
      expect((await redis.keys(`${prefix}api:*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it('the per-user chat limit holds under parallel sends to both processes', async () => {
    // Registration counts per address: these come from fresh ones, and the flood guard allows MAX calls each.
    const [a, b] = [await registerUser(one), await registerUser(two)];
    const burst = SEND_LIMITS.chat[0]!;
    const senders = [uniqueIp(), uniqueIp(), uniqueIp(), uniqueIp()];
    const answers = await Promise.all(
      Array.from({ length: burst.max + 4 }, (_, i) =>
        post(i % 2 === 0 ? one : two, '/api/Chat/SendMessage', { ...tokenParams(a.token), toUid: String(b.id), content: `r${i}` }, { ip: senders[i % 4]! })),
    );
    expect(answers.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(burst.max);
    expect(answers.filter((answer) => answer.body.ret === Ret.ChatTooFrequent)).toHaveLength(4);
  });
});
