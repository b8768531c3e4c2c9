import type { Database, Queryable } from '../db/database.ts';
import { ALL_TABLES, type SharedReadCache } from './shared-read-cache.ts';

/**
 * The tables the shared reads are built from, and which writes to each change what they show. `users` only
 * matters through an uploader's nick name and avatar (shown with their videos): a sign-in reward or a VIP
 * purchase updating a user's gold or VIP state must not empty the home feed's cache.
 */
const WATCHED_TABLES: Readonly<Record<string, (sql: string) => boolean>> = {
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

/** Every table a statement writes (INSERT, UPDATE, DELETE, TRUNCATE, also inside a WITH), lower case. */
export function tablesWritten(sql: string): string[] {
  const tables = new Set<string>();
  for (const match of sql.matchAll(WRITE)) tables.add((match[1] ?? '').toLowerCase());
  return [...tables];
}

/** The watched tables a statement writes (INSERT, UPDATE, DELETE, TRUNCATE, also inside a WITH). */
export function watchedTablesWritten(sql: string): string[] {
  return watchedAmong(tablesWritten(sql), sql);
}

function watchedAmong(tables: readonly string[], sql: string): string[] {
  return tables.filter((table) => WATCHED_TABLES[table]?.(sql) === true);
}

/**
 * A write as the listeners of `onWrites` hear it, once it is done (a transaction's once it committed or rolled back):
 * the statement, its parameters and the tables it writes (`['*']` for a script: a migration may change anything).
 */
export interface WrittenStatement {
  sql: string;
  params: readonly unknown[];
  tables: readonly string[];
}

export type WriteListener = (statements: readonly WrittenStatement[]) => void;

/** Per database handed to watchWrites: who hears its writes (the verified-session cache, server/auth/session-cache.ts). */
const writeListeners = new WeakMap<Queryable, Set<WriteListener>>();
/** The database each watchWrites wrapper stands for. */
const watchedDatabases = new WeakMap<Queryable, Database>();

/**
 * Hears every write made through any watchWrites wrapper of `db` (all the apps of a process on that database object),
 * after it is done. Writes made to `db` directly, by another process or by hand are not heard. Answers the removal.
 */
export function onWrites(db: Database, listener: WriteListener): () => void {
  let listeners = writeListeners.get(db);
  if (listeners === undefined) {
    listeners = new Set();
    writeListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The database a watchWrites wrapper writes to (whose writes onWrites hears), or undefined for any other object. */
export function watchedDatabaseOf(db: Queryable): Database | undefined {
  return watchedDatabases.get(db);
}

function tell(db: Database, statements: readonly WrittenStatement[]): void {
  if (statements.length === 0) return;
  for (const listener of writeListeners.get(db) ?? []) listener(statements);
}

function watchedQueryable(target: Queryable, written: (tables: string[], statement: WrittenStatement) => void): Queryable {
  return {
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const tables = tablesWritten(sql);
      if (tables.length === 0) return target.query<T>(sql, params);
      try {
        return await target.query<T>(sql, params);
      } finally {
        written(watchedAmong(tables, sql), { sql, params: params ?? [], tables });
      }
    },
    async exec(sql: string): Promise<void> {
      // Scripts (migrations): whatever they change, start over.
      try {
        await target.exec(sql);
      } finally {
        written([ALL_TABLES], { sql, params: [], tables: [ALL_TABLES] });
      }
    },
  };
}

/**
 * The database as the app's routes use it: every write to a watched table invalidates the shared reads built from
 * it once the write is done, and a transaction's writes once it has committed (or rolled back), so a read started
 * meanwhile cannot keep the old rows; the listeners of `onWrites(db)` hear every write statement at the same moments
 * (the verified-session cache drops what a write to users or sessions changed). Reads pass straight through.
 */
export function watchWrites(db: Database, cache: SharedReadCache): Database {
  const root = watchedQueryable(db, (tables, statement) => {
    if (tables.length > 0) cache.invalidate(tables);
    tell(db, [statement]);
  });
  const watched: Database = {
    kind: db.kind,
    query: root.query,
    exec: root.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const touched = new Set<string>();
      const statements: WrittenStatement[] = [];
      try {
        return await db.transaction((tx) => fn(watchedQueryable(tx, (tables, statement) => {
          tables.forEach((table) => touched.add(table));
          statements.push(statement);
        })));
      } finally {
        cache.invalidate([...touched]);
        tell(db, statements);
      }
    },
    close: () => db.close(),
  };
  watchedDatabases.set(watched, db);
  return watched;
}
