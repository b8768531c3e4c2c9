import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

export interface PgliteDatabaseOptions {
  /** Folder that keeps the data between runs; omit for a throw-away in-memory database. */
  dataDir?: string;
  /** Start from a dump made by `dumpDataDir()` (tests use this to skip initdb). */
  loadDataDir?: Blob;
}

export interface PgliteDatabase extends Database {
  /** Uncompressed tarball of the data folder, loadable with `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

function queryableOf(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM). Takes 1–3 s to start and keeps Node alive until `close()`. */
export async function createPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<PgliteDatabase> {
  let dataDir: string | undefined;
  if (options.dataDir !== undefined) {
    dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
  });
  const root = queryableOf(pglite);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(queryableOf(tx)));
    },
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
    },
    dumpDataDir(): Promise<Blob> {
      return pglite.dumpDataDir('none');
    },
  };
}
