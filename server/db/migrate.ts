import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export interface Migration {
  /** File name without `.sql`, e.g. `001_users`; recorded in schema_migrations. */
  version: string;
  sql: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d+_[A-Za-z0-9_-]+)\.sql$/;

/** Reads `NNN_name.sql` files from the folder, ordered by name. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: await readFile(`${dir}/${name}`, 'utf8'),
    })),
  );
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, each in its own
 * transaction together with its record. An advisory lock per schema makes concurrent starts
 * against the same PostgreSQL wait for each other instead of applying a file twice.
 * Returns the versions applied by this call.
 */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<string[]> {
  const list = migrations ?? (await loadMigrations());
  // A database that holds every version already (each restart) is told so by one query, not by a locked
  // transaction per file; anything pending goes through the locked loop below, which checks each file again.
  if (await allRecorded(db, list)) return [];
  const applied: string[] = [];
  for (const migration of list) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()))');
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

/** Every migration of the list is recorded (false when the record table does not exist yet). */
async function allRecorded(db: Database, list: readonly Migration[]): Promise<boolean> {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
  if (!table?.name) return false;
  const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const recorded = new Set(rows.map((row) => row.version));
  return list.every((migration) => recorded.has(migration.version));
}
