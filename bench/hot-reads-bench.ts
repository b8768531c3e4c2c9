/**
 * The hot reads (GetHomeData, GetVipPayType, a channel list, VideoDetails, GetConfig) beside a fastify hello-world,
 * measured with autocannon (in a worker thread) in the same run: 10 connections, about 5 s each, a visitor's calls (no token) with the
 * common params the app sends. On PGlite, and on PostgreSQL too when DATABASE_URL is set (a fresh schema, dropped
 * after). Each route and the hello-world run in alternating 1 s slices (5 s of each); prints req/s and p99 of each
 * route, the hello-world's beside it, and the ratio. Figures, not pass/fail; the
 * target (issue 19) is a ratio of at least 0.10.
 */
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { createPgliteDatabase } from '../server/db/pglite-database.ts';
import { prepareDatabase } from '../server/main.ts';
import { createThrowawaySchema } from '../test/support/throwaway-schema.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  /** Seconds. */
  duration: number;
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; workers?: number }) => Promise<AutocannonResult>;

// autocannon ships no types: load it through require and give it the few fields read here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 10;
const SECONDS = 5;
const WARM_UP_SECONDS = 1;
/** The common params every call of the app carries (src/core/request/common-params.ts). */
const COMMON = 'System=h5&AppVersion=1.0&SystemVersion=h5&version=H3&Lang=0';

const HOT_READS: readonly { name: string; path: string }[] = [
  { name: 'GetHomeData', path: '/api/home/GetHomeData' },
  { name: 'GetHomeData (a channel)', path: '/api/home/GetHomeData?category=drama' },
  { name: 'GetVipPayType', path: '/api/User/GetVipPayType?region=CN&vipCategoryId=&ProductID=&ToUID=&categoryId=' },
  { name: 'GetChannels', path: '/api/home/GetChannels' },
  { name: 'GetVideoList (movie)', path: '/api/list/GetVideoList?category=movie&page=1&pageSize=10' },
  { name: 'VideoDetails', path: '/api/Video/VideoDetails?mediaKey=movie-01' },
  { name: 'GetConfig', path: '/api/home/GetConfig' },
];

function withCommon(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${COMMON}`;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * autocannon in a worker thread: the load generator's own work (its HTTP parser is JavaScript, and costs more with a
 * bigger answer) then does not take the servers' thread, for the peer and the app alike.
 */
async function run(url: string, seconds: number): Promise<AutocannonResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

interface Figures {
  perSecond: number;
  /** The highest slice's p99, ms. */
  p99: number;
}

/**
 * The peer and a route in alternating 1 s slices, SECONDS of each: on a shared machine the load of the moment then
 * weighs on both alike. Requests per second over all slices; p99 the worst slice's.
 */
async function measurePair(peerUrl: string, url: string): Promise<{ peer: Figures; route: Figures }> {
  await run(peerUrl, WARM_UP_SECONDS);
  await run(url, WARM_UP_SECONDS);
  const peer: AutocannonResult[] = [];
  const route: AutocannonResult[] = [];
  for (let slice = 0; slice < SECONDS; slice++) {
    peer.push(await run(peerUrl, 1));
    route.push(await run(url, 1));
  }
  const figures = (results: AutocannonResult[]): Figures => ({
    perSecond: results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  });
  return { peer: figures(peer), route: figures(route) };
}

const perSecond = (n: number): string => Math.round(n).toLocaleString('en');

/** A fresh PostgreSQL schema on `connectionString`, dropped on close (as the server tests do). */
async function freshPgDatabase(connectionString: string): Promise<Database> {
  return (await createThrowawaySchema(connectionString, { prefix: 'bench' })).db;
}

async function benchOn(label: string, openDb: () => Promise<Database>): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-hot-reads-'));
  // Thousands of calls a second from one address: lift the /api flood guard, which would answer them instead.
  const config = readConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_RATE_LIMIT_MAX: '1000000' });
  const db = await openDb();
  const peer = Fastify({ logger: false });
  peer.get('/', async () => ({ hello: 'world' }));
  let app: FastifyInstance | undefined;
  try {
    await prepareDatabase(db, config);
    app = await createApp({ db, config, logger: false });
    const appUrl = await listen(app);
    const peerUrl = await listen(peer);
    for (const read of HOT_READS) {
      const { peer: hello, route } = await measurePair(peerUrl, withCommon(`${appUrl}${read.path}`));
      const ratio = route.perSecond / hello.perSecond;
      console.log(
        `  ${label} ${read.name}: ${perSecond(route.perSecond)} req/s, p99 ${route.p99} ms; ` +
          `peer ${perSecond(hello.perSecond)} req/s (p99 ${hello.p99} ms); ratio ${ratio.toFixed(3)}×${ratio >= 0.1 ? '' : ' (below 0.10)'}`,
      );
    }
  } finally {
    await peer.close();
    await app?.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The hot reads beside a fastify hello-world (autocannon), on PGlite and, with DATABASE_URL, on PostgreSQL. */
export async function benchHotReads(): Promise<void> {
  console.log(`the hot reads beside a fastify hello-world (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each):`);
  await benchOn('PGlite', () => createPgliteDatabase());
  const databaseUrl = process.env['DATABASE_URL'];
  if (databaseUrl) await benchOn('PostgreSQL', () => freshPgDatabase(databaseUrl));
  else console.log('  PostgreSQL: skipped (set DATABASE_URL to measure it)');
}

// `tsx bench/hot-reads-bench.ts` runs it alone.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await benchHotReads();
