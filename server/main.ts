import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createApp } from './app.ts';
import { PasswordHasher } from './auth/password.ts';
import { systemClock, type Clock } from './clock.ts';
import { ingestOf, mediaDirOf, readConfig, uploadDirOf } from './config.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { DEMO_ACCOUNT, seed } from './db/seed.ts';
import { seedCatalogue } from './catalogue/seed.ts';
import { seedBarrageDemo } from './barrage/seed.ts';
import { seedPlayback } from './playback/seed.ts';
import { seedAds } from './ads/seed.ts';
import { seedShell } from './shell/seed.ts';
import { seedVip } from './vip/vip-seed.ts';
import { seedMessaging } from './messaging/seed.ts';
import { seedSupport } from './support/seed.ts';
import { seedHelp } from './help/seed.ts';
import { seedGold } from './gold/seed.ts';
import { seedVideoSocial } from './video-social/seed.ts';
import { seedPosts } from './posts/seed.ts';
import { seedMovieRequests } from './movie-requests/seed.ts';
import { ensureDemoImages } from './media/demo-images.ts';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit-store.ts';
import type { RateLimitStore } from './rate-limit/rate-limit-store.ts';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit-store.ts';
import { seedPolls } from './votes/seed.ts';
import { findMediaTools } from './transcode/media-tools.ts';
import type { IngestOptions } from './transcode/ingest.ts';
import { SourceFiles } from './transcode/source-files.ts';
import { TranscodeWorker } from './transcode/transcode-worker.ts';
import { STARTUP_EXIT_CODE, StartupError, checkDatabaseReachable, checkRedisReachable, listenError, startupErrorLine } from './startup-checks.ts';

export interface RunningServer {
  /** Base address, e.g. http://127.0.0.1:3000 (the real port when PORT is 0). */
  url: string;
  app: FastifyInstance;
  db: Database;
  /** Stops listening, then closes the rate-limit store and the database. Safe to call twice. */
  close(): Promise<void>;
}

export interface StartServerOptions {
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /** ffmpeg and whether this process transcodes; default: ffmpeg as found (findMediaTools) and a worker when found. */
  ingest?: IngestOptions;
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Migrates the database and seeds the demo content (idempotent: each seed adds only what is missing), as every
 * start does; tests that need the whole demo installation call it on their own database.
 */
export async function prepareDatabase(db: Database, config: Config, options: Pick<StartServerOptions, 'clock'> = {}): Promise<void> {
  await migrate(db);
  await seed(db, { passwords: new PasswordHasher(config.argon2), ...(options.clock ? { clock: options.clock } : {}) });
  await seedCatalogue(db, options.clock);
  await seedBarrageDemo(db, options.clock);
  await seedPlayback(db);
  await seedAds(db);
  await seedShell(db);
  await seedVip(db);
  await seedMessaging(db, { passwords: new PasswordHasher(config.argon2), ...(options.clock ? { clock: options.clock } : {}) });
  await seedSupport(db);
  await seedHelp(db);
  await seedVideoSocial(db, options.clock);
  await seedGold(db, options.clock);
  await seedPosts(db, { uploadDir: uploadDirOf(config), ...(options.clock ? { clock: options.clock } : {}) });
  await seedPolls(db, options.clock);
  await seedMovieRequests(db, options.clock);
}

/**
 * Opens the database (DATABASE_URL or PGlite in DATA_DIR), migrates, seeds the demo account,
 * draws the missing demo images into MEDIA_DIR and listens on HOST:PORT. End-to-end tests call it
 * in-process with PORT 0.
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const db = await openDatabase(config);
  let store: RateLimitStore | undefined;
  let app: FastifyInstance | undefined;
  try {
    await prepareDatabase(db, config, options);
    store = config.redisUrl !== undefined ? RedisRateLimitStore.connect(config.redisUrl) : new MemoryRateLimitStore();
    const ingest = options.ingest ?? { tools: await findMediaTools(process.env), runWorker: true };
    app = await createApp({
      ingest,
      db,
      config,
      rateLimitStore: store,
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    const mediaDir = mediaDirOf(config);
    const drawn = await ensureDemoImages(mediaDir).catch((error: unknown) => {
      app?.log.warn({ err: error, mediaDir }, 'demo images could not be written');
      return [];
    });
    if (drawn.length > 0) app.log.info({ mediaDir, count: drawn.length }, 'demo images written');
    if (ingest.tools === null) app.log.warn('no ffmpeg found (FFMPEG_PATH and FFPROBE_PATH, the npm packages, PATH): sources are taken, nothing is transcoded here');
    await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      throw listenError(error, config.host, config.port) ?? error;
    });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await store?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const listening = app;
  const openStore = store;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${displayHost(config.host)}:${port}`,
    app: listening,
    db,
    close: () => {
      closing ??= (async () => {
        try {
          await listening.close();
        } finally {
          await openStore.close().catch(() => undefined);
          await db.close();
        }
      })();
      return closing;
    },
  };
}

/** Runs `buildApp()` from esbuild.config.ts (imported only when asked, so the server starts without it). */
async function buildClient(): Promise<void> {
  const specifier = new URL('../esbuild.config.ts', import.meta.url).href;
  const module: unknown = await import(specifier);
  const buildApp = (module as { buildApp?: unknown }).buildApp;
  if (typeof buildApp !== 'function') throw new Error('esbuild.config.ts does not export buildApp()');
  await (buildApp as () => Promise<unknown>)();
}

/** A running process's way to stop: the server's close, or the worker's. */
type Stoppable = { close(): Promise<void> };

/**
 * `--worker`: only transcodes (no HTTP), beside servers that share its database and folders (DATABASE_URL, DATA_DIR or
 * UPLOAD_DIR and RENDITIONS_DIR): migrates, finds ffmpeg (none: one line and exit code 2) and runs the queue.
 */
export async function startWorker(config: Config): Promise<Stoppable & { worker: TranscodeWorker }> {
  const tools = await findMediaTools(process.env);
  if (tools === null) throw new StartupError('--worker needs ffmpeg and ffprobe: set FFMPEG_PATH and FFPROBE_PATH, or install them');
  const db = await openDatabase(config);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const settings = ingestOf(config);
  const worker = new TranscodeWorker({
    db,
    clock: systemClock,
    tools,
    sources: new SourceFiles(settings.sourcesDir),
    renditionsDir: settings.renditionsDir,
    concurrency: Math.max(1, settings.concurrency),
    staleMs: settings.staleMs,
    limits: { maxDurationSeconds: settings.maxSourceSeconds },
    preset: settings.preset,
    log: { info: (data, message) => console.log(message, JSON.stringify(data)), warn: (data, message) => console.warn(message, JSON.stringify(data)) },
  });
  worker.start();
  return {
    worker,
    close: async () => {
      await worker.stop();
      await db.close();
    },
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const config = readConfig();
  // Unreachable services stop the start with one line (within STARTUP_CONNECT_TIMEOUT_MS), before anything is built.
  if (config.databaseUrl !== undefined) await checkDatabaseReachable(config.databaseUrl);
  if (config.redisUrl !== undefined) await checkRedisReachable(config.redisUrl);
  let server: Stoppable;
  if (argv.includes('--worker')) {
    const running = await startWorker(config);
    console.log(`Transcoding worker ${running.worker.name}: ${ingestOf(config).concurrency || 1} job(s) at once`);
    server = running;
  } else {
    if (argv.includes('--build')) await buildClient();
    const started = await startServer(config);
    console.log(`App and API: ${started.url}`);
    console.log(`Demo login: ${DEMO_ACCOUNT.userName} / ${DEMO_ACCOUNT.password}`);
    server = started;
  }

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (stoppingSince !== undefined) {
      // The same signal often arrives twice (process-group kill plus tsx relaying it): only a
      // second request a moment later means "stop now".
      if (Date.now() - stoppingSince < 1000) return;
      console.log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`${signal}: shutting down`);
    setTimeout(() => {
      console.error('Shutdown took too long: exiting');
      process.exit(1);
    }, 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    // A bad setting or an unreachable service: one line naming the variable, exit code 2, no stack.
    const line = startupErrorLine(error);
    if (line !== undefined) {
      process.stderr.write(`${line}\n`, () => process.exit(STARTUP_EXIT_CODE));
      return;
    }
    console.error('Server failed to start:', error);
    process.exit(1);
  });
}
