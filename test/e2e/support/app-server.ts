import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface RunningApp {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the server on a free port with a fresh embedded database in a temporary data folder, seeded, serving
 * the app the e2e global setup built once (test/e2e/support/build-once.ts). With `npmStart` it runs the whole
 * `npm start` as a person would, building the app into its own folder first. DATABASE_URL and REDIS_URL are
 * removed, so each run uses PGlite and in-memory rate limits whatever earlier runs left in the machine's
 * PostgreSQL or Redis.
 */
export async function startApp(options: { npmStart?: boolean } = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-e2e-'));
  // npm start builds into its own folder: journeys run by other processes at the same time keep their app.
  const staticDir = options.npmStart ? path.join(dataDir, 'dist') : inject('e2eStaticDir');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir, HOST: '127.0.0.1' };
  // A fresh embedded database and in-memory rate limits: each run starts clean, whatever earlier runs left in the
  // machine's PostgreSQL or Redis (their own suites cover those adapters).
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const command = options.npmStart ? ['start'] : ['exec', '--', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn('npm', command, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/home/GetUserRegion`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${command.join(' ')} did not answer within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
