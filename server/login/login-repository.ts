import type { Queryable } from '../db/database.ts';

/**
 * Replaces a user's stored password hash, unless it changed meanwhile (a parallel login already upgraded it, or
 * the password was changed): the old hash must still be the one stored.
 */
export async function upgradePasswordHash(db: Queryable, userId: number, oldHash: string, newHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [newHash, userId, oldHash]);
}
