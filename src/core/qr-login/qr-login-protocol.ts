/**
 * QR-code sign-in's calls and socket events (account security's last part), declared once: the big screen's login
 * page and the phone's /authorizeLogin send them (src/core/qr-login/), the reference server serves them
 * (server/qr-login/), adapters/http/fake-qr-login-api.ts imitates them.
 *
 * A ticket has two secrets: `ticket` travels in the QR code (the phone sees it), `secret` stays with the screen that
 * asked for the ticket; only `secret` fetches the session a confirmation opened, and only `secret` listens to the
 * ticket's changes over the socket.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { signedInUser } from '../shared-kernel/user.ts';
import { QrLoginTexts } from './qr-login-texts.ts';

/** The answer codes of QR sign-in's calls. */
export const QrLoginRet = {
  /** No ticket with that id (or not with that secret). */
  TicketNotFound: 6240,
  /** The ticket's 2 minutes are over (or, once confirmed, the screen did not fetch its session in time). */
  TicketExpired: 6241,
  /** The ticket was confirmed (and, for the screen, its session already fetched): it works once. */
  TicketUsed: 6242,
  /** The phone cancelled it. */
  TicketCancelled: 6243,
  /** Another account scanned it first. */
  OtherAccount: 6244,
} as const;

/** A ticket's life: waiting for a phone, scanned by one, confirmed (then used once), cancelled or past its 2 minutes. */
const QR_TICKET_STATES = ['pending', 'scanned', 'confirmed', 'cancelled', 'expired'] as const;
export type QrTicketState = (typeof QR_TICKET_STATES)[number];

export const QrLoginRules = {
  /** A ticket is good this long after it was made. */
  lifetimeMs: 2 * 60_000,
  /** The path the QR code opens on the phone (with `?ticket=`). */
  authorizePath: '/authorizeLogin',
  /** The screen polls this often when the socket is not connected. */
  pollMs: 3_000,
} as const;

/** `ticket` and `secret`: 32 bytes of randomness each, base64url (43 characters). */
export const QR_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SECRET = { kind: 'text', max: 43, pattern: QR_SECRET_PATTERN, badMessage: QrLoginTexts.TicketNotFound } as const;

/** CreateTicket: the ticket for the QR code, the screen's own secret (without either the answer is unreadable), and how long it is good. */
const qrTicketCreated = object({ ticket: wire.key, secret: wire.key, expiresInMs: wire.amount() });

export type QrTicketCreated = InferOutput<typeof qrTicketCreated>;

/**
 * TicketState: where the ticket is (a state the app does not know is unreadable); once confirmed, the signed-in user
 * (handed out once, to the secret's holder), read as the app's User (null when none, or no usable one).
 */
const qrTicketStatus = object({ state: picklist(QR_TICKET_STATES), expiresInMs: wire.amount(), user: signedInUser });

export type QrTicketStatus = InferOutput<typeof qrTicketStatus>;

/** ScanTicket: the device asking to sign in, as the server recorded it when the ticket was made. */
const qrLoginRequest = object({
  /** "电视 · 浏览器", "Windows 电脑 · Chrome" (the device list's description). */
  device: wire.text,
  /** The region of its address ('' when unknown). */
  place: wire.text,
  /** Unix ms. */
  createdAt: wire.amount(),
  expiresInMs: wire.amount(),
});

export type QrLoginRequest = InferOutput<typeof qrLoginRequest>;

/** Socket events of QR sign-in (the socket's protocol, server/socket). */
export const QrLoginEvents = {
  /** client → server `{ secret }`: this socket follows that ticket (no sign-in needed); answered `{ ok }` under the same name. */
  watch: 'watchQrLogin',
  /** server → the watching sockets: `{ ticket, state }` whenever the phone scans, confirms or cancels. */
  changed: 'qrLoginState',
} as const;

/** The payload of {@link QrLoginEvents.changed}. */
export interface QrLoginChange {
  ticket: string;
  state: QrTicketState;
}

export const QrLoginCalls = {
  /** The big screen's login page: a new ticket (anyone; 30 per address per 10 minutes). */
  createTicket: call({ method: 'POST', path: '/api/QrLogin/CreateTicket', carrier: 'form', params: {}, answer: qrTicketCreated }),
  /**
   * The screen: the ticket's state. The first call after the phone confirmed opens the session for this screen and
   * answers its user; later calls answer {@link QrLoginRet.TicketUsed}.
   */
  ticketState: call({
    method: 'POST',
    path: '/api/QrLogin/TicketState',
    carrier: 'form',
    params: { ticket: SECRET, secret: SECRET },
    answer: qrTicketStatus,
  }),
  /** The phone opened the ticket's link: marks it scanned by this account and answers the device asking. Signed in only. */
  scanTicket: call({ method: 'POST', path: '/api/QrLogin/ScanTicket', carrier: 'form', params: { ticket: SECRET }, answer: qrLoginRequest }),
  /** 确认登录: the screen signs in as this account (once, while the ticket is good). Signed in only, the scanning account only. */
  confirmTicket: call({ method: 'POST', path: '/api/QrLogin/ConfirmTicket', carrier: 'form', params: { ticket: SECRET }, answer: wire.none }),
  /** 取消: the screen is told; its ticket no longer works. Signed in only, the scanning account only. */
  cancelTicket: call({ method: 'POST', path: '/api/QrLogin/CancelTicket', carrier: 'form', params: { ticket: SECRET }, answer: wire.none }),
} as const;
