/** A string store: local storage, session storage or cookies. */
export interface KeyValueStore {
  get(key: string): string | null;
  /** days: how long it lives (cookies); ignored by stores without expiry. */
  set(key: string, value: string, options?: { days?: number }): void;
  remove(key: string): void;
}
export const KeyValueStore = Symbol('KeyValueStore');

/** The three stores the app keeps, each a KeyValueStore. */
export const LocalStore = Symbol('LocalStore');
export const SessionStore = Symbol('SessionStore');
export const CookieStore = Symbol('CookieStore');
