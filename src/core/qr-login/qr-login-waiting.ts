import type { Clock, TimerId } from '../ports/clock.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Socket } from '../ports/socket.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { RequestTexts } from '../request/texts.ts';
import type { User } from '../shared-kernel/user.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { QrLoginCalls, QrLoginEvents, QrLoginRet, QrLoginRules, type QrTicketCreated, type QrTicketState, type QrTicketStatus } from './qr-login-protocol.ts';
import { authorizeUrl } from './qr-login-rules.ts';

/** What the big screen shows: loading, the code in one of its states, or a failure to get one. */
export interface QrWaitingView {
  phase: 'loading' | 'failed' | QrTicketState;
  /** The URL the code carries ('' until a ticket came). */
  url: string;
  /** Why there is no code (phase failed). */
  message: string;
}

export interface QrLoginWaitingDeps {
  api: ApiClient;
  /** A connection of its own: the screen follows its ticket while nobody is signed in. */
  socket: Socket;
  clock: Clock;
  session: UserSession;
  /** The page's origin: the code opens /authorizeLogin there. */
  origin: string;
}

/** How far a ticket has come: the screen only moves forward. */
const STEP: Record<QrTicketState, number> = { pending: 0, scanned: 1, confirmed: 2, cancelled: 2, expired: 2 };

/** A code nobody scanned is renewed by itself this many times (10 minutes); then the screen offers 刷新二维码. */
const AUTO_RENEWALS = 5;

/**
 * The big screen's side of QR sign-in: gets a ticket, shows its URL, follows it over its own socket (joined with the
 * ticket's secret) and, while the socket is down, by polling; renews a code nobody scanned when it expires; once the
 * phone confirms, fetches the session (once) and signs the user in here.
 */
export class QrLoginWaiting {
  private ticket: QrTicketCreated | null = null;
  private expiresAt = 0;
  private watched = false;
  private renewals = 0;
  private running = false;
  private claiming = false;
  private pollAgain = false;
  private generation = 0;
  private pollDue = 0;
  private pollTimer: TimerId | null = null;
  private readonly offs: Unsubscribe[] = [];
  private view: QrWaitingView = { phase: 'loading', url: '', message: '' };

  constructor(
    private readonly deps: QrLoginWaitingDeps,
    private readonly onView: (view: QrWaitingView) => void,
    private readonly onSignedIn: (user: User) => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const { socket, clock } = this.deps;
    this.offs.push(
      socket.onStatus((status) => {
        this.watched = false;
        if (status === 'connected') this.watch();
      }),
      socket.on(QrLoginEvents.watch, (payload) => {
        this.watched = typeof payload === 'object' && payload !== null && (payload as { ok?: unknown }).ok === true;
        // Anything that happened before the socket followed the ticket.
        if (this.watched) void this.poll();
      }),
      socket.on(QrLoginEvents.changed, (payload) => this.changed(payload)),
    );
    socket.connect();
    this.pollTimer = clock.repeat(() => this.tick(), QrLoginRules.pollMs / 3);
    void this.renew();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    this.offs.splice(0).forEach((off) => off());
    if (this.pollTimer !== null) this.deps.clock.cancelRepeat(this.pollTimer);
    this.pollTimer = null;
    this.deps.socket.disconnect();
  }

  /** 刷新二维码 (after it expired, was cancelled, or could not be had). */
  refresh(): void {
    this.renewals = 0;
    void this.renew();
  }

  private async renew(): Promise<void> {
    const generation = ++this.generation;
    this.ticket = null;
    this.show({ phase: 'loading', url: '', message: '' });
    try {
      const created = await this.deps.api.request(QrLoginCalls.createTicket, {}, { suppressTips: true });
      if (generation !== this.generation || !this.running) return;
      this.ticket = created;
      this.expiresAt = this.deps.clock.now() + created.expiresInMs;
      this.show({ phase: 'pending', url: authorizeUrl(this.deps.origin, created.ticket), message: '' });
      this.watch();
    } catch (error) {
      if (generation !== this.generation || !this.running) return;
      this.show({ phase: 'failed', url: '', message: error instanceof ApiError ? error.msg : RequestTexts.networkError });
    }
  }

  private watch(): void {
    if (this.ticket !== null && this.deps.socket.connected()) this.deps.socket.emit(QrLoginEvents.watch, { secret: this.ticket.secret });
  }

  /** Every second: the code's expiry, and a poll every 3 s while the socket does not follow the ticket. */
  private tick(): void {
    if (this.ticket === null) return;
    const open = this.view.phase === 'pending' || this.view.phase === 'scanned';
    if (open && this.deps.clock.now() >= this.expiresAt) {
      this.expired();
      return;
    }
    this.pollDue += 1;
    if (!this.watched && open && this.pollDue >= 3) {
      this.pollDue = 0;
      void this.poll();
    }
  }

  private expired(): void {
    if (this.view.phase === 'pending' && this.renewals < AUTO_RENEWALS) {
      this.renewals += 1;
      void this.renew();
      return;
    }
    this.show({ ...this.view, phase: 'expired' });
  }

  private changed(payload: unknown): void {
    if (typeof payload !== 'object' || payload === null || this.ticket === null) return;
    const change = payload as { ticket?: unknown; state?: unknown };
    if (change.ticket !== this.ticket.ticket) return;
    if (change.state === 'confirmed') void this.poll();
    else if (change.state === 'scanned' || change.state === 'cancelled' || change.state === 'expired') this.apply(change.state);
  }

  private async poll(): Promise<void> {
    const ticket = this.ticket;
    if (ticket === null) return;
    if (this.claiming) {
      // A confirmation may have come while an earlier answer was on its way: ask once more after it.
      this.pollAgain = true;
      return;
    }
    const generation = this.generation;
    this.claiming = true;
    let status: QrTicketStatus | null = null;
    let refused: ApiError | null = null;
    try {
      status = await this.deps.api.request(QrLoginCalls.ticketState, { ticket: ticket.ticket, secret: ticket.secret }, { suppressTips: true });
    } catch (error) {
      refused = error instanceof ApiError && !error.isNetworkFailure ? error : null;
    } finally {
      this.claiming = false;
    }
    if (generation !== this.generation || !this.running) return;
    if (this.pollAgain) {
      this.pollAgain = false;
      if (refused === null && status?.state !== 'confirmed') {
        void this.poll();
        return;
      }
    }
    if (refused !== null) {
      this.apply(refused.ret === QrLoginRet.TicketCancelled ? 'cancelled' : 'expired');
      return;
    }
    if (status === null) return;
    const { user } = status;
    if (status.state === 'confirmed' && user !== null) {
      this.apply('confirmed');
      this.deps.session.signedIn(user);
      this.onSignedIn(user);
      this.stop();
      return;
    }
    this.apply(status.state);
  }

  private apply(state: QrTicketState): void {
    const { phase } = this.view;
    if (phase === state || phase === 'loading' || phase === 'failed') return;
    // An answer sent before a change the socket already brought never takes the screen back.
    if (STEP[state] < STEP[phase]) return;
    // A code nobody scanned renews itself rather than staying expired.
    if (state === 'expired' && this.view.phase === 'pending') {
      this.expired();
      return;
    }
    this.show({ ...this.view, phase: state });
  }

  private show(view: QrWaitingView): void {
    this.view = view;
    this.onView(view);
  }
}
