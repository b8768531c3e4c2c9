import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { startServer } from '../../server/main.ts';
import type { RunningServer } from '../../server/main.ts';
import { testConfig, tokenParams } from './support.ts';
import type { Envelope, TestUser } from './support.ts';

const opened: RunningServer[] = [];
let dataDir: string | undefined;

afterAll(async () => {
  for (const server of opened) await server.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

async function postForm<T>(url: string, fields: Record<string, string>): Promise<Envelope<T>> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope<T>;
}

describe('startServer', () => {
  it('serves on a real port with PGlite in DATA_DIR, and keeps data and sessions across restarts', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'qiyu-server-'));
    // No SESSION_SECRET and no DATABASE_URL: generated secret kept in the PGlite folder.
    const config = testConfig({ port: 0, dataDir, databaseUrl: undefined, redisUrl: undefined, sessionSecret: undefined });

    const first = await startServer(config, { logger: false });
    opened.push(first);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const login = await postForm<TestUser>(`${first.url}/api/Login/Login`, { userName: 'demo', password: 'demo123456' });
    expect(login).toMatchObject({ ret: Ret.Ok, data: { nickName: '演示用户', vipLevel: 1 } });
    const seeded = await first.db.query<{ n: number }>('SELECT count(*) AS n FROM users');
    await first.close();
    await first.close();
    await expect(fetch(`${first.url}/api/home/GetUserRegion`)).rejects.toThrow();

    const second = await startServer(config, { logger: false });
    opened.push(second);
    const validated = await postForm<TestUser>(`${second.url}/api/Login/Validates`, tokenParams(login.data.token));
    expect(validated).toMatchObject({ ret: Ret.Ok, data: { id: login.data.id } });
    // Seeding again on restart adds nobody (the demo account plus the catalogue's demo uploaders).
    const users = await second.db.query<{ n: number }>('SELECT count(*) AS n FROM users');
    expect(users[0]?.n).toBe(seeded[0]?.n);
    const demo = await second.db.query<{ n: number }>("SELECT count(*) AS n FROM users WHERE lower(user_name) = 'demo'");
    expect(demo[0]?.n).toBe(1);
    await second.close();
  });
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx server/main.ts` (no --build: nothing is built) with `env` added to a clean environment. */
function runMain(env: Record<string, string>, dataDir: string): Promise<Exit> {
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'UPLOAD_MAX_BYTES', 'UPLOAD_QUOTA_BYTES', 'MEDIA_CACHE_MAX_BYTES']) delete base[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('start-up errors', () => {
  const cases: [Record<string, string>, string, RegExp][] = [
    [{ PORT: 'abc' }, 'PORT', /^配置错误：PORT must be a whole number from 0 to 65535, got "abc"$/],
    [{ PORT: '70000' }, 'PORT', /^配置错误：PORT must be a whole number from 0 to 65535, got "70000"$/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /^配置错误：LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/],
    [{ DATABASE_URL: 'mysql://user:secret@db/qiyu' }, 'DATABASE_URL', /^配置错误：DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL .*got "mysql:\/\/user:\*\*\*@db\/qiyu"$/],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }, 'DATABASE_URL', /^启动失败：DATABASE_URL: cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/none \(.*ECONNREFUSED.*\)$/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL', /^配置错误：REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ REDIS_URL: 'redis://127.0.0.1:1' }, 'REDIS_URL', /^启动失败：REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(.*ECONNREFUSED.*\)$/],
    [{ UPLOAD_MAX_BYTES: '200 parsecs' }, 'UPLOAD_MAX_BYTES', /^配置错误：UPLOAD_MAX_BYTES must be a whole number of bytes above 0, or one with KB, MB or GB \(e\.g\. 200MB\), got "200 parsecs"$/],
    [{ UPLOAD_QUOTA_BYTES: '0' }, 'UPLOAD_QUOTA_BYTES', /^配置错误：UPLOAD_QUOTA_BYTES must be/],
    [{ MEDIA_CACHE_MAX_BYTES: '-1' }, 'MEDIA_CACHE_MAX_BYTES', /^配置错误：MEDIA_CACHE_MAX_BYTES must be/],
  ];

  it('stops with one line on stderr naming the variable, exit code 2 and no stack', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qiyu-startup-'));
    try {
      // Two at a time: each is a node process loading the server's modules.
      const results: Exit[] = [];
      for (let index = 0; index < cases.length; index += 2) {
        results.push(...(await Promise.all(cases.slice(index, index + 2).map(([env]) => runMain(env, join(dir, String(results.length)))))));
      }
      cases.forEach(([env, name, line], index) => {
        const result = results[index] as Exit;
        const label = JSON.stringify(env);
        const lines = result.stderr.split('\n').filter((text) => text.trim() !== '');
        expect(lines, label).toHaveLength(1);
        expect(lines[0], label).toContain(name);
        expect(lines[0], label).toMatch(line);
        expect(result.stderr, label).not.toMatch(/^\s+at /m);
        expect(result.code, label).toBe(2);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
