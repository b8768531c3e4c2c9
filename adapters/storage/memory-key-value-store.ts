import type { KeyValueStore } from '../../src/core/ports/key-value-store.ts';

/** The in-memory stand-in for local storage, session storage and cookies. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly values = new Map<string, string>();
  private readonly lifetimes = new Map<string, number>();

  constructor(seed: Iterable<readonly [string, string]> | Record<string, string> = []) {
    const pairs = Symbol.iterator in seed ? seed : Object.entries(seed);
    for (const [key, value] of pairs) this.values.set(key, value);
  }

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: string, value: string, options: { days?: number } = {}): void {
    this.values.set(key, value);
    if (options.days === undefined) this.lifetimes.delete(key);
    else this.lifetimes.set(key, options.days);
  }

  remove(key: string): void {
    this.values.delete(key);
    this.lifetimes.delete(key);
  }

  /** Every stored pair, in insertion order. */
  entries(): Array<[string, string]> {
    return [...this.values];
  }

  /** The days given when the key was last set (undefined when none were). */
  daysOf(key: string): number | undefined {
    return this.lifetimes.get(key);
  }
}
