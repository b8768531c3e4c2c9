/**
 * Messages beside a bare socket.io relay: in one run, 1,000 connected authenticated socket.io-client sockets and
 * 10,000 private messages sent over HTTP (50 in flight), first through a bare fastify + socket.io relay (a POST
 * that emits to the recipient's and the sender's rooms, as the app does), then through the app server. Delivery
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
const IN_FLIGHT = 50;
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

/** Sends `count` messages (IN_FLIGHT at a time) and measures their deliveries to the recipients' sockets. */
async function load(url: string, path: string, clients: readonly Client[], run: string, count: number, opened: Awaited<ReturnType<typeof openSockets>>): Promise<Figures> {
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
  const first = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const from = clients[i % clients.length]!;
      // Recipients walk the clients with another stride: every socket receives, no one writes to itself.
      const to = clients[(i * 7 + 1 + Math.floor(i / clients.length)) % clients.length]!;
      const recipient = to.uid === from.uid ? clients[(i + 1) % clients.length]! : to;
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
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: (deliveries / Math.max(1, lastAt - first)) * 1000,
    lost: count - deliveries,
    twice,
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

async function measure(url: string, path: string, clients: readonly Client[], name: string): Promise<Figures> {
  note(`${name}: opening ${clients.length} sockets`);
  const opened = await openSockets(url, clients);
  try {
    note(`${name}: warming up`);
    await load(url, path, clients, `${name}warm`, WARMUP, opened);
    note(`${name}: sending`);
    const figures = await load(url, path, clients, name, MESSAGES, opened);
    note(`${name}: done`);
    return figures;
  } finally {
    for (const socket of opened.sockets) socket.disconnect();
  }
}

function line(label: string, f: Figures): string {
  return `${label}: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${Math.round(f.perSecond).toLocaleString('en')} msg/s, lost ${f.lost}, twice ${f.twice}`;
}

async function benchOn(label: string, db: Database, config: Config, store: RateLimitStore): Promise<void> {
  const relay = await startRelay();
  // The relay's clients: the same uids, no sessions (the relay trusts `uid`).
  let peer: Figures;
  let app: Awaited<ReturnType<typeof startAppServer>> | undefined;
  try {
    note(`${label}: preparing the database`);
    app = await startAppServer(db, config, store);
    peer = await measure(relay.url, '/send', app.clients, 'relay');
  } finally {
    await relay.close();
  }
  try {
    const mine = await measure(app.url, '/api/Chat/SendMessage', app.clients, 'app');
    const target = mine.p99 <= 2 * peer.p99 && mine.perSecond >= 0.5 * peer.perSecond && mine.lost + mine.twice === 0 && peer.lost + peer.twice === 0;
    console.log(`messages beside a bare socket.io relay (${label}; ${SOCKETS} sockets, ${MESSAGES} messages, ${IN_FLIGHT} in flight)`);
    console.log(`  ${line('this app', mine)}`);
    console.log(`  ${line('the peer', peer)}`);
    console.log(`  ratio: p99 ${(mine.p99 / peer.p99).toFixed(2)}× (target ≤ 2), throughput ${(mine.perSecond / peer.perSecond).toFixed(2)}× (target ≥ 0.5) — ${target ? 'met' : 'NOT met'}`);
  } finally {
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
  try {
    const config = benchConfig({ databaseUrl, redisUrl, socketStream: `qiyu:bench:${schema}` });
    await benchOn('PostgreSQL with Redis', db, config, store);
  } finally {
    await store.close().catch(() => undefined);
    await db.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMessages();
