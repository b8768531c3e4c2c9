import { isTvAgent } from '../shared-kernel/tv-agent.ts';
import { QrLoginRules, QR_SECRET_PATTERN } from './qr-login-protocol.ts';

export const QrLoginPaths = {
  authorize: QrLoginRules.authorizePath,
  scanCode: '/scanCode',
  scanResult: '/scanCodeResult',
  login: '/login',
  user: '/user',
} as const;

/** Phones and tablets: their login page is the form alone, however wide. */
const HANDHELD_AGENT = /iPhone|iPad|iPod|Android.*Mobile|Mobile Safari|MicroMessenger/i;
/** A window at least this wide (CSS pixels) on a computer is a big screen. */
const BIG_SCREEN_WIDTH = 1200;

/** Whether the login page offers QR sign-in: a TV, or a computer's wide window (a phone scans, it does not show codes). */
export function isBigScreen(userAgent: string, viewportWidth: number): boolean {
  if (isTvAgent(userAgent)) return true;
  return !HANDHELD_AGENT.test(userAgent) && viewportWidth >= BIG_SCREEN_WIDTH;
}

/** What the QR code carries: the app's /authorizeLogin with the ticket, on the page's own origin. */
export function authorizeUrl(origin: string, ticket: string): string {
  return `${origin}${QrLoginPaths.authorize}?ticket=${encodeURIComponent(ticket)}`;
}

/** What a scanned code is: our sign-in ticket, another page of ours, or something else (text, maybe a foreign link). */
export type ScannedCode =
  | { kind: 'ticket'; ticket: string }
  | { kind: 'ours'; path: string; query: Record<string, string> }
  | { kind: 'other'; text: string };

export function readScannedCode(text: string, origin: string): ScannedCode {
  let url: URL | null;
  try {
    url = new URL(text.trim());
  } catch {
    // Not a URL at all: plain text.
    url = null;
  }
  if (url === null || url.origin !== origin) return { kind: 'other', text };
  const ticket = url.searchParams.get('ticket') ?? '';
  if (url.pathname === QrLoginPaths.authorize && QR_SECRET_PATTERN.test(ticket)) return { kind: 'ticket', ticket };
  return { kind: 'ours', path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** Whether a scanned text is a link of ours (shown as a link on /scanCodeResult; anything else stays plain text). */
export function isOurLink(text: string, origin: string): boolean {
  return readScannedCode(text, origin).kind !== 'other';
}

