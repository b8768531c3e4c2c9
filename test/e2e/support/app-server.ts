import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export interface RunningApp {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The site whose pages the journeys' app shows inside itself (/iframe): FRAME_ORIGINS for the build (build-once.ts)
 * and for every journey's server (its frame-src); a journey answers it with page.route.
 */
export const E2E_FRAME_ORIGIN = 'https://partner.example.test';

export async function freePort(): Promise<number> {
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

export interface ServerOptions {
  /** The PGlite data folder (migrated and seeded on start if it is new). */
  dataDir: string;
  /** The built app to serve. */
  staticDir: string;
  /** `npm start` (build included) instead of running the server on `staticDir` as it is. */
  npmStart?: boolean;
  /** The server bundled into one module (build-once.ts), run under plain node; else server/main.ts under tsx. */
  serverEntry?: string;
}

/** A started server; `stop` ends it (SIGTERM, so PGlite closes its data folder cleanly) and leaves the folder. */
export interface StartedServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the server on a free port and waits until it answers. DATABASE_URL and REDIS_URL are removed, so it
 * uses the embedded database in `dataDir` and in-memory rate limits, whatever earlier runs left in the machine's
 * PostgreSQL or Redis (their own suites cover those adapters).
 */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, STATIC_DIR: options.staticDir, HOST: '127.0.0.1', FRAME_ORIGINS: E2E_FRAME_ORIGIN };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // The whole `npm start`, the bundled server under node, or the server itself under node with tsx's loader (no npm
  // and no tsx CLI process between).
  const [program, command] = options.npmStart
    ? ['npm', ['start']]
    : [process.execPath, options.serverEntry ? [options.serverEntry] : ['--import', 'tsx', 'server/main.ts']];
  const child: ChildProcess = spawn(program, command, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  };
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
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command.join(' ')} did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, output: () => output, stop };
}

/**
 * Starts the app for one journey with its own temporary data folder, removed on stop. By default the server
 * serves the app the e2e global setup built once and starts from a copy of the database it migrated and seeded
 * once (test/e2e/support/build-once.ts), which spares each journey the build and the seeding. With `npmStart`
 * it runs the whole `npm start` as a person would: build into its own folder, fresh database, migrations, seed.
 * `prepareData` runs on the data folder before the server starts.
 */
export async function startApp(options: { npmStart?: boolean; prepareData?: (dataDir: string) => Promise<void> } = {}): Promise<RunningApp> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qiyu-e2e-'));
  const dataDir = path.join(folder, 'data');
  try {
    let staticDir = path.join(folder, 'dist'); // npm start builds into its own folder: other journeys keep theirs
    if (!options.npmStart) {
      staticDir = inject('e2eStaticDir');
      await cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
    }
    // What a journey does to the data folder before the server holds it (an operator's command on PGlite).
    await options.prepareData?.(dataDir);
    const server = await startServer({
      dataDir,
      staticDir,
      npmStart: options.npmStart,
      ...(options.npmStart ? {} : { serverEntry: inject('e2eServerEntry') }),
    });
    return {
      url: server.url,
      output: server.output,
      stop: async () => {
        await server.stop();
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
