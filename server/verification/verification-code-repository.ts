import type { VerificationPurpose } from '../../src/core/account-security/verification-rules.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The codes sent to email addresses and phones (verification_codes), as HMACs. Sending takes a lock per target and
 * per address; checking counts the try and uses the code up in single statements (verification-codes.ts).
 */

/** A waiting code whose try was just counted. */
export interface CodeRow {
  id: number;
  code_hash: string;
  tries: number;
}

/**
 * Locks the target, then the address, until the transaction ends (always in this order, so two requests never wait
 * for each other crosswise).
 */
export async function lockTargetAndAddress(tx: Queryable, target: string, address: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`verification-target:${target}`]);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`verification-address:${address}`]);
}

/** When the last code to the target was sent, how many went to it since `dayAgo` and to the address since `hourAgo`. */
export async function sentCounts(
  tx: Queryable,
  target: string,
  address: string,
  since: { dayAgo: Date; hourAgo: Date },
): Promise<{ last_sent: Date | null; target_day: number; address_hour: number } | undefined> {
  const [counts] = await tx.query<{ last_sent: Date | null; target_day: number; address_hour: number }>(
    `SELECT (SELECT max(sent_at) FROM verification_codes WHERE target = $1) AS last_sent,
            (SELECT count(*)::int FROM verification_codes WHERE target = $1 AND sent_at > $2) AS target_day,
            (SELECT count(*)::int FROM verification_codes WHERE address = $3 AND sent_at > $4) AS address_hour`,
    [target, since.dayAgo, address, since.hourAgo],
  );
  return counts;
}

/** Uses up, at `at`, the codes still waiting for this target and purpose (a newer one replaces them). */
export async function retireWaitingCodes(tx: Queryable, target: string, purpose: VerificationPurpose, at: Date): Promise<void> {
  await tx.query('UPDATE verification_codes SET used_at = $3 WHERE target = $1 AND purpose = $2 AND used_at IS NULL', [target, purpose, at]);
}

export async function insertCode(
  tx: Queryable,
  code: { purpose: VerificationPurpose; target: string; codeHash: string; address: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO verification_codes (purpose, target, code_hash, address, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [code.purpose, code.target, code.codeHash, code.address, code.sentAt, code.expiresAt],
  );
}

/**
 * Counts a try of the newest code waiting (unused, unexpired at `now`) for this target and purpose, in the statement
 * that finds it, while it has fewer than `maxTries`: the code after the try, or undefined when none could take it.
 */
export async function countTry(db: Queryable, target: string, purpose: VerificationPurpose, now: Date, maxTries: number): Promise<CodeRow | undefined> {
  const [row] = await db.query<CodeRow>(
    `UPDATE verification_codes SET tries = tries + 1
      WHERE id = (SELECT id FROM verification_codes
                   WHERE target = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
                   ORDER BY sent_at DESC LIMIT 1)
        AND tries < $4
      RETURNING id, code_hash, tries`,
    [target, purpose, now, maxTries],
  );
  return row;
}

/** Uses the code up at `at`; false when it was used already (then another check took it). */
export async function useCode(db: Queryable, id: number, at: Date): Promise<boolean> {
  const used = await db.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [id, at]);
  return used.length === 1;
}

/** Whether an unexpired, unused code is waiting (it may have no tries left). */
export async function isCodeWaiting(db: Queryable, target: string, purpose: VerificationPurpose, now: Date): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM verification_codes WHERE target = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 LIMIT 1',
    [target, purpose, now],
  );
  return rows.length > 0;
}
