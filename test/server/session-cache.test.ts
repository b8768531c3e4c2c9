import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { VerifiedSessionCache, sessionChangesOf, tokenHashOf, verifiedSessionCacheOf } from '../../server/auth/session-cache.ts';
import { SessionService } from '../../server/auth/sessions.ts';
import { SharedReadCache } from '../../server/cache/shared-read-cache.ts';
import { tablesWritten, watchWrites } from '../../server/cache/write-watch.ts';
import type { Database } from '../../server/db/database.ts';
import { Ret } from '../../server/http/ret.ts';
import type { UserRecord } from '../../server/user/user-repository.ts';
import { connectionPayload, eventually, openAuthenticated, openSocket } from './socket-support.ts';
import { DATABASE_URL, REDIS_URL, post, registerUser, tokenParams, uniqueIp, uniqueName } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture, withTestDatabase } from './server-fixture.ts';

/** The database seen through another object (as another process sees it), counting the session checks. */
function view(db: Database, kind: Database['kind'] = db.kind): Database & { sessionChecks: () => number } {
  let checks = 0;
  return {
    kind,
    sessionChecks: () => checks,
    query: (sql, params) => {
      if (/FROM sessions s JOIN users u/.test(sql)) checks += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: async () => undefined,
  };
}

const changes = (sql: string, params: unknown[] = []) => sessionChangesOf({ sql, params, tables: tablesWritten(sql) });
const SESSION_INVALID = { ret: Ret.SessionInvalid, msg: '登录已失效，请重新登录', data: null };

describe('sessionChangesOf', () => {
  it('bounds the app’s writes to one user or one session', () => {
    expect(changes('UPDATE users SET gold = gold - $1 WHERE id = $2 AND gold >= $1 RETURNING gold', [5, 7])).toEqual([{ uid: 7 }]);
    expect(changes('UPDATE users SET gold = gold + $1, experience = experience + $2 WHERE id = $3 RETURNING gold', [1, 2, 8])).toEqual([{ uid: 8 }]);
    expect(changes('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [9, 'h', 'o'])).toEqual([{ uid: 9 }]);
    expect(changes('UPDATE users SET vip_level = $2, vip_category_id = $3, vip_type_name = $4, vip_expire = $5 WHERE id = $1', [10])).toEqual([{ uid: 10 }]);
    expect(changes('UPDATE sessions SET revoked_at = now() WHERE token = $1 AND revoked_at IS NULL', ['tok'])).toEqual([{ tokenHash: tokenHashOf('tok') }]);
    expect(changes('DELETE FROM sessions WHERE uid = $1 AND (expire <= $2 OR revoked_at IS NOT NULL)', [11, 0])).toEqual([{ uid: 11 }]);
  });

  it('lets new rows and other tables pass', () => {
    expect(changes('INSERT INTO sessions (token, uid, expire) VALUES ($1, $2, $3)', ['t', 1, 2])).toEqual([]);
    expect(changes('INSERT INTO users AS u (user_name, password_hash, nick_name, region) VALUES ($1, $2, $3, $4) RETURNING u.id')).toEqual([]);
    expect(changes('INSERT INTO users (user_name) VALUES ($1) ON CONFLICT DO NOTHING')).toEqual([]);
    expect(changes('UPDATE private_messages SET read_at = $1 WHERE to_uid = $2')).toEqual([]);
    expect(changes('SELECT * FROM users WHERE id = $1')).toEqual([]);
  });

  it('changes everything when it cannot tell whose rows a statement writes', () => {
    const all = [{ all: true }];
    expect(changes('UPDATE users SET avatar = $1')).toEqual(all);
    expect(changes('UPDATE users SET gold = 0 WHERE id = $1 OR gold > 5', [1])).toEqual(all);
    expect(changes('UPDATE users SET gold = 0 WHERE gold > 5 AND id = $1', [1])).toEqual(all);
    expect(changes('UPDATE users u SET gold = 0 WHERE u.id = $1', [1])).toEqual(all);
    expect(changes('UPDATE users SET gold = 0 FROM other o WHERE id = $1', [1])).toEqual(all);
    expect(changes('UPDATE users SET gold = (SELECT 1 FROM x WHERE id = $2) WHERE lower(user_name) = $1', ['a', 1])).toEqual(all);
    expect(changes('DELETE FROM users WHERE id = $1', ['not a number'])).toEqual(all);
    expect(changes('DELETE FROM sessions')).toEqual(all);
    expect(changes('INSERT INTO sessions (token, uid, expire) VALUES ($1, $2, $3) ON CONFLICT (token) DO UPDATE SET uid = 1')).toEqual(all);
    expect(changes('WITH gone AS (DELETE FROM sessions WHERE uid = $1 RETURNING uid) UPDATE users SET gold = 0 WHERE id = $1', [1])).toEqual(all);
    expect(changes('TRUNCATE users CASCADE')).toEqual(all);
    expect(sessionChangesOf({ sql: 'ALTER TABLE users ADD COLUMN x int', params: [], tables: ['*'] })).toEqual(all);
  });
});

const someUser = { id: 1, nickName: 'a' } as UserRecord;

describe('VerifiedSessionCache', () => {
  it('answers within the TTL, drops a session, a user’s sessions or everything', () => {
    let now = 0;
    const cache = new VerifiedSessionCache({ local: true, ttlMs: 1000, now: () => now });
    const keep = (hash: string, uid: number) => cache.remember(cache.epoch, hash, { uid, expire: 99, user: { ...someUser, id: uid } });
    keep('a', 1);
    keep('b', 1);
    keep('c', 2);
    expect(cache.get('a')?.uid).toBe(1);
    cache.apply({ tokenHash: 'a' });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.apply({ uid: 1 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    now = 1000;
    expect(cache.get('c')).toBeUndefined();
    keep('d', 3);
    cache.apply({ all: true });
    expect(cache.size).toBe(0);
  });

  it('keeps nothing a load read while an invalidation happened', () => {
    const cache = new VerifiedSessionCache({ local: true });
    const epoch = cache.epoch;
    cache.apply({ uid: 1 });
    cache.remember(epoch, 'a', { uid: 1, expire: 99, user: someUser });
    expect(cache.get('a')).toBeUndefined();
  });

  it('on PostgreSQL answers only while a Redis bridge hears the other processes, and forgets all when it is lost', () => {
    const cache = new VerifiedSessionCache({ local: false });
    cache.remember(cache.epoch, 'a', { uid: 1, expire: 99, user: someUser });
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.bridgeLive(true);
    cache.remember(cache.epoch, 'a', { uid: 1, expire: 99, user: someUser });
    expect(cache.get('a')).toBeDefined();
    cache.bridgeLive(false);
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('belongs to a database the app watches: none for a bare database, off for PostgreSQL without Redis', async () => {
    await withTestDatabase(async (db) => {
      expect(verifiedSessionCacheOf(db)).toBeUndefined();
      expect(new SessionService({ db, secret: 's', clock: { now: () => 0 } }).cache).toBeUndefined();
      const watched = watchWrites(db, new SharedReadCache());
      expect(verifiedSessionCacheOf(watched)).toBe(verifiedSessionCacheOf(watchWrites(db, new SharedReadCache())));
      expect(verifiedSessionCacheOf(watched)?.enabled).toBe(db.kind === 'pglite');
      expect(verifiedSessionCacheOf(watchWrites(view(db, 'pg'), new SharedReadCache()))?.enabled).toBe(false);
    });
  });
});

describe('verified sessions in the app', () => {
  const server = useServerFixture({ app: false });
  let counted: ReturnType<typeof view>;
  let app: FastifyInstance;

  beforeAll(async () => {
    counted = view(server.db);
    app = await server.startApp({ db: counted, listen: true });
  });

  const validates = (on: FastifyInstance, user: TestUser) => post<TestUser>(on, '/api/Login/Validates', tokenParams(user.token));
  const url = (): string => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  };
  const expectSocketRefused = async (user: TestUser): Promise<void> => {
    const socket = await openSocket(url());
    try {
      socket.socket.emit('connection', connectionPayload(user.token));
      expect(await socket.next('connectionResult')).toMatchObject({ ret: Ret.SessionInvalid });
    } finally {
      socket.close();
    }
  };

  // On PostgreSQL (DATABASE_URL) the cache needs Redis to hear other processes' changes: the suite below covers it.
  it.skipIf(DATABASE_URL !== undefined)('checks a session once, then answers it from the cache (PGlite; PostgreSQL needs Redis)', async () => {
    const user = await registerUser(app);
    const before = counted.sessionChecks();
    expect((await validates(app, user)).body.ret).toBe(Ret.Ok);
    expect((await validates(app, user)).body.ret).toBe(Ret.Ok);
    expect((await validates(app, user)).body.ret).toBe(Ret.Ok);
    expect(counted.sessionChecks() - before).toBe(1);
  });

  it('refuses a logged-out token at once, over HTTP and to a new socket', async () => {
    const user = await registerUser(app);
    expect((await validates(app, user)).body.ret).toBe(Ret.Ok);
    expect((await post(app, '/api/Login/Logout', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    expect((await validates(app, user)).body).toEqual(SESSION_INVALID);
    await expectSocketRefused(user);
  });

  it('keeps the user’s other sessions valid after a logout', async () => {
    const userName = uniqueName();
    const user = await registerUser(app, { userName, password: 'secret123' });
    const login = await post<TestUser>(app, '/api/Login/Login', { userName, password: 'secret123' }, { ip: uniqueIp() });
    expect(login.body.ret).toBe(Ret.Ok);
    const other = login.body.data;
    expect((await validates(app, other)).body.ret).toBe(Ret.Ok);
    expect((await post(app, '/api/Login/Logout', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    expect((await validates(app, other)).body.ret).toBe(Ret.Ok);
  });

  it('answers a user change made through the app on the very next call', async () => {
    const user = await registerUser(app);
    expect((await validates(app, user)).body.data.nickName).toBe(user.nickName);
    const nickName = uniqueName('n').slice(0, 12);
    expect((await post(app, '/api/User/UpdateUserInfo', { ...tokenParams(user.token), nickName })).body.ret).toBe(Ret.Ok);
    expect((await validates(app, user)).body.data.nickName).toBe(nickName);
  });

  it('drops a user’s sessions when a transaction writing the user commits', async () => {
    const user = await registerUser(app);
    expect((await validates(app, user)).body.ret).toBe(Ret.Ok);
    // Keyed by the database the app watches: any watchWrites wrapper of it finds the app's cache and is heard by it.
    const watched = watchWrites(counted, new SharedReadCache());
    const cache = verifiedSessionCacheOf(watched);
    if (cache?.enabled !== true) return;
    const hash = tokenHashOf(user.token.token);
    expect(cache.get(hash)).toBeDefined();
    await watched.transaction(async (tx) => {
      await tx.query('UPDATE users SET gold = gold + $1 WHERE id = $2', [1, user.id]);
      // Not before the commit: a read meanwhile would cache the old row again.
      expect(cache.get(hash)).toBeDefined();
    });
    expect(cache.get(hash)).toBeUndefined();
  });

  it('refuses a revoked token a socket presents even when its session was cached', async () => {
    const user = await registerUser(app);
    const first = await openAuthenticated(url(), user.token);
    first.close();
    expect((await post(app, '/api/Login/Logout', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    await expectSocketRefused(user);
  });
});

describe.skipIf(REDIS_URL === undefined)('verified sessions across processes (Redis pub/sub)', () => {
  const server = useServerFixture({ app: false });

  it('a logout through one process is refused by another that had the session cached', async () => {
    const socketStream = `qiyu-test:${uniqueName('sessions')}`;
    const config = { redisUrl: REDIS_URL, socketStream };
    // Both seen as PostgreSQL: the cache answers only while the bridge is live.
    const firstView = view(server.db, 'pg');
    const secondView = view(server.db, 'pg');
    const first = await server.startApp({ db: firstView, config });
    const second = await server.startApp({ db: secondView, config });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const user = await registerUser(first);
      await eventually(async () => {
        await post(second, '/api/Login/Validates', tokenParams(user.token));
        const before = secondView.sessionChecks();
        await post(second, '/api/Login/Validates', tokenParams(user.token));
        return secondView.sessionChecks() === before;
      });
      expect((await post(first, '/api/Login/Logout', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
      await eventually(async () => (await post(second, '/api/Login/Validates', tokenParams(user.token))).body.ret === Ret.SessionInvalid, 1000);
    } finally {
      await first.close();
      await second.close();
      const redis = new Redis(REDIS_URL ?? '');
      await redis.del(socketStream).finally(() => redis.quit());
    }
  });
});
