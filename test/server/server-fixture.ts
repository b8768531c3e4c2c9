/**
 * The server tests' fixture (not a test file itself): `useServerFixture` registers, in the file or describe block
 * that calls it, a beforeAll that makes a migrated test database (support.ts: PostgreSQL with DATABASE_URL, else
 * PGlite) and the app on it, and an afterAll that closes the apps, then the database (PGlite keeps Node alive until
 * it is closed), then removes the temporary folder. Every server test file gets its database and app from here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { CreateAppOptions } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { REDIS_URL, createTestDatabase, get, post, registerUser, testConfig, uniqueName } from './support.ts';
import type { CallOptions, CallResult, TestUser } from './support.ts';

/** How an app differs from the plain test app: createApp's options, the config as overrides of testConfig(). */
export interface AppOptions extends Partial<Omit<CreateAppOptions, 'config'>> {
  config?: Partial<Config>;
  /** Listens on a free loopback port (for socket clients). */
  listen?: boolean;
  /**
   * Listens, and with REDIS_URL the socket relay goes through the Redis
   * streams adapter, as between server processes, on a stream named after this (deleted when the app closes); apps
   * given the same name share the stream.
   */
  sockets?: string;
}

export interface ServerFixtureOptions extends Omit<AppOptions, 'db' | 'config'> {
  /** testConfig() overrides of the fixture's apps; a function when they name the fixture's folder. */
  config?: Partial<Config> | ((fixture: ServerFixture) => Partial<Config>);
  /** Makes a temporary folder with this name prefix before the database (`dir`), removed after everything closed. */
  tempDir?: string;
  /** The database (closed by the fixture); default: a fresh migrated test database. */
  database?: () => Promise<Database>;
  /** Fills the database before the app starts. */
  seed?: (db: Database, fixture: ServerFixture) => Promise<void>;
  /** false: the database only; the file starts its apps with startApp. */
  app?: boolean;
  /** The setup's timeout in ms (the project's hookTimeout by default). */
  setupTimeout?: number;
}

export interface ServerFixture {
  readonly db: Database;
  /** The app started with the fixture (not with `app: false`). */
  readonly app: FastifyInstance;
  /** The fixture's temporary folder (with `tempDir`). */
  readonly dir: string;
  /** The app's address (with `sockets`). */
  readonly url: string;
  /**
   * Another app, on the fixture's database (unless `options.db`), clock and config overrides (plus options.config);
   * closed with the fixture unless the test closes it first.
   */
  startApp(options?: AppOptions): Promise<FastifyInstance>;
  /** support.ts's calls on the fixture's app. */
  get<T = unknown>(url: string, fields?: Record<string, string>, options?: CallOptions): Promise<CallResult<T>>;
  post<T = unknown>(url: string, fields?: Record<string, string>, options?: CallOptions): Promise<CallResult<T>>;
  registerUser(fields?: { userName?: string; password?: string; nickName?: string }): Promise<TestUser>;
}

/** The address of an app that listens. */
export function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app does not listen');
  return `http://127.0.0.1:${address.port}`;
}

/** Starts an app on `db` as `options` say; `close` also deletes its socket stream (see AppOptions.sockets). */
export async function startTestApp(db: Database, options: AppOptions = {}, onClose?: () => void): Promise<FastifyInstance> {
  const { listen, sockets, config, ...appOptions } = options;
  const socketStream = sockets !== undefined && REDIS_URL !== undefined ? `qiyu-test:${sockets}` : undefined;
  const app = await createApp({
    db,
    logger: false,
    ...appOptions,
    config: testConfig({ ...(socketStream !== undefined ? { redisUrl: REDIS_URL, socketStream } : {}), ...config }),
  });
  if (socketStream !== undefined) {
    app.addHook('onClose', async () => {
      const redis = new Redis(REDIS_URL ?? '');
      await redis.del(socketStream).finally(() => redis.quit());
    });
  }
  // Hooks go on before listening: Fastify takes none once the instance listens.
  if (onClose !== undefined) app.addHook('onClose', async () => onClose());
  if (listen === true || sockets !== undefined) await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Runs `use` on a fresh migrated test database of its own, closed when `use` ends (seed tests that need an empty one). */
export async function withTestDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  const db = await createTestDatabase();
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** See the file's comment. */
export function useServerFixture(options: ServerFixtureOptions = {}): ServerFixture {
  const { config, tempDir, database, seed, app: withApp = true, sockets, setupTimeout, ...appOptions } = options;
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  let dir: string | undefined;
  const open: FastifyInstance[] = [];
  // Each fixture's socket stream is its own, whatever other files run in the worker.
  const streamName = sockets !== undefined ? uniqueName(sockets) : undefined;

  const fixture: ServerFixture = {
    get db() {
      if (db === undefined) throw new Error('the fixture has no database yet (use it in a test or hook)');
      return db;
    },
    get app() {
      if (app === undefined) throw new Error('the fixture has no app (app: false, or used before its beforeAll)');
      return app;
    },
    get dir() {
      if (dir === undefined) throw new Error('the fixture has no folder (tempDir)');
      return dir;
    },
    get url() {
      return urlOf(fixture.app);
    },
    startApp: async (more = {}) => {
      const overrides = typeof config === 'function' ? config(fixture) : config;
      const started = await startTestApp(
        more.db ?? fixture.db,
        { ...appOptions, ...more, config: { ...overrides, ...more.config } },
        () => void open.splice(open.indexOf(started), 1),
      );
      open.push(started);
      return started;
    },
    get: (url, fields, callOptions) => get(fixture.app, url, fields, callOptions),
    post: (url, fields, callOptions) => post(fixture.app, url, fields, callOptions),
    registerUser: (fields) => registerUser(fixture.app, fields),
  };

  beforeAll(async () => {
    if (tempDir !== undefined) dir = await mkdtemp(join(tmpdir(), tempDir));
    db = await (database ?? createTestDatabase)();
    await seed?.(db, fixture);
    if (withApp) app = await fixture.startApp(streamName !== undefined ? { sockets: streamName } : {});
  }, setupTimeout);

  afterAll(async () => {
    for (const started of [...open].reverse()) await started.close();
    await db?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  return fixture;
}
