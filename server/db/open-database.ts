import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { createPgDatabase } from './pg-database.ts';
import { createPgliteDatabase } from './pglite-database.ts';

/** DATABASE_URL set: that PostgreSQL server; otherwise the embedded PGlite keeping its data in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl !== undefined) {
    const db = createPgDatabase({ connectionString: config.databaseUrl });
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  }
  return createPgliteDatabase({ dataDir: config.dataDir });
}
