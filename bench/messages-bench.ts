/**
 * Messages beside a bare socket.io relay: in one run, 1,000 connected authenticated socket.io-client sockets and
 * 10,000 private messages sent over HTTP (50 in flight) through a bare fastify + socket.io relay (a POST that emits
 * to the recipient's and the sender's rooms, as the app does) and as many through the app server, in alternating
 * rounds (BENCH_ROUNDS, 10: a tenth of the messages each, the relay first in one round and the app in the next), so
 * a busy moment of a shared machine weighs on both sides alike instead of on whichever ran then. Delivery
 * latency is the recipient socket's receive time minus the send's start; every receipt is acknowledged
 * (messageAck) as the client does. On PGlite, and on PostgreSQL with Redis when DATABASE_URL and REDIS_URL are set.
 * Issue 19's target: p99 at most 2× the relay's, throughput at least half of it, none lost, none twice.
 * Run alone: `npx tsx bench/messages-bench.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { createApp } from '../server/app.ts';
import { SessionService } from '../server/auth/sessions.ts';
import { readConfig, type Config } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createPgDatabase } from '../server/db/pg-database.ts';
import { createPgliteDatabase } from '../server/db/pglite-database.ts';
import { MemoryRateLimitStore } from '../server/rate-limit/memory-rate-limit-store.ts';
import type { RateLimitStore } from '../server/rate-limit/rate-limit-store.ts';
import { RedisRateLimitStore } from '../server/rate-limit/redis-rate-limit-store.ts';
import { SEND_LIMITS } from '../server/rate-limit/send-limits.ts';
import { seedVip } from '../server/vip/vip-seed.ts';

const SOCKETS = Number(process.env['BENCH_SOCKETS'] ?? 1_000);
const MESSAGES = Number(process.env['BENCH_MESSAGES'] ?? 10_000);
/** Sends awaiting their answer at once (BENCH_IN_FLIGHT; 1 shows the path's own latency, without queueing). */
const IN_FLIGHT = Math.max(1, Number(process.env['BENCH_IN_FLIGHT'] ?? 50));
/** Alternating rounds of each side (each sends MESSAGES / ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 10));
const WARMUP = 300;
/** After the last send answered: how long deliveries may still arrive before the rest count as lost. */
const DRAIN_MS = 10_000;
const SECRET = 'bench-secret-0123456789abcdef0123';
const benchStart = performance.now();
/** Progress on stderr with BENCH_VERBOSE set. */
const note = (what: string): void => {
  if (process.env['BENCH_VERBOSE']) console.error(`  [${((performance.now() - benchStart) / 1000).toFixed(1)} s] ${what}`);
};

interface Client {
  uid: number;
  /** Fields of the socket's connection event and of every HTTP call. */
  auth: Record<string, string>;
}

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  lost: number;
  twice: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The receiving side: `clients.length` sockets, authenticated, each acknowledging what reaches it. */
async function openSockets(url: string, clients: readonly Client[]): Promise<{ sockets: ClientSocket[]; onMessage: (fn: (uid: number, message: { id: number; toUid: number; content: string }) => void) => void }> {
  let handler: (uid: number, message: { id: number; toUid: number; content: string }) => void = () => undefined;
  const sockets: ClientSocket[] = [];
  const open = async (client: Client): Promise<void> => {
    const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    socket.on('privateMessage', (message: { id: number; toUid: number; content: string }) => {
      if (message.toUid !== client.uid) return;
      handler(client.uid, message);
      socket.emit('messageAck', { ids: [message.id] });
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket of ${client.uid}: no connectionResult`)), 30_000);
      socket.once('connectionResult', (answer: { ret: number; msg: string }) => {
        clearTimeout(timer);
        if (answer.ret === 200) resolve();
        else reject(new Error(`socket of ${client.uid}: ${answer.ret} ${answer.msg}`));
      });
      socket.once('connect', () => socket.emit('connection', { ...client.auth, version: '1.0.3' }));
      socket.once('connect_error', (error: Error) => reject(error));
    });
  };
  for (let i = 0; i < clients.length; i += 100) await Promise.all(clients.slice(i, i + 100).map(open));
  return { sockets, onMessage: (fn) => (handler = fn) };
}

/** What one round of one side measured. */
interface Sample {
  /** Delivery latencies (ms) of the messages that arrived. */
  latencies: number[];
  deliveries: number;
  /** From the first send's start to the last delivery. */
  activeMs: number;
  lost: number;
  twice: number;
}

/**
 * Sends `count` messages (IN_FLIGHT at a time), numbered from `first` (which picks their senders and recipients), and
 * measures their deliveries to the recipients' sockets.
 */
async function load(url: string, path: string, clients: readonly Client[], run: string, first: number, count: number, opened: Awaited<ReturnType<typeof openSockets>>): Promise<Sample> {
  const started = new Float64Array(count);
  const received = new Float64Array(count);
  let deliveries = 0;
  let twice = 0;
  let lastAt = 0;
  let allIn: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  opened.onMessage((_uid, message) => {
    const at = performance.now();
    const [tag, n] = message.content.split(':');
    if (tag !== run) return;
    const i = Number(n);
    if (received[i] !== 0) {
      twice += 1;
      return;
    }
    received[i] = at;
    lastAt = at;
    deliveries += 1;
    if (deliveries === count) allIn();
  });
  let next = 0;
  const firstAt = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const k = first + i;
      const from = clients[k % clients.length]!;
      // Recipients walk the clients with another stride: every socket receives, no one writes to itself.
      const to = clients[(k * 7 + 1 + Math.floor(k / clients.length)) % clients.length]!;
      const recipient = to.uid === from.uid ? clients[(k + 1) % clients.length]! : to;
      started[i] = performance.now();
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...from.auth, toUid: String(recipient.uid), content: `${run}:${i}`, clientId: `${run}-${i}` }).toString(),
      });
      const answer = (await response.json()) as { ret: number; msg: string };
      if (answer.ret !== 200) throw new Error(`send ${i}: ${answer.ret} ${answer.msg}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]);
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) if (received[i] !== 0) latencies.push(received[i]! - started[i]!);
  return { latencies, deliveries, activeMs: Math.max(1, lastAt - firstAt), lost: count - deliveries, twice };
}

/** The rounds of one side together: percentiles over every latency, throughput over the rounds' active time. */
function figuresOf(samples: readonly Sample[]): Figures {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const sum = (of: (sample: Sample) => number): number => samples.reduce((total, sample) => total + of(sample), 0);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: (sum((sample) => sample.deliveries) / sum((sample) => sample.activeMs)) * 1000,
    lost: sum((sample) => sample.lost),
    twice: sum((sample) => sample.twice),
  };
}

/** The peer: fastify + socket.io and nothing else. */
async function startRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const io = new Server(app.server, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('connection', async (payload: { uid?: string }) => {
      await socket.join(`user:${payload.uid}`);
      socket.emit('connectionResult', { ret: 200, msg: '', data: { uid: Number(payload.uid) } });
    });
    socket.on('messageAck', () => undefined);
  });
  let id = 0;
  app.post('/send', async (request) => {
    const body = request.body as Record<string, string>;
    const message = {
      id: ++id, fromUid: Number(body['uid']), toUid: Number(body['toUid']), type: 0, content: body['content'],
      createdAt: Date.now(), clientId: body['clientId'], avatar: '', nickname: '', kefu: false,
    };
    io.to([`user:${message.toUid}`, `user:${message.fromUid}`]).emit('privateMessage', message);
    return { ret: 200, msg: '发送成功', data: message };
  });
  app.addHook('preClose', async () => {
    await io.close();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() };
}

/** The app on `db`: SOCKETS users with sessions written straight into the database. */
async function startAppServer(db: Database, config: Config, store: RateLimitStore): Promise<{ url: string; clients: Client[]; close: () => Promise<void> }> {
  await migrate(db);
  await seedVip(db);
  const tag = randomBytes(4).toString('hex');
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (user_name, password_hash, nick_name)
     SELECT 'bench_' || $1 || '_' || n, 'x', 'bench' || n FROM generate_series(1, $2::int) AS n RETURNING id`,
    [tag, SOCKETS],
  );
  const sessions = new SessionService({ db, secret: SECRET, clock: { now: () => Date.now() } });
  const expire = Math.floor(Date.now() / 1000) + 3600;
  const clients = users.map(({ id }) => {
    const token = randomBytes(32).toString('base64url');
    const auth = { uid: String(id), login_uid: String(id), token, expire: String(expire), sign: sessions.sign(id, token, expire) };
    return { uid: id, auth };
  });
  await db.query(
    'INSERT INTO sessions (token, uid, expire) SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[])',
    [clients.map((c) => c.auth.token), clients.map((c) => c.uid), clients.map(() => expire)],
  );
  const app = await createApp({ db, config, rateLimitStore: store, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, clients, close: () => app.close() };
}

/** One side of the comparison: its server and its sockets, open for every round. */
interface Side {
  name: string;
  url: string;
  path: string;
  opened: Awaited<ReturnType<typeof openSockets>>;
  samples: Sample[];
}

async function openSide(name: string, url: string, path: string, clients: readonly Client[]): Promise<Side> {
  note(`${name}: opening ${clients.length} sockets`);
  const opened = await openSockets(url, clients);
  return { name, url, path, opened, samples: [] };
}

/** Warms both sides up, then sends MESSAGES through each in ROUNDS alternating rounds. */
async function measure(relay: Side, app: Side, clients: readonly Client[]): Promise<{ peer: Figures; mine: Figures }> {
  for (const side of [relay, app]) {
    note(`${side.name}: warming up`);
    await load(side.url, side.path, clients, `${side.name}warm`, 0, WARMUP, side.opened);
  }
  const perRound = Math.ceil(MESSAGES / ROUNDS);
  for (let round = 0, sent = 0; sent < MESSAGES; round++, sent += perRound) {
    const count = Math.min(perRound, MESSAGES - sent);
    note(`round ${round + 1}: ${count} messages each`);
    for (const side of round % 2 === 0 ? [relay, app] : [app, relay]) {
      side.samples.push(await load(side.url, side.path, clients, `${side.name}${round}`, sent, count, side.opened));
    }
  }
  return { peer: figuresOf(relay.samples), mine: figuresOf(app.samples) };
}

function line(label: string, f: Figures): string {
  return `${label}: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${Math.round(f.perSecond).toLocaleString('en')} msg/s, lost ${f.lost}, twice ${f.twice}`;
}

async function benchOn(label: string, db: Database, config: Config, store: RateLimitStore): Promise<void> {
  note(`${label}: preparing the database`);
  const app = await startAppServer(db, config, store);
  const relay = await startRelay();
  const sides: Side[] = [];
  try {
    // The relay's clients: the same uids, no sessions (the relay trusts `uid`).
    const relaySide = await openSide('relay', relay.url, '/send', app.clients);
    sides.push(relaySide);
    const appSide = await openSide('app', app.url, '/api/Chat/SendMessage', app.clients);
    sides.push(appSide);
    const { peer, mine } = await measure(relaySide, appSide, app.clients);
    note('done');
    const target = mine.p99 <= 2 * peer.p99 && mine.perSecond >= 0.5 * peer.perSecond && mine.lost + mine.twice === 0 && peer.lost + peer.twice === 0;
    console.log(`messages beside a bare socket.io relay (${label}; ${SOCKETS} sockets, ${MESSAGES} messages, ${IN_FLIGHT} in flight, ${ROUNDS} rounds each)`);
    console.log(`  ${line('this app', mine)}`);
    console.log(`  ${line('the peer', peer)}`);
    console.log(`  ratio: p99 ${(mine.p99 / peer.p99).toFixed(2)}× (target ≤ 2), throughput ${(mine.perSecond / peer.perSecond).toFixed(2)}× (target ≥ 0.5) — ${target ? 'met' : 'NOT met'}`);
  } finally {
    for (const side of sides) for (const socket of side.opened.sockets) socket.disconnect();
    await relay.close();
    await app.close();
  }
}

function benchConfig(overrides: Partial<Config>): Config {
  return {
    ...readConfig({ LOG_LEVEL: 'silent' }),
    sessionSecret: SECRET,
    // Thousands of calls from one address: lift the /api flood guard and the per-user chat limits.
    apiRateLimitMax: 1_000_000,
    sendLimits: { ...SEND_LIMITS, chat: [] },
    ...overrides,
  };
}

export async function benchMessages(): Promise<void> {
  // BENCH_MESSAGES_ON=pg runs the PostgreSQL + Redis half alone.
  if (process.env['BENCH_MESSAGES_ON'] !== 'pg') await benchPglite();
  await benchPostgres();
}

async function benchPglite(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-messages-bench-'));
  try {
    const db = await createPgliteDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await benchOn('PGlite', db, benchConfig({ dataDir, databaseUrl: undefined, redisUrl: undefined }), new MemoryRateLimitStore());
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<void> {
  const databaseUrl = process.env['DATABASE_URL'];
  const redisUrl = process.env['REDIS_URL'];
  if (!databaseUrl || !redisUrl) {
    console.log('messages beside a bare socket.io relay (PostgreSQL with Redis): skipped, set DATABASE_URL and REDIS_URL');
    return;
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = createPgDatabase({ connectionString: databaseUrl, schema });
  const store = RedisRateLimitStore.connect(redisUrl, { prefix: `qiyu:bench:${schema}:` });
  const socketStream = `qiyu:bench:${schema}`;
  try {
    const config = benchConfig({ databaseUrl, redisUrl, socketStream });
    await benchOn('PostgreSQL with Redis', db, config, store);
  } finally {
    await store.close().catch(() => undefined);
    await db.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    // The adapter's stream (up to 10,000 entries) goes with the schema.
    const redis = new Redis(redisUrl);
    await redis.del(socketStream).catch(() => undefined).finally(() => redis.quit());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMessages();
