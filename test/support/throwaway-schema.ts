/**
 * A fresh, empty PostgreSQL schema on a connection string: the database works inside it (search_path) and close()
 * drops it, so runs and parallel files never see each other's tables. Used by the server tests and the benches.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../server/db/database.ts';
import { createPgDatabase } from '../../server/db/pg-database.ts';

export interface ThrowawaySchema {
  /** The schema's name (`<prefix>_<12 hex>`), for naming what else belongs to the run (Redis keys, streams). */
  schema: string;
  /** The database inside the schema; closing it drops the schema. */
  db: Database;
}

export async function createThrowawaySchema(connectionString: string, options: { prefix?: string; max?: number } = {}): Promise<ThrowawaySchema> {
  const schema = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const db = createPgDatabase({ connectionString, schema, ...(options.max !== undefined ? { max: options.max } : {}) });
  return {
    schema,
    db: {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: async () => {
        try {
          await db.close();
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    },
  };
}
