import type { KeyValueStore } from '../../src/core/ports/key-value-store.ts';

/**
 * localStorage or sessionStorage. Storage that is disabled, full or throws for any other reason
 * behaves as an empty store that forgets what it is given.
 */
export class WebKeyValueStore implements KeyValueStore {
  constructor(private readonly storage: Storage) {}

  get(key: string): string | null {
    try {
      return this.storage.getItem(key);
    } catch {
      return null;
    }
  }

  /** days is ignored: web storage has no expiry. */
  set(key: string, value: string): void {
    try {
      this.storage.setItem(key, value);
    } catch {
      // Disabled storage or quota exceeded: the value is not kept.
    }
  }

  remove(key: string): void {
    try {
      this.storage.removeItem(key);
    } catch {
      // Nothing to remove from storage that cannot be used.
    }
  }
}
