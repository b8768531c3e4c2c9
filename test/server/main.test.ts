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
