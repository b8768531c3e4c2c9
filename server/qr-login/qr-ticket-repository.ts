import type { QrTicketState } from '../../src/core/qr-login/qr-login-protocol.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The QR sign-in tickets (qr_login_tickets). Every change of state is one conditional UPDATE, so parallel
 * confirmations, scans by two accounts or a confirmation racing the expiry cannot both win.
 */

export interface TicketRow {
  id: string;
  watch_hash: string;
  state: QrTicketState;
  device: string;
  place: string;
  uid: number | null;
  created_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
  claimed_at: Date | null;
}

/** Stores a new ticket (pending), after deleting those that ended before `endedBefore`. */
export async function insertTicket(
  db: Queryable,
  ticket: { id: string; watchHash: string; device: string; place: string; address: string; at: Date; expiresAt: Date },
  endedBefore: Date,
): Promise<void> {
  await db.query('DELETE FROM qr_login_tickets WHERE expires_at < $1', [endedBefore]);
  await db.query(
    `INSERT INTO qr_login_tickets (id, watch_hash, device, place, address, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [ticket.id, ticket.watchHash, ticket.device, ticket.place, ticket.address, ticket.at, ticket.expiresAt],
  );
}

export async function findTicket(db: Queryable, id: string): Promise<TicketRow | undefined> {
  return (await db.query<TicketRow>('SELECT * FROM qr_login_tickets WHERE id = $1', [id]))[0];
}

/**
 * Claims a confirmed ticket once, at `at`, when it was confirmed after `confirmedAfter`: its account and where the
 * screen is (for the new session), or undefined when it is not claimable (claimed already, or too late).
 */
export async function claimConfirmedTicket(
  db: Queryable,
  id: string,
  at: Date,
  confirmedAfter: Date,
): Promise<{ uid: number; device: string; place: string } | undefined> {
  const claimed = await db.query<{ uid: number; device: string; place: string }>(
    `UPDATE qr_login_tickets SET claimed_at = $2
      WHERE id = $1 AND state = 'confirmed' AND claimed_at IS NULL AND confirmed_at > $3
      RETURNING uid, device, place`,
    [id, at, confirmedAfter],
  );
  return claimed[0];
}

/** Marks the ticket scanned by `uid` while it is unexpired at `now` and pending (or scanned by the same account). */
export async function markScanned(db: Queryable, id: string, uid: number, now: Date): Promise<TicketRow | undefined> {
  const rows = await db.query<TicketRow>(
    `UPDATE qr_login_tickets SET state = 'scanned', uid = $2
      WHERE id = $1 AND expires_at > $3 AND (state = 'pending' OR (state = 'scanned' AND uid = $2))
      RETURNING *`,
    [id, uid, now],
  );
  return rows[0];
}

/** Marks the ticket confirmed at `now` while it is scanned by `uid` and unexpired. */
export async function markConfirmed(db: Queryable, id: string, uid: number, now: Date): Promise<TicketRow | undefined> {
  const rows = await db.query<TicketRow>(
    `UPDATE qr_login_tickets SET state = 'confirmed', confirmed_at = $3
      WHERE id = $1 AND state = 'scanned' AND uid = $2 AND expires_at > $3
      RETURNING *`,
    [id, uid, now],
  );
  return rows[0];
}

/** Marks the ticket cancelled by `uid` while it is unexpired at `now` and pending (or scanned by that account). */
export async function markCancelled(db: Queryable, id: string, uid: number, now: Date): Promise<TicketRow | undefined> {
  const rows = await db.query<TicketRow>(
    `UPDATE qr_login_tickets SET state = 'cancelled', uid = COALESCE(uid, $2)
      WHERE id = $1 AND expires_at > $3 AND (state = 'pending' OR (state = 'scanned' AND uid = $2))
      RETURNING *`,
    [id, uid, now],
  );
  return rows[0];
}

/** Marks the ticket expired when it is pending or scanned and its time is up at `now`; the ticket when it changed. */
export async function markExpired(db: Queryable, id: string, now: Date): Promise<TicketRow | undefined> {
  const rows = await db.query<TicketRow>(
    `UPDATE qr_login_tickets SET state = 'expired' WHERE id = $1 AND state IN ('pending', 'scanned') AND expires_at <= $2 RETURNING *`,
    [id, now],
  );
  return rows[0];
}
