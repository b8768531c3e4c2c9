import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VerificationRules, isWellFormedCode, type VerificationPurpose } from '../../src/core/account-security/verification-rules.ts';
import type { Database } from '../db/database.ts';
import { countTry, insertCode, isCodeWaiting, lockTargetAndAddress, retireWaitingCodes, sentCounts, useCode } from './verification-code-repository.ts';

/** Why a code was not sent. */
type SendRefusal =
  /** The last code to this target is younger than the resend interval: `waitMs` until the next may go. */
  | { kind: 'too_soon'; waitMs: number }
  /** The target had its day's codes. */
  | { kind: 'target_limit' }
  /** The network address had its hour's codes. */
  | { kind: 'address_limit' };

export type IssueOutcome = { ok: true; code: string } | ({ ok: false } & SendRefusal);

/** The answer to an entered code. */
export type CheckOutcome =
  | 'ok'
  /** Not the code (tries remain). */
  | 'wrong'
  /** No code is waiting for this target and purpose, or it expired, was used, or was replaced by a newer one. */
  | 'expired'
  /** The code took its 5 wrong tries: a new one must be asked for. */
  | 'exhausted';

/**
 * The codes sent to email addresses and phones, kept in the database so every server process agrees: 6 digits,
 * good for 10 minutes, once, for 5 wrong tries; a new code to a target only 60 s after the last, at most 10 a day
 * per target and 20 an hour per network address (VerificationRules). Sending takes a lock per target and per
 * address, so parallel requests cannot pass a limit; checking counts the try and uses the code up in single
 * statements, so parallel guesses cannot exceed the tries and a code is accepted once. A newer code to the same
 * target and purpose replaces the older. Only an HMAC of each code (keyed by the server's secret) is stored.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {}

  /** Makes a code for `target` (a normalised email or +country phone) unless a limit refuses; the caller sends it. */
  async issue(purpose: VerificationPurpose, target: string, address: string, now: number): Promise<IssueOutcome> {
    const code = String(randomInt(0, 10 ** VerificationRules.digits)).padStart(VerificationRules.digits, '0');
    return this.db.transaction(async (tx) => {
      // Locks in a fixed order (target, then address) so two requests never wait for each other crosswise.
      await lockTargetAndAddress(tx, target, address);
      const counts = await sentCounts(tx, target, address, { dayAgo: new Date(now - 24 * 3_600_000), hourAgo: new Date(now - 3_600_000) });
      const lastSent = counts?.last_sent?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (now - lastSent < VerificationRules.resendAfterMs) return { ok: false, kind: 'too_soon', waitMs: lastSent + VerificationRules.resendAfterMs - now };
      if ((counts?.target_day ?? 0) >= VerificationRules.perTargetPerDay) return { ok: false, kind: 'target_limit' };
      if ((counts?.address_hour ?? 0) >= VerificationRules.perAddressPerHour) return { ok: false, kind: 'address_limit' };
      // The newer code replaces any still waiting for this target and purpose.
      await retireWaitingCodes(tx, target, purpose, new Date(now));
      await insertCode(tx, {
        purpose,
        target,
        codeHash: this.hash(purpose, target, code),
        address,
        sentAt: new Date(now),
        expiresAt: new Date(now + VerificationRules.lifetimeMs),
      });
      return { ok: true, code };
    });
  }

  /** Checks an entered code; the right one is used up (a second check of it answers 'expired'). */
  async check(purpose: VerificationPurpose, target: string, code: string, now: number): Promise<CheckOutcome> {
    // A try is counted first, in the statement that finds the code: parallel guesses each take one of the 5.
    const row = await countTry(this.db, target, purpose, new Date(now), VerificationRules.maxTries);
    if (!row) return (await isCodeWaiting(this.db, target, purpose, new Date(now))) ? 'exhausted' : 'expired';
    if (!isWellFormedCode(code) || !this.matches(row.code_hash, this.hash(purpose, target, code))) {
      return row.tries >= VerificationRules.maxTries ? 'exhausted' : 'wrong';
    }
    return (await useCode(this.db, row.id, new Date(now))) ? 'ok' : 'expired';
  }

  private hash(purpose: VerificationPurpose, target: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${target}\n${code}`).digest('base64url');
  }

  private matches(stored: string, computed: string): boolean {
    const a = Buffer.from(stored);
    const b = Buffer.from(computed);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
