import type { Queryable } from '../db/database.ts';

/**
 * What account security stores: the account's password, bindings and deletion (users), the 10-minute password proofs
 * of binding (password_proofs) and the tickets of password recovery (password_recoveries). The sessions it ends are
 * auth's (auth/session-repository.ts).
 */

/** An account as recovery finds it: its name and bindings. */
export interface Account {
  id: number;
  userName: string;
  email: string;
  phone: string;
  areaCode: string;
}

interface AccountRow {
  id: number;
  user_name: string;
  email: string;
  phone: string;
  area_code: string;
}

const toAccount = (row: AccountRow): Account => ({ id: row.id, userName: row.user_name, email: row.email, phone: row.phone, areaCode: row.area_code });

/** The bindings of an account as a binding leaves them. */
export interface BindingsRow {
  email: string;
  phone: string;
  area_code: string;
}

/** Replaces the account's password hash. */
export async function setPasswordHash(db: Queryable, uid: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [uid, passwordHash]);
}

/** Clears a deleted account: `passwordHash` (matching no password), `nickName`, the default avatar, no bindings, no introduction. */
export async function markAccountDeleted(db: Queryable, uid: number, gone: { passwordHash: string; nickName: string; at: Date }): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, nick_name = $3, avatar = DEFAULT, email = '', phone = '', area_code = '', introduction = '', deleted_at = $4
      WHERE id = $1`,
    [uid, gone.passwordHash, gone.nickName, gone.at],
  );
}

/** Lets a name go that an account deleted at or before `deletedBy` still holds (the old row becomes deleted-<id>). */
export async function releaseNameDeletedBy(db: Queryable, userName: string, deletedBy: Date): Promise<void> {
  await db.query(`UPDATE users SET user_name = 'deleted-' || id WHERE lower(user_name) = lower($1) AND deleted_at <= $2`, [userName, deletedBy]);
}

/** Binds the (lower-case) email while no other account has it; the bindings after, or undefined when another has it. */
export async function bindEmail(db: Queryable, uid: number, email: string): Promise<BindingsRow | undefined> {
  const rows = await db.query<BindingsRow>(
    `UPDATE users SET email = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id <> $1 AND lower(o.email) = $2)
      RETURNING email, phone, area_code`,
    [uid, email],
  );
  return rows[0];
}

/** Binds the phone while no other account has it; the bindings after, or undefined when another has it. */
export async function bindPhone(db: Queryable, uid: number, phone: string, areaCode: string): Promise<BindingsRow | undefined> {
  const rows = await db.query<BindingsRow>(
    `UPDATE users SET phone = $2, area_code = $3 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id <> $1 AND o.phone = $2 AND o.area_code = $3)
      RETURNING email, phone, area_code`,
    [uid, phone, areaCode],
  );
  return rows[0];
}

/** Whether an account other than `uid` has the (lower-case) email bound. */
export async function emailBoundElsewhere(db: Queryable, uid: number, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id <> $1 AND lower(email) = $2 LIMIT 1', [uid, email])).length > 0;
}

/** Whether an account other than `uid` has the phone bound. */
export async function phoneBoundElsewhere(db: Queryable, uid: number, phone: string, areaCode: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id <> $1 AND phone = $2 AND area_code = $3 LIMIT 1', [uid, phone, areaCode])).length > 0;
}

/**
 * The account named by its name, its bound email (both in any case) or its bound phone (`digits`: with or without
 * the calling code), the one whose name it is first.
 */
export async function findAccountNamed(db: Queryable, account: string, digits: string): Promise<Account | undefined> {
  const rows = await db.query<AccountRow>(
    `SELECT id, user_name, email, phone, area_code FROM users
      WHERE lower(user_name) = lower($1)
         OR (email <> '' AND lower(email) = lower($1))
         OR (phone <> '' AND (phone = $2 OR area_code || phone = $2))
      ORDER BY (lower(user_name) = lower($1)) DESC, id LIMIT 1`,
    [account, digits],
  );
  return rows[0] && toAccount(rows[0]);
}

export async function findAccountById(db: Queryable, uid: number): Promise<Account | undefined> {
  const rows = await db.query<AccountRow>('SELECT id, user_name, email, phone, area_code FROM users WHERE id = $1', [uid]);
  return rows[0] && toAccount(rows[0]);
}

/** Keeps a password proof of the user until `expiresAt`, after dropping those expired by `now`. */
export async function insertPasswordProof(db: Queryable, proof: { id: string; uid: number; expiresAt: Date }, now: Date): Promise<void> {
  await db.query('DELETE FROM password_proofs WHERE expires_at <= $1', [now]);
  await db.query('INSERT INTO password_proofs (id, uid, expires_at) VALUES ($1, $2, $3)', [proof.id, proof.uid, proof.expiresAt]);
}

/** Whether the proof is the user's and unexpired at `now`. */
export async function isPasswordProofOpen(db: Queryable, id: string, uid: number, now: Date): Promise<boolean> {
  return (await db.query('SELECT 1 FROM password_proofs WHERE id = $1 AND uid = $2 AND expires_at > $3', [id, uid, now])).length > 0;
}

/** Opens a recovery ticket (of an account, or of none), after dropping those expired by `at`. */
export async function insertRecovery(db: Queryable, ticket: { id: string; uid: number | null; at: Date; expiresAt: Date }): Promise<void> {
  await db.query('DELETE FROM password_recoveries WHERE expires_at <= $1', [ticket.at]);
  await db.query('INSERT INTO password_recoveries (id, uid, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    ticket.id, ticket.uid, ticket.at, ticket.expiresAt,
  ]);
}

/** The ticket while open at `now` (not expired, not used): its account and when its code was verified. */
export async function findOpenRecovery(db: Queryable, id: string, now: Date): Promise<{ uid: number | null; verified_at: Date | null } | undefined> {
  const rows = await db.query<{ uid: number | null; verified_at: Date | null }>(
    'SELECT uid, verified_at FROM password_recoveries WHERE id = $1 AND used_at IS NULL AND expires_at > $2',
    [id, now],
  );
  return rows[0];
}

export async function markRecoveryVerified(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE password_recoveries SET verified_at = $2 WHERE id = $1', [id, at]);
}

/**
 * Uses the ticket once, when it is verified, unexpired at `at`, unused and of an account: the statement that takes it
 * is the one that checks it. Answers its account, or undefined.
 */
export async function takeVerifiedRecovery(db: Queryable, id: string, at: Date): Promise<number | undefined> {
  const [taken] = await db.query<{ uid: number }>(
    `UPDATE password_recoveries SET used_at = $2
      WHERE id = $1 AND used_at IS NULL AND verified_at IS NOT NULL AND expires_at > $2 AND uid IS NOT NULL
      RETURNING uid`,
    [id, at],
  );
  return taken?.uid;
}
