import type { Clock, TimerId } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import { parseUser, type User } from './user.ts';
import { LOGGED_OUT_EVENT_DELAY_MS, SessionKeys } from './session-keys.ts';

export interface SessionState {
  user: User | null;
  /** True once the server confirmed the session in this page's life. */
  loginValidates: boolean;
}

/** The logged-in user: held in memory, kept in local storage, readable from the userInfo cookie. */
export class UserSession {
  private state: SessionState = { user: null, loginValidates: false };
  private readonly listeners = new Set<(state: SessionState) => void>();
  private readonly loggedOutListeners = new Set<() => void>();
  private readonly loggingOutListeners = new Set<() => void>();
  private loggedOutTimer: TimerId | null = null;

  constructor(
    private readonly local: KeyValueStore,
    private readonly cookies: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  /** Reads the stored user (local storage first, then the cookie). Unreadable data is removed. */
  restore(): User | null {
    const stored = this.read(this.local.get(SessionKeys.user)) ?? this.read(this.cookies.get(SessionKeys.userInfoCookie));
    if (!stored) {
      this.local.remove(SessionKeys.user);
      this.cookies.remove(SessionKeys.userInfoCookie);
    }
    this.update({ user: stored, loginValidates: false });
    return stored;
  }

  current(): SessionState {
    return this.state;
  }

  user(): User | null {
    return this.state.user;
  }

  /** Stores a user the server just gave us. */
  signedIn(user: User): void {
    if (this.loggedOutTimer !== null) {
      this.clock.cancelSchedule(this.loggedOutTimer);
      this.loggedOutTimer = null;
    }
    this.local.set(SessionKeys.user, JSON.stringify(user));
    this.update({ user, loginValidates: true });
  }

  /** Forgets the user: stored data and cookie removed; the logged-out event follows after 500 ms. */
  clear(): void {
    const hadUser = this.state.user !== null;
    this.local.remove(SessionKeys.user);
    this.cookies.remove(SessionKeys.userInfoCookie);
    this.update({ user: null, loginValidates: false });
    if (hadUser && this.loggedOutTimer === null) {
      this.loggedOutTimer = this.clock.schedule(() => {
        this.loggedOutTimer = null;
        for (const listener of [...this.loggedOutListeners]) listener();
      }, LOGGED_OUT_EVENT_DELAY_MS);
    }
  }

  /** Marks the session unconfirmed without forgetting the user (the server could not be reached). */
  unconfirmed(): void {
    this.update({ ...this.state, loginValidates: false });
  }

  subscribe(listener: (state: SessionState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user asked to log out on this device: said before the server is told, while the user is still held. */
  loggingOut(): void {
    for (const listener of [...this.loggingOutListeners]) listener();
  }

  onLoggingOut(listener: () => void): Unsubscribe {
    this.loggingOutListeners.add(listener);
    return () => this.loggingOutListeners.delete(listener);
  }

  onLoggedOut(listener: () => void): Unsubscribe {
    this.loggedOutListeners.add(listener);
    return () => this.loggedOutListeners.delete(listener);
  }

  private read(raw: string | null): User | null {
    if (!raw) return null;
    try {
      return parseUser(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  private update(next: SessionState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
