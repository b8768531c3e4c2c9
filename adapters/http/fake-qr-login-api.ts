import {
  QrLoginCalls,
  QrLoginRet,
  QrLoginRules,
  type QrLoginChange,
  type QrTicketState,
} from '../../src/core/qr-login/qr-login-protocol.ts';
import { QrLoginTexts } from '../../src/core/qr-login/qr-login-texts.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

interface FakeTicket {
  ticket: string;
  secret: string;
  state: QrTicketState;
  uid: number | null;
  device: string;
  place: string;
  createdAt: number;
  expiresAt: number;
  confirmedAt: number | null;
  claimed: boolean;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeQrLoginState {
  /** Tickets by their id. */
  readonly tickets: Map<string, FakeTicket>;
  /** Every change the server would push to the ticket's screen (its socket), oldest first. */
  readonly changes: QrLoginChange[];
}

export interface FakeQrLoginOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** The user answer (with a new token) a confirmed ticket's screen signs in as. */
  signIn: (uid: number) => UserAnswer;
  /** How the asking screen is described (the server reads it from the user agent). */
  device?: (call: FakeHttpCall) => { device: string; place: string };
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
  /** Called with each change (a test's fake socket pushes it on). */
  onChange?: (change: QrLoginChange) => void;
}

const TICKETS_PER_WINDOW = 30;

/** 43 base64url characters, as the server's 32 random bytes read. */
function fakeSecret(seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let text = '';
  let value = seed * 2_654_435_761 + 97;
  for (let i = 0; i < 43; i += 1) {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet[value % 64];
  }
  return text;
}

/**
 * An in-memory imitation of the reference server's QR sign-in calls (server/qr-login/), answering what
 * qr-login-protocol.ts declares (test/contract/qr-login-protocol.test.ts runs one suite against it and the server).
 */
export function installFakeQrLoginApi(http: FakeHttp, options: FakeQrLoginOptions): FakeQrLoginState {
  const state: FakeQrLoginState = { tickets: new Map(), changes: [] };
  const now = options.now ?? (() => Date.now());
  let made = 0;

  const announce = (ticket: FakeTicket, next: QrTicketState): void => {
    ticket.state = next;
    const change = { ticket: ticket.ticket, state: next };
    state.changes.push(change);
    options.onChange?.(change);
  };
  const isOpen = (ticket: FakeTicket): boolean => (ticket.state === 'pending' || ticket.state === 'scanned') && ticket.expiresAt > now();
  /** Why the phone's call does not apply to the ticket as it is. */
  const refusalFor = (ticket: FakeTicket | undefined, uid: number): FakeHttpAnswer => {
    if (ticket === undefined) return fail(QrLoginRet.TicketNotFound, QrLoginTexts.TicketNotFound);
    if (ticket.state === 'confirmed') return fail(QrLoginRet.TicketUsed, QrLoginTexts.TicketUsed);
    if (ticket.state === 'cancelled') return fail(QrLoginRet.TicketCancelled, QrLoginTexts.TicketCancelled);
    if (ticket.state === 'expired' || ticket.expiresAt <= now()) {
      if (ticket.state !== 'expired') announce(ticket, 'expired');
      return fail(QrLoginRet.TicketExpired, QrLoginTexts.TicketExpired);
    }
    if (ticket.uid !== null && ticket.uid !== uid) return fail(QrLoginRet.OtherAccount, QrLoginTexts.OtherAccount);
    return fail(QrLoginRet.TicketNotFound, QrLoginTexts.TicketNotFound);
  };

  const { serve } = fakeApi(http, { caller: options.caller });

  serve(QrLoginCalls.createTicket, 'optional', (_input, _uid, call) => {
    // The fake has one address: its tickets per window, as the server's QR_TICKETS_PER_IP.
    const recent = [...state.tickets.values()].filter((ticket) => ticket.createdAt > now() - 10 * 60_000).length;
    if (recent >= TICKETS_PER_WINDOW) return fail(1005, QrLoginTexts.TooManyTickets);
    made += 1;
    const from = options.device?.(call) ?? { device: '电视 · 浏览器', place: '' };
    const ticket: FakeTicket = {
      ticket: fakeSecret(made * 2), secret: fakeSecret(made * 2 + 1), state: 'pending', uid: null, ...from,
      createdAt: now(), expiresAt: now() + QrLoginRules.lifetimeMs, confirmedAt: null, claimed: false,
    };
    state.tickets.set(ticket.ticket, ticket);
    return ok({ ticket: ticket.ticket, secret: ticket.secret, expiresInMs: QrLoginRules.lifetimeMs });
  });

  serve(QrLoginCalls.ticketState, 'optional', ({ ticket: id, secret }) => {
    const ticket = state.tickets.get(id);
    if (ticket === undefined || ticket.secret !== secret) return fail(QrLoginRet.TicketNotFound, QrLoginTexts.TicketNotFound);
    const expiresInMs = Math.max(0, ticket.expiresAt - now());
    if (ticket.state === 'confirmed') {
      if (ticket.claimed) return fail(QrLoginRet.TicketUsed, QrLoginTexts.TicketUsed);
      if (ticket.confirmedAt === null || ticket.confirmedAt <= now() - QrLoginRules.lifetimeMs) return fail(QrLoginRet.TicketExpired, QrLoginTexts.TicketExpired);
      ticket.claimed = true;
      return ok({ state: 'confirmed', expiresInMs, user: options.signIn(ticket.uid ?? 0) });
    }
    if ((ticket.state === 'pending' || ticket.state === 'scanned') && expiresInMs === 0) announce(ticket, 'expired');
    return ok({ state: ticket.state, expiresInMs: ticket.state === 'expired' ? 0 : expiresInMs, user: null });
  });

  serve(QrLoginCalls.scanTicket, 'required', ({ ticket: id }, uid) => {
    const ticket = state.tickets.get(id);
    if (ticket === undefined || !isOpen(ticket) || (ticket.uid !== null && ticket.uid !== uid)) return refusalFor(ticket, uid);
    ticket.uid = uid;
    announce(ticket, 'scanned');
    return ok({ device: ticket.device || '未知设备', place: ticket.place, createdAt: ticket.createdAt, expiresInMs: ticket.expiresAt - now() });
  });

  serve(QrLoginCalls.confirmTicket, 'required', ({ ticket: id }, uid) => {
    const ticket = state.tickets.get(id);
    if (ticket === undefined || !isOpen(ticket) || ticket.state !== 'scanned' || ticket.uid !== uid) return refusalFor(ticket, uid);
    ticket.confirmedAt = now();
    announce(ticket, 'confirmed');
    return ok(null, QrLoginTexts.Confirmed);
  });

  serve(QrLoginCalls.cancelTicket, 'required', ({ ticket: id }, uid) => {
    const ticket = state.tickets.get(id);
    if (ticket === undefined || !isOpen(ticket) || (ticket.uid !== null && ticket.uid !== uid)) return refusalFor(ticket, uid);
    ticket.uid = uid;
    announce(ticket, 'cancelled');
    return ok(null, QrLoginTexts.Cancelled);
  });

  return state;
}
