import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyDatabase, databaseUrlOf, dropDatabase } from './pg-databases.ts';

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
  /** A PostgreSQL database (support/pg-databases.ts) instead of PGlite in `dataDir` (which still holds the files). */
  databaseUrl?: string;
}

/** A started server; `stop` ends it (SIGTERM, so PGlite closes its data folder cleanly) and leaves the folder. */
export interface StartedServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the server on a free port and waits until it answers. REDIS_URL is removed, so it keeps its rate limits in
 * memory, whatever earlier runs left in the machine's Redis (its own suites cover that adapter); DATABASE_URL is the
 * journey's own database when `databaseUrl` is given, else removed, so it uses the embedded database in `dataDir`.
 */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const port = await freePort();
  // Transcoding at x264's fastest preset that keeps the High profile: a journey checks what a job makes, not its compression, beside other journeys.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, STATIC_DIR: options.staticDir, HOST: '127.0.0.1', FRAME_ORIGINS: E2E_FRAME_ORIGIN, TRANSCODE_PRESET: 'superfast' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
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
  // `npm start` builds and seeds a fresh PGlite first: on a loaded 2-core machine that took more than 180 s once.
  const deadline = Date.now() + 300_000;
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
      throw new Error(`${command.join(' ')} did not answer within 300 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, output: () => output, stop };
}

/**
 * Where a journey's server keeps its database, as the environment of a command run on it (`npm run admin`):
 * DATABASE_URL of its own PostgreSQL database, or DATA_DIR of its PGlite data folder (DATABASE_URL then removed).
 */
export type DatabaseEnv = { DATABASE_URL: string } | { DATA_DIR: string };

/**
 * Starts the app for one journey with its own temporary data folder, removed on stop. By default the server
 * serves the app the e2e global setup built once and starts from a copy of the database it migrated and seeded
 * once (test/e2e/support/build-once.ts): a database copied from the template on the machine's PostgreSQL when
 * DATABASE_URL is set (dropped on stop), else a copy of the PGlite data folder. That spares each journey the build
 * and the seeding. With `npmStart` it runs the whole `npm start` as a person would: build into its own folder, fresh
 * PGlite database, migrations, seed. `prepareData` runs on the journey's database before the server starts.
 */
export async function startApp(options: { npmStart?: boolean; prepareData?: (database: DatabaseEnv) => Promise<void> } = {}): Promise<RunningApp> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qiyu-e2e-'));
  const dataDir = path.join(folder, 'data');
  const postgres = options.npmStart ? '' : (process.env.DATABASE_URL ?? '');
  const template = postgres === '' ? '' : inject('e2ePgTemplate');
  let database: string | undefined;
  const removeAll = async () => {
    if (database !== undefined) await dropDatabase(postgres, database);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    let staticDir = path.join(folder, 'dist'); // npm start builds into its own folder: other journeys keep theirs
    let databaseEnv: DatabaseEnv = { DATA_DIR: dataDir };
    if (!options.npmStart) {
      staticDir = inject('e2eStaticDir');
      await Promise.all([
        cp(inject('e2eDataTemplate'), dataDir, { recursive: true }),
        template !== '' && copyDatabase(postgres, template).then((name) => (database = name)),
      ]);
      if (database !== undefined) databaseEnv = { DATABASE_URL: databaseUrlOf(postgres, database) };
    }
    // What a journey does to the database before the server holds it (an operator's command).
    await options.prepareData?.(databaseEnv);
    const server = await startServer({
      dataDir,
      staticDir,
      npmStart: options.npmStart,
      ...('DATABASE_URL' in databaseEnv ? { databaseUrl: databaseEnv.DATABASE_URL } : {}),
      ...(options.npmStart ? {} : { serverEntry: inject('e2eServerEntry') }),
    });
    return {
      url: server.url,
      output: server.output,
      stop: async () => {
        await server.stop();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}
