/** Shared helpers for the server tests (not a test file itself). */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SessionToken } from '../../server/auth/sessions.ts';
import { SharedReadCache } from '../../server/cache/shared-read-cache.ts';
import { watchWrites } from '../../server/cache/write-watch.ts';
import type { Clock } from '../../server/clock.ts';
import { readConfig } from '../../server/config.ts';
import type { Config } from '../../server/config.ts';
import type { Database, Queryable } from '../../server/db/database.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { createPgliteDatabase } from '../../server/db/pglite-database.ts';
import { createThrowawaySchema } from '../support/throwaway-schema.ts';

/** Cheap argon2id so tests stay fast (production uses m=19456 KiB, t=2, p=1). */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Cheap scrypt for accounts hashed the old way (tests of the upgrade to argon2id). */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...readConfig({}),
    sessionSecret: 'test-secret-0123456789abcdef',
    staticDir: '/nonexistent-static-dir',
    logLevel: 'silent',
    // Suites send hundreds of calls from 127.0.0.1 within a minute; flood-guard.test.ts sets its own limit.
    apiRateLimitMax: 100_000,
    argon2: TEST_ARGON2,
    ...overrides,
  };
}

export class FakeClock implements Clock {
  constructor(private ms: number = Date.UTC(2030, 0, 15, 4, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;

export const DATABASE_URL = process.env['DATABASE_URL'] || undefined;
export const REDIS_URL = process.env['REDIS_URL'] || undefined;

/** A fresh, empty PostgreSQL schema on DATABASE_URL, dropped on close (test/support/throwaway-schema.ts). */
export async function createPgTestDatabase(connectionString: string): Promise<Database> {
  return (await createThrowawaySchema(connectionString, { max: 4 })).db;
}

/**
 * The database with a log of the statements run on it (their SQL, in order). Closing it leaves the database open:
 * its owner closes that.
 */
export function withStatementLog(db: Database): Database & { statements: string[] } {
  const statements: string[] = [];
  return {
    kind: db.kind,
    statements,
    query: (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: async () => undefined,
  };
}

const TEMPLATE_DIR = fileURLToPath(new URL('../../.tmp/pglite-templates/', import.meta.url));

async function pgliteVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!dir.endsWith('pglite') && dirname(dir) !== dir) dir = dirname(dir);
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/**
 * A dump of a fresh PGlite after `prepare`, cached in .tmp/pglite-templates per PGlite version
 * and `keyData`: starting from it takes about 1 s where initdb takes about 3 s.
 */
async function cachedPgliteTemplate(name: string, keyData: string, prepare: (db: Database) => Promise<void>): Promise<Blob> {
  const key = createHash('sha256').update(await pgliteVersion()).update(keyData).digest('hex').slice(0, 16);
  const fileName = `${name}-${key}.tar`;
  const file = join(TEMPLATE_DIR, fileName);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: make it below.
  }
  const db = await createPgliteDatabase();
  try {
    await prepare(db);
    const dump = await db.dumpDataDir();
    await mkdir(TEMPLATE_DIR, { recursive: true });
    for (const old of await readdir(TEMPLATE_DIR)) {
      if (old.startsWith(`${name}-`) && old !== fileName) await rm(join(TEMPLATE_DIR, old), { force: true });
    }
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.close();
  }
}

/** PGlite in memory started from a cached template (a fresh initdb if the template fails to load). */
async function pgliteFromTemplate(template: () => Promise<Blob>): Promise<Database> {
  try {
    return await createPgliteDatabase({ loadDataDir: await template() });
  } catch {
    return createPgliteDatabase();
  }
}

/** An empty in-memory PGlite (from the cached empty template). */
export function createEmptyPglite(): Promise<Database> {
  return pgliteFromTemplate(() => cachedPgliteTemplate('empty', '', async () => undefined));
}

/**
 * A migrated database for API tests; create one per file. PostgreSQL (own schema) when
 * DATABASE_URL is set, else PGlite started from the cached migrated template.
 */
export async function createTestDatabase(): Promise<Database> {
  return DATABASE_URL !== undefined ? createMigratedPg(DATABASE_URL) : createMigratedPglite();
}

/** A migrated in-memory PGlite (from the cached migrated template), whatever DATABASE_URL says. */
export async function createMigratedPglite(): Promise<Database> {
  const db = await pgliteFromTemplate(async () => {
    const migrations = await loadMigrations();
    return cachedPgliteTemplate('migrated', JSON.stringify(migrations), async (fresh) => {
      await migrate(fresh, migrations);
    });
  });
  await migrate(db);
  return db;
}

/** A migrated fresh schema on the PostgreSQL server at `connectionString` (dropped on close). */
export async function createMigratedPg(connectionString: string): Promise<Database> {
  const db = await createPgTestDatabase(connectionString);
  await migrate(db);
  return db;
}

export interface Envelope<T = unknown> {
  ret: number;
  msg: string;
  data: T;
}

export interface TestUser {
  id: number;
  uid: number;
  userNameRaw: string;
  nickName: string;
  avatar: string;
  vipLevel: number;
  vipCategoryId: number;
  vipTypeName: string;
  eDate: string;
  email: string;
  phone: string;
  AreaCode: string;
  region: string;
  newWorks: boolean;
  totalMsgCount: number;
  token: SessionToken;
}

/** The params the client adds to every call. */
export const COMMON_PARAMS = { System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: '0' };

/** The token fields as the client sends them when logged in. */
export function tokenParams(token: SessionToken): Record<string, string> {
  return {
    uid: String(token.uid),
    token: token.token,
    expire: String(token.expire),
    sign: token.sign,
    login_uid: String(token.uid),
  };
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Client address (rate limits count per address). */
  ip?: string;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  raw: string;
}

function parse<T>(status: number, raw: string): CallResult<T> {
  return { status, body: JSON.parse(raw) as Envelope<T>, raw };
}

/** POST with a form-encoded body, as the client does. */
export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string> = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams({ ...COMMON_PARAMS, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return parse<T>(response.statusCode, response.body);
}

/** GET with the params in the query string, as the client does. */
export async function get<T = unknown>(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string> = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await app.inject({
    method: 'GET',
    url,
    query: { ...COMMON_PARAMS, ...fields },
    ...(options.headers ? { headers: options.headers } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return parse<T>(response.statusCode, response.body);
}

let counter = 0;

/** A user name no other test in the run uses. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${counter}_${randomBytes(3).toString('hex')}`;
}

/** A client address no other test uses, so address-based limits start from zero. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function registerUser(
  app: FastifyInstance,
  fields: { userName?: string; password?: string; nickName?: string } = {},
): Promise<TestUser> {
  const result = await post<TestUser>(app, '/api/Login/Register', {
    userName: fields.userName ?? uniqueName(),
    password: fields.password ?? 'secret123',
    ...(fields.nickName !== undefined ? { nickName: fields.nickName } : {}),
  }, { ip: uniqueIp() });
  if (result.body.ret !== 200) throw new Error(`register failed: ${result.raw}`);
  return result.body.data;
}

/**
 * Saves a user's region as the app's own writes do: through a watchWrites wrapper of `db` (the database the app was
 * created with), so the app's verified-session cache drops the user's cached row (a bare write to `db` is a hand
 * edit, which the app sees only once its cached sessions are due for a reload).
 */
export async function setUserRegion(db: Database, uid: number, region: string | null): Promise<void> {
  await watchWrites(db, new SharedReadCache()).query('UPDATE users SET region = $1 WHERE id = $2', [region, uid]);
}

let testUploads = 0;

/**
 * A post of `user` at `at`, its upload row made by hand (a 12 s MP4 that is not on disk): for suites about what is
 * done with posts; test/server/posts.test.ts covers publishing.
 */
export async function insertTestPost(db: Queryable, user: Pick<TestUser, 'id'>, contxt: string, at: Date): Promise<number> {
  testUploads += 1;
  const upload = await db.query<{ id: number }>(
    `INSERT INTO video_uploads (user_id, unique_file_name, original_name, file_size, chunks, duration, extension, completed_at, saved_at, created_at)
     VALUES ($1, $2, 'a.mp4', 1000, 1, 12, 'mp4', $3, $3, $3) RETURNING id`,
    [user.id, `test-upload-${process.pid}-${testUploads}-${user.id}`, at],
  );
  const rows = await db.query<{ id: number }>('INSERT INTO posts (user_id, upload_id, contxt, cover, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    user.id,
    upload[0]!.id,
    contxt,
    '/media/demo/covers/x.jpg',
    at,
  ]);
  return rows[0]!.id;
}
