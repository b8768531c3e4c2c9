/**
 * What every Database adapter must do. Run against PGlite always and against PostgreSQL when
 * DATABASE_URL is set (database.test.ts). The factory gives a fresh, empty database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { resolveSessionSecret } from '../../server/auth/session-secret.ts';
import { isUniqueViolation } from '../../server/db/database.ts';
import type { Database } from '../../server/db/database.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { DEMO_ACCOUNT, seed } from '../../server/db/seed.ts';
import { findUserByName } from '../../server/user/user-repository.ts';
import { DAY, FakeClock, TEST_ARGON2 } from './support.ts';

export function databaseContract(name: string, factory: () => Promise<Database>): void {
  describe(`Database contract: ${name}`, () => {
    let db: Database;

    beforeAll(async () => {
      db = await factory();
      await db.exec('CREATE TABLE contract_items (id serial PRIMARY KEY, name text UNIQUE NOT NULL, qty integer)');
    });

    afterAll(async () => {
      await db?.close();
    });

    it('runs parameterised statements and returns the rows', async () => {
      const inserted = await db.query<{ id: number; name: string }>(
        'INSERT INTO contract_items (name, qty) VALUES ($1, $2), ($3, $4) RETURNING id, name',
        ['apple', 3, 'pear', null],
      );
      expect(inserted.map((row) => row.name)).toEqual(['apple', 'pear']);
      expect(typeof inserted[0]?.id).toBe('number');
      const rows = await db.query<{ name: string; qty: number | null }>(
        'SELECT name, qty FROM contract_items WHERE name = ANY($1::text[]) ORDER BY name',
        [['apple', 'pear']],
      );
      expect(rows).toEqual([{ name: 'apple', qty: 3 }, { name: 'pear', qty: null }]);
      expect(await db.query('SELECT 1 WHERE false')).toEqual([]);
    });

    it('maps value types the same way: int8 as number, numeric as text, timestamptz as Date', async () => {
      const when = new Date('2030-01-02T03:04:05.678Z');
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT 42::int4 AS i, 9007199254740991::int8 AS big, count(*) AS n, 1.50::numeric AS num, true AS b,
                $1::timestamptz AS t, 'text' AS s, NULL::text AS nothing, '{"a":[1]}'::jsonb AS j
         FROM contract_items`,
        [when],
      );
      expect(row).toEqual({
        i: 42, big: 9007199254740991, n: 2, num: '1.50', b: true, t: when, s: 'text', nothing: null, j: { a: [1] },
      });
    });

    it('runs a script of several statements with exec', async () => {
      await db.exec("CREATE TABLE contract_script (v text); INSERT INTO contract_script VALUES ('a'); INSERT INTO contract_script VALUES ('b');");
      expect(await db.query('SELECT v FROM contract_script ORDER BY v')).toEqual([{ v: 'a' }, { v: 'b' }]);
    });

    it('commits a transaction and returns its result', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items (name) VALUES ($1)', ['committed']);
        const rows = await tx.query<{ n: number }>('SELECT count(*) AS n FROM contract_items WHERE name = $1', ['committed']);
        return rows[0]?.n;
      });
      expect(result).toBe(1);
      expect(await db.query('SELECT name FROM contract_items WHERE name = $1', ['committed'])).toHaveLength(1);
    });

    it('rolls a transaction back when its function throws, and rethrows', async () => {
      const failure = new Error('stop here');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (name) VALUES ($1)', ['rolled-back']);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await db.query('SELECT 1 FROM contract_items WHERE name = $1', ['rolled-back'])).toEqual([]);
    });

    it('rolls back after a failed statement and stays usable', async () => {
      const error = await db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (name) VALUES ($1)', ['first-of-two']);
          await tx.query('INSERT INTO contract_items (name) VALUES ($1)', ['apple']);
        })
        .catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      expect(await db.query('SELECT 1 FROM contract_items WHERE name = $1', ['first-of-two'])).toEqual([]);
      expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    });

    it('reports a unique violation outside a transaction with SQLSTATE 23505', async () => {
      const error = await db.query('INSERT INTO contract_items (name) VALUES ($1)', ['apple']).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      const syntax = await db.query('SELEC nonsense').catch((caught: unknown) => caught);
      expect(syntax).toBeInstanceOf(Error);
      expect(isUniqueViolation(syntax)).toBe(false);
    });

    it('keeps concurrent transactions apart', async () => {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          db.transaction(async (tx) => {
            await tx.query('INSERT INTO contract_items (name, qty) VALUES ($1, $2)', [`parallel-${i}`, i]);
            return tx.query('SELECT qty FROM contract_items WHERE name = $1', [`parallel-${i}`]);
          }),
        ),
      );
      const rows = await db.query<{ n: number }>("SELECT count(*) AS n FROM contract_items WHERE name LIKE 'parallel-%'");
      expect(rows[0]?.n).toBe(5);
    });

    it('applies every migration once, in order, recording each version', async () => {
      const migrations = await loadMigrations();
      expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort());
      expect(migrations[0]?.version).toBe('001_users');

      expect(await migrate(db)).toEqual(migrations.map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
      // With every file recorded, one file added later is still found and applied (the restart's quick check).
      const later = { version: '998_contract_later', sql: 'CREATE TABLE contract_later (a int)' };
      expect(await migrate(db, [...migrations, later])).toEqual([later.version]);
      expect(await migrate(db, [...migrations, later])).toEqual([]);
      await db.query('DROP TABLE contract_later');
      await db.query("DELETE FROM schema_migrations WHERE version = '998_contract_later'");
      const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(recorded.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    });

    it('rolls back a failing migration without recording it', async () => {
      const bad = [{ version: '999_broken', sql: 'CREATE TABLE contract_half (a int); SELECT * FROM no_such_table;' }];
      await expect(migrate(db, bad)).rejects.toThrow();
      expect(await db.query("SELECT 1 FROM schema_migrations WHERE version = '999_broken'")).toEqual([]);
      expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'contract_half' AND table_schema = current_schema()")).toEqual([]);
    });

    it('treats user names as unique regardless of case', async () => {
      await db.query("INSERT INTO users (user_name, password_hash, nick_name) VALUES ('CaseUser', 'x', 'n')");
      const error = await db
        .query("INSERT INTO users (user_name, password_hash, nick_name) VALUES ('caseuser', 'x', 'n')")
        .catch((caught: unknown) => caught);
      expect(isUniqueViolation(error)).toBe(true);
      await db.query("DELETE FROM users WHERE user_name = 'CaseUser'");
    });

    it('seeds the demo account on an empty database, once', async () => {
      const clock = new FakeClock();
      const passwords = new PasswordHasher(TEST_ARGON2);
      expect(await seed(db, { passwords, clock })).toBe(true);
      expect(await seed(db, { passwords, clock })).toBe(false);
      const demo = await findUserByName(db, 'DEMO');
      expect(demo).toMatchObject({ userName: 'demo', nickName: '演示用户', vipLevel: 1, region: 'CN' });
      expect(demo?.vipExpire?.getTime()).toBe(clock.now() + 30 * DAY);
      expect(await passwords.verify(DEMO_ACCOUNT.password, demo?.passwordHash ?? '')).toBe(true);
      const count = await db.query<{ n: number }>('SELECT count(*) AS n FROM users');
      expect(count[0]?.n).toBe(1);
    });

    it('generates the session secret once and keeps it', async () => {
      const first = await resolveSessionSecret(db, undefined);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(await resolveSessionSecret(db, undefined)).toBe(first);
      expect(await resolveSessionSecret(db, 'configured-secret-value')).toBe('configured-secret-value');
    });
  });
}
