/**
 * Two server processes sharing PostgreSQL and Redis deliver to each other's sockets (Redis streams adapter).
 * Uses DATABASE_URL and REDIS_URL, or else the machine's own PostgreSQL and Redis (this machine kind runs both
 * on 127.0.0.1 before every session and CI run): scale-out cannot be shown on PGlite and memory.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import type { MessageView } from '../../server/messaging/message-repository.ts';
import { openAuthenticated, sleep } from './socket-support.ts';
import type { TestSocket } from './socket-support.ts';
import { COMMON_PARAMS, DATABASE_URL, REDIS_URL, tokenParams, uniqueName } from './support.ts';
import type { Envelope, TestUser } from './support.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const databaseUrl = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 45_000;

interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: string[];
}

/** `?options=-c search_path=<schema>` added to the connection string, so the server works inside that schema. */
function withSearchPath(connectionString: string, schema: string): string {
  const url = new URL(connectionString);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), START_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /App and API: (http:\/\/\S+)/.exec(output.join(''));
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
}

async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (server === undefined || server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The address this run's calls come from (the processes trust X-Forwarded-For): registrations are rate-limited
 * per address in the shared Redis, which other suites and earlier runs also count on for 127.0.0.1.
 */
const CLIENT_ADDRESS = `10.${randomBytes(3).join('.')}`;

async function call<T>(baseUrl: string, method: 'GET' | 'POST', path: string, fields: Record<string, string>): Promise<Envelope<T>> {
  const params = new URLSearchParams({ ...COMMON_PARAMS, ...fields });
  const response = method === 'GET'
    ? await fetch(`${baseUrl}${path}?${params.toString()}`, { headers: { 'x-forwarded-for': CLIENT_ADDRESS } })
    : await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': CLIENT_ADDRESS },
      body: params.toString(),
    });
  return (await response.json()) as Envelope<T>;
}

describe('socket scale-out over Redis (two server processes)', () => {
  const schema = `test_scale_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client | undefined;
  let dataDir: string | undefined;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    dataDir = await mkdtemp(join(tmpdir(), 'qiyu-scale-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: withSearchPath(databaseUrl, schema),
      REDIS_URL: redisUrl,
      // Own stream per run: other runs and servers on the same Redis neither see nor feed these sockets.
      SOCKET_STREAM: `qiyu-test:${schema}`,
      SESSION_SECRET: `scale-out-secret-${randomBytes(8).toString('hex')}`,
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-static'),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    };
    // One after the other, so the second finds the schema migrated and seeded.
    first = await startServerProcess(env);
    second = await startServerProcess(env);
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    for (const client of sockets) client.close();
    await stopServerProcess(first);
    await stopServerProcess(second);
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin?.end();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl);
    await redis.del(`qiyu-test:${schema}`).finally(() => redis.quit());
  }, 30_000);

  const register = async (baseUrl: string, userName: string): Promise<TestUser> => {
    const body = await call<TestUser>(baseUrl, 'POST', '/api/Login/Register', { userName, password: 'secret123' });
    if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
    return body.data;
  };

  it('a message sent through process 1 reaches the recipient connected to process 2', async () => {
    if (first === undefined || second === undefined) throw new Error('servers not started');
    const a = await register(first.url, uniqueName('scaleA'));
    const b = await register(second.url, uniqueName('scaleB'));
    const aSocket = await openAuthenticated(first.url, a.token);
    const bSocket = await openAuthenticated(second.url, b.token);
    sockets.push(aSocket, bSocket);

    const sent = await call<MessageView>(first.url, 'POST', '/api/Chat/SendMessage', {
      ...tokenParams(a.token), toUid: String(b.id), content: '跨进程你好', clientId: 'scale-1',
    });
    expect(sent.ret).toBe(Ret.Ok);
    expect(await bSocket.next('privateMessage', 10_000)).toEqual(sent.data);
    expect(await aSocket.next('privateMessage', 10_000)).toEqual(sent.data);
  });

  /** A second session of a registered user (another tab or device), through `baseUrl`. */
  const login = async (baseUrl: string, userName: string): Promise<TestUser> => {
    const body = await call<TestUser>(baseUrl, 'POST', '/api/Login/Login', { userName, password: 'secret123' });
    if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
    return body.data;
  };

  it('every tab of the recipient and of the sender gets a message once, on either process, wherever it was sent', async () => {
    if (first === undefined || second === undefined) throw new Error('servers not started');
    const aName = uniqueName('tabsA');
    const bName = uniqueName('tabsB');
    const a = await register(first.url, aName);
    const b = await register(second.url, bName);
    // The sender has a tab on each process, the recipient two on process 2 and one on process 1; a third user watches.
    const aHere = await openAuthenticated(first.url, a.token);
    const aThere = await openAuthenticated(second.url, (await login(second.url, aName)).token);
    const bHere = await openAuthenticated(first.url, (await login(first.url, bName)).token);
    const bThere = await openAuthenticated(second.url, b.token);
    const bThereToo = await openAuthenticated(second.url, b.token);
    const c = await register(first.url, uniqueName('tabsC'));
    const cHere = await openAuthenticated(first.url, c.token);
    const cThere = await openAuthenticated(second.url, c.token);
    const tabs = [aHere, aThere, bHere, bThere, bThereToo];
    sockets.push(...tabs, cHere, cThere);

    // Sent on process 1 (the same process as one tab of each) and on process 2.
    const sentHere = await call<MessageView>(first.url, 'POST', '/api/Chat/SendMessage', {
      ...tokenParams(a.token), toUid: String(b.id), content: '两边都有', clientId: 'tabs-1',
    });
    const sentThere = await call<MessageView>(second.url, 'POST', '/api/Chat/SendMessage', {
      ...tokenParams(b.token), toUid: String(a.id), content: '回复', clientId: 'tabs-2',
    });
    expect([sentHere.ret, sentThere.ret]).toEqual([Ret.Ok, Ret.Ok]);
    for (const tab of tabs) {
      // Each process emits to its own tabs first: the two may come in either order.
      const both = [await tab.next('privateMessage', 10_000), await tab.next('privateMessage', 10_000)] as MessageView[];
      expect(both.sort((x, y) => x.id - y.id)).toEqual([sentHere.data, sentThere.data]);
    }
    // Nothing more arrives: no tab gets a second copy, the bystander gets none.
    await sleep(500);
    for (const tab of tabs) expect(tab.named('privateMessage')).toHaveLength(2);
    expect([...cHere.named('privateMessage'), ...cThere.named('privateMessage')]).toEqual([]);
  });

  it('a login through process 1 sends userLiveTest to the older socket on process 2', async () => {
    if (first === undefined || second === undefined) throw new Error('servers not started');
    const userName = uniqueName('scaleL');
    const user = await register(second.url, userName);
    const older = await openAuthenticated(second.url, user.token);
    sockets.push(older);
    const again = await call<TestUser>(first.url, 'POST', '/api/Login/Login', { userName, password: 'secret123' });
    expect(again.ret).toBe(Ret.Ok);
    expect(await older.next('userLiveTest', 10_000)).toEqual({ msg: '该账号已在其他设备登录' });
  });
});
