/** Reading the codes the server wrote to `<DATA_DIR>/outbox` (tests of the account-security calls; not a test itself). */
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { FakeClock, createTestDatabase, testConfig } from './support.ts';

/** The code of the newest message to `to` ('' when none). */
export async function outboxCode(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (const file of (await readdir(dir).catch(() => [])).sort().reverse()) {
    const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; code: string };
    if (message.to === to) return message.code;
  }
  return '';
}

/** An app on a test database whose codes go to an outbox of its own (a temporary DATA_DIR), on a fake clock. */
export interface OutboxApp {
  app: FastifyInstance;
  db: Database;
  clock: FakeClock;
  dataDir: string;
  /** The code of the newest message to `to`; throws when there is none. */
  codeTo(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function appWithOutbox(): Promise<OutboxApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outbox-app-'));
  const db = await createTestDatabase();
  const clock = new FakeClock();
  const app = await createApp({ db, clock, config: testConfig({ dataDir }), logger: false });
  return {
    app,
    db,
    clock,
    dataDir,
    codeTo: async (to) => {
      const code = await outboxCode(dataDir, to);
      if (code === '') throw new Error(`no code to ${to}`);
      return code;
    },
    close: async () => {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
