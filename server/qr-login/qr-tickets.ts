import { randomBytes } from 'node:crypto';
import {
  QrLoginRules,
  type QrLoginRequest,
  type QrTicketCreated,
  type QrTicketState,
  type QrTicketStatus,
} from '../../src/core/qr-login/qr-login-protocol.ts';
import { QrLoginTexts } from '../../src/core/qr-login/qr-login-texts.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession, SessionDevice } from '../auth/sessions.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { findUserById, hasNewWorks } from '../user/user-repository.ts';
import { toUserView } from '../user/user-view.ts';
import { qrLoginRoom, watchHashOf } from './qr-login-room.ts';
import { claimConfirmedTicket, findTicket, insertTicket, markCancelled, markConfirmed, markExpired, markScanned, type TicketRow } from './qr-ticket-repository.ts';

/** Tickets one address may ask for: a screen left open renews its code every 2 minutes (5 in 10 minutes). */
const QR_TICKETS_PER_IP: RateLimitRule = { name: 'qr-ticket:ip', max: 30, windowMs: 10 * 60_000 };
/** A confirmed ticket's session waits this long for its screen to fetch it. */
const CLAIM_WINDOW_MS = QrLoginRules.lifetimeMs;
/** Tickets are deleted a day after they ended. */
const KEEP_MS = 24 * 60 * 60_000;


type Services = Pick<AppServices, 'db' | 'clock' | 'sessions' | 'limiter' | 'realtime'>;

const refuse = {
  notFound: () => new ApiError(Ret.QrTicketNotFound, QrLoginTexts.TicketNotFound),
  expired: () => new ApiError(Ret.QrTicketExpired, QrLoginTexts.TicketExpired),
  used: () => new ApiError(Ret.QrTicketUsed, QrLoginTexts.TicketUsed),
  cancelled: () => new ApiError(Ret.QrTicketCancelled, QrLoginTexts.TicketCancelled),
  otherAccount: () => new ApiError(Ret.QrOtherAccount, QrLoginTexts.OtherAccount),
} as const;

/**
 * QR-code sign-in: a big screen asks for a ticket (its code), a signed-in phone scans it (the screen is told), then
 * confirms (the screen fetches a new session of the phone's account, once) or cancels. Every change is one
 * conditional UPDATE, so parallel confirmations, scans by two accounts or a confirmation racing the expiry cannot
 * both win; the time is the app's clock (tests move it).
 */
export class QrTickets {
  constructor(private readonly services: Services) {}

  async create(address: string, from: SessionDevice): Promise<QrTicketCreated> {
    const { db, clock, limiter } = this.services;
    if (!(await limiter.take(QR_TICKETS_PER_IP, address))) throw new ApiError(Ret.TooManyAttempts, QrLoginTexts.TooManyTickets);
    const now = clock.now();
    const ticket = randomBytes(32).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await insertTicket(
      db,
      {
        id: ticket,
        watchHash: watchHashOf(secret),
        device: from.device.slice(0, 100),
        place: from.place.slice(0, 50),
        address: address.slice(0, 64),
        at: new Date(now),
        expiresAt: new Date(now + QrLoginRules.lifetimeMs),
      },
      new Date(now - KEEP_MS),
    );
    return { ticket, secret, expiresInMs: QrLoginRules.lifetimeMs };
  }

  /** The screen asks (with its secret): the state, and once after a confirmation the new session's user. */
  async state(ticket: string, secret: string): Promise<QrTicketStatus> {
    const { db, clock, sessions } = this.services;
    const row = await this.find(ticket);
    if (row === undefined || row.watch_hash !== watchHashOf(secret)) throw refuse.notFound();
    const now = clock.now();
    const expiresInMs = Math.max(0, row.expires_at.getTime() - now);
    if (row.state === 'confirmed') {
      if (row.claimed_at !== null) throw refuse.used();
      const user = await db.transaction(async (tx) => {
        const first = await claimConfirmedTicket(tx, ticket, new Date(now), new Date(now - CLAIM_WINDOW_MS));
        if (first === undefined) return undefined;
        const account = await findUserById(tx, first.uid);
        if (account === undefined || account.passwordHash === '!') return undefined;
        // No userLiveTest to the account's other pages: its phone approved this screen and stays signed in.
        const token = await sessions.create(first.uid, tx, { device: first.device, place: first.place });
        return toUserView(account, token, now, { newWorks: await hasNewWorks(tx, first.uid) });
      });
      if (user === undefined) {
        const after = await this.find(ticket);
        throw after !== undefined && after.claimed_at !== null ? refuse.used() : refuse.expired();
      }
      return { state: 'confirmed', expiresInMs, user };
    }
    if ((row.state === 'pending' || row.state === 'scanned') && expiresInMs === 0) {
      await this.markExpired(ticket, now);
      return { state: 'expired', expiresInMs: 0, user: null };
    }
    return { state: row.state, expiresInMs, user: null };
  }

  /** The phone opened the ticket: scanned by this account (again by the same one is fine), the screen told. */
  async scan(auth: AuthSession, ticket: string): Promise<QrLoginRequest> {
    const now = this.services.clock.now();
    const row = await markScanned(this.services.db, ticket, auth.user.id, new Date(now));
    if (row === undefined) throw await this.refusalFor(ticket, auth.user.id, now);
    this.announce(row, 'scanned');
    return { device: row.device || '未知设备', place: row.place, createdAt: row.created_at.getTime(), expiresInMs: row.expires_at.getTime() - now };
  }

  /** 确认登录: once, by the account that scanned it, while it is good; the screen is told and fetches its session. */
  async confirm(auth: AuthSession, ticket: string): Promise<void> {
    const now = this.services.clock.now();
    const row = await markConfirmed(this.services.db, ticket, auth.user.id, new Date(now));
    if (row === undefined) throw await this.refusalFor(ticket, auth.user.id, now);
    this.announce(row, 'confirmed');
  }

  /** 取消: by the account that scanned it (or any signed-in phone before a scan); the screen is told. */
  async cancel(auth: AuthSession, ticket: string): Promise<void> {
    const now = this.services.clock.now();
    const row = await markCancelled(this.services.db, ticket, auth.user.id, new Date(now));
    if (row === undefined) throw await this.refusalFor(ticket, auth.user.id, now);
    this.announce(row, 'cancelled');
  }

  private async find(ticket: string): Promise<TicketRow | undefined> {
    return findTicket(this.services.db, ticket);
  }

  private async markExpired(ticket: string, now: number): Promise<void> {
    const row = await markExpired(this.services.db, ticket, new Date(now));
    if (row !== undefined) this.announce(row, 'expired');
  }

  /** Why the phone's scan, confirmation or cancellation did not apply (the ticket as it is now). */
  private async refusalFor(ticket: string, uid: number, now: number): Promise<ApiError> {
    const row = await this.find(ticket);
    if (row === undefined) return refuse.notFound();
    if (row.state === 'confirmed') return refuse.used();
    if (row.state === 'cancelled') return refuse.cancelled();
    if (row.state === 'expired' || row.expires_at.getTime() <= now) {
      await this.markExpired(ticket, now);
      return refuse.expired();
    }
    if (row.uid !== null && row.uid !== uid) return refuse.otherAccount();
    // Confirming a ticket this account has not scanned (the link was never opened): scan it first.
    return refuse.notFound();
  }

  private announce(row: TicketRow, state: QrTicketState): void {
    this.services.realtime.qrLoginChanged(qrLoginRoom(row.watch_hash), { ticket: row.id, state });
  }
}
