/**
 * The hot reads (GetHomeData, GetVipPayType, a channel list, VideoDetails, GetConfig) beside a fastify hello-world,
 * measured with autocannon (in a worker thread) in the same run: 10 connections, about 5 s each, a visitor's calls (no token) with the
 * common params the app sends. On PGlite, and on PostgreSQL too when DATABASE_URL is set (a fresh schema, dropped
 * after). Prints req/s and p99 of each route, the hello-world's req/s and the ratio. Figures, not pass/fail; the
 * target (issue 19) is a ratio of at least 0.10.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { createPgDatabase } from '../server/db/pg-database.ts';
import { createPgliteDatabase } from '../server/db/pglite-database.ts';
import { prepareDatabase } from '../server/main.ts';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
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
async function measure(url: string): Promise<AutocannonResult> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, workers: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

const perSecond = (n: number): string => Math.round(n).toLocaleString('en');

/** A fresh PostgreSQL schema on `connectionString`, dropped on close (as the server tests do). */
async function freshPgDatabase(connectionString: string): Promise<Database> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = createPgDatabase({ connectionString, schema });
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: async () => {
      try {
        await db.close();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
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
    const hello = await measure(peerUrl);
    console.log(`  ${label}: fastify hello-world ${perSecond(hello.requests.average)} req/s, p99 ${hello.latency.p99} ms`);
    for (const read of HOT_READS) {
      const result = await measure(withCommon(`${appUrl}${read.path}`));
      const ratio = result.requests.average / hello.requests.average;
      console.log(
        `  ${label} ${read.name}: ${perSecond(result.requests.average)} req/s, p99 ${result.latency.p99} ms; ` +
          `peer ${perSecond(hello.requests.average)} req/s; ratio ${ratio.toFixed(3)}×${ratio >= 0.1 ? '' : ' (below 0.10)'}`,
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
