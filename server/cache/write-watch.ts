import type { Database, Queryable } from '../db/database.ts';
import { ALL_TABLES, type SharedReadCache } from './shared-read-cache.ts';

/**
 * The tables the shared reads are built from, and which writes to each change what they show. `users` only
 * matters through an uploader's nick name and avatar (shown with their videos): a sign-in reward or a VIP
 * purchase updating a user's gold or VIP state must not empty the home feed's cache.
 */
export const WATCHED_TABLES: Readonly<Record<string, (sql: string) => boolean>> = {
  videos: () => true,
  video_media: () => true,
  catalogue_categories: () => true,
  catalogue_subchannels: () => true,
  users: (sql) => /\b(nick_name|avatar)\b/i.test(sql) || /^\s*DELETE\b/i.test(sql),
  app_config: () => true,
  vip_categories: () => true,
  vip_packages: () => true,
  vip_promotions: () => true,
  vip_pay_types: () => true,
  vip_sale_closed_regions: () => true,
};

const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The watched tables a statement writes (INSERT, UPDATE, DELETE, TRUNCATE, also inside a WITH). */
export function watchedTablesWritten(sql: string): string[] {
  const tables = new Set<string>();
  for (const match of sql.matchAll(WRITE)) {
    const table = (match[1] ?? '').toLowerCase();
    const affects = WATCHED_TABLES[table];
    if (affects !== undefined && affects(sql)) tables.add(table);
  }
  return [...tables];
}

function watchedQueryable(target: Queryable, written: (tables: string[]) => void): Queryable {
  return {
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const tables = watchedTablesWritten(sql);
      if (tables.length === 0) return target.query<T>(sql, params);
      try {
        return await target.query<T>(sql, params);
      } finally {
        written(tables);
      }
    },
    async exec(sql: string): Promise<void> {
      // Scripts (migrations): whatever they change, start over.
      try {
        await target.exec(sql);
      } finally {
        written([ALL_TABLES]);
      }
    },
  };
}

/**
 * The database as the app's routes use it: every write to a watched table invalidates the shared reads built from
 * it once the write is done, and a transaction's writes once it has committed (or rolled back), so a read started
 * meanwhile cannot keep the old rows. Reads pass straight through.
 */
export function watchWrites(db: Database, cache: SharedReadCache): Database {
  const root = watchedQueryable(db, (tables) => cache.invalidate(tables));
  return {
    kind: db.kind,
    query: root.query,
    exec: root.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const touched = new Set<string>();
      try {
        return await db.transaction((tx) => fn(watchedQueryable(tx, (tables) => tables.forEach((table) => touched.add(table)))));
      } finally {
        cache.invalidate([...touched]);
      }
    },
    close: () => db.close(),
  };
}
