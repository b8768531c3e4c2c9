import type { Queryable } from './database.ts';

/** `($1, $2, …), (…)` for rows of `width` parameters. */
function valuesOf(rows: number, width: number): string {
  return Array.from({ length: rows }, (_, row) => `(${Array.from({ length: width }, (_, col) => `$${row * width + col + 1}`).join(', ')})`).join(', ');
}

/** Inserts rows in one statement (nothing for no rows); answers the RETURNING rows. */
export async function insertRows<T extends object>(db: Queryable, head: string, rows: readonly (readonly unknown[])[], tail = ''): Promise<T[]> {
  const first = rows[0];
  if (!first) return [];
  return db.query<T>(`${head} VALUES ${valuesOf(rows.length, first.length)} ${tail}`, rows.flat());
}
