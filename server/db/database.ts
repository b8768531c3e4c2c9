/**
 * The database port. The server talks to PostgreSQL through this interface only, so the
 * embedded PGlite (default, data in a folder) and a real PostgreSQL server (DATABASE_URL)
 * are interchangeable. Both adapters must pass test/server/database-contract.ts.
 *
 * Value conventions shared by both adapters: int2/int4/int8 come back as JS numbers,
 * numeric as strings, timestamptz as Date, json/jsonb parsed, booleans as booleans.
 */

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Which adapter this is, for logs. */
  readonly kind: 'pglite' | 'pg';
  /**
   * Runs `fn` inside BEGIN/COMMIT; a rejection rolls back and rethrows. Use the given `tx`
   * (not the database) for every statement that belongs to the transaction.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** SQLSTATE of a unique-constraint violation; both adapters expose it as `error.code`. */
const UNIQUE_VIOLATION = '23505';

export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}
