import pg from 'pg';
import type { CustomTypesConfig, PoolClient } from 'pg';
import type { Database, Queryable } from './database.ts';

const INT8_OID = 20;

/** int8 (count(*), bigint columns) as a JS number, like PGlite; other types as pg's defaults. */
const types: CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
};

export interface PgDatabaseOptions {
  connectionString: string;
  /**
   * Work inside this schema (sets `search_path` on every connection). Tests use a fresh random
   * schema per run; production leaves it unset (the server's default, normally `public`).
   */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function queryableOf(target: pg.Pool | PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple-query protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** PostgreSQL server through a pg connection pool. */
export function createPgDatabase(options: PgDatabaseOptions): Database {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Invalid schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    ...(options.schema !== undefined ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const root = queryableOf(pool);
  let closed = false;
  return {
    kind: 'pg',
    query: root.query,
    exec: root.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn(queryableOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * One connection to the PostgreSQL server at `connectionString` for the start's reachability check (startup-checks.ts):
 * `ping` connects and runs `SELECT 1`, rejecting with the driver's error; `end` closes the connection.
 */
export function pgProbe(connectionString: string, connectTimeoutMs: number): { ping(): Promise<void>; end(): Promise<void> } {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
  // An error event after a failed or finished ping has nothing left to tell: ping answered for it.
  client.on('error', () => undefined);
  return {
    async ping() {
      await client.connect();
      await client.query('SELECT 1');
    },
    end: () => client.end(),
  };
}
