/**
 * What every visitor sees alike (the home feed, channels, the VIP catalogue, a video's catalogue fields, the global
 * configuration), kept in memory for a few seconds so hot reads skip the database.
 *
 * - Entries are keyed by the route and the params that change the shared answer, and tagged with the tables they
 *   were read from. A write to a table (seen by watchWrites in write-watch.ts, or an explicit `invalidate`) drops
 *   every entry tagged with it at once, so the next read loads the new data; the TTL only bounds how long a value
 *   the server did not see change (another process's write without Redis, a hand edit of the database) lives.
 * - Single-flight: concurrent misses of a key share one load. A failed load is not kept. When the TTL has run out,
 *   the value goes on being answered while one refresh loads the next (stale-while-revalidate, for one load's time).
 * - An invalidation also drops loads still under way (a caller arriving after the write starts a fresh one).
 * - Per-user parts (a user's watching list, whether they bought a video) never go in here: the routes split them off.
 *
 * Values are shared between answers: callers must treat them as read-only.
 */

/** Seconds-long: long enough to absorb a burst of identical reads, short enough for what no write reaches us. */
const SHARED_READ_TTL_MS = 5_000;
/** Bounds memory when a route's key space is large (pages of a list). The oldest entry goes first. */
const SHARED_READ_MAX_ENTRIES = 2_000;

interface Entry {
  value: Promise<unknown>;
  tags: readonly string[];
  /** When the value is due for a refresh; Infinity while its load runs. */
  expiresAt: number;
  /** A refresh after the TTL is under way (the value is answered meanwhile). */
  refreshing: boolean;
}

export interface SharedReadCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds, monotonic (tests move it); default performance.now. */
  now?: () => number;
}

export type InvalidationListener = (tags: readonly string[]) => void;

export class SharedReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly listeners = new Set<InvalidationListener>();
  /** Loads run, for tests and the decision record (hits = calls - loads). */
  loads = 0;

  constructor(options: SharedReadCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? SHARED_READ_TTL_MS;
    this.maxEntries = options.maxEntries ?? SHARED_READ_MAX_ENTRIES;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * The cached value of `key`, or the one `load` gives (shared with every concurrent caller of the same key). Once
   * the TTL has run out the value is still answered while one refresh loads its successor (callers never all wait on
   * a reload); an invalidation, by contrast, drops it at once.
   */
  get<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found !== undefined) {
      if (found.expiresAt <= this.now() && !found.refreshing) {
        found.refreshing = true;
        this.start(key, tags, load, found);
      }
      return found.value as Promise<T>;
    }
    return this.start(key, tags, load, undefined);
  }

  /** Loads `key`; a refresh (`previous` set) replaces `previous` when done, unless an invalidation dropped it meanwhile. */
  private start<T>(key: string, tags: readonly string[], load: () => Promise<T>, previous: Entry | undefined): Promise<T> {
    this.loads += 1;
    const entry: Entry = { value: Promise.resolve(), tags, expiresAt: Infinity, refreshing: false };
    const value = load().then(
      (loaded) => {
        entry.expiresAt = this.now() + this.ttlMs;
        if (previous !== undefined && this.entries.get(key) === previous) this.entries.set(key, entry);
        return loaded;
      },
      (error: unknown) => {
        // Not kept: the next caller loads again (and sees the failure), rather than the old value living on.
        const kept = previous ?? entry;
        if (this.entries.get(key) === kept) this.entries.delete(key);
        throw error;
      },
    );
    entry.value = value;
    if (previous !== undefined) {
      // The callers have the previous value; a failed refresh drops it (above).
      value.catch(() => undefined);
      return value;
    }
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /**
   * Drops every entry tagged with one of `tags` here, and tells the listeners (the Redis bridge passes it on to the
   * other processes). Call it after the write is done (committed).
   */
  invalidate(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.drop(tags);
    for (const listener of this.listeners) listener(tags);
  }

  /** Drops the entries tagged with one of `tags` without telling the listeners (an invalidation heard from elsewhere). */
  drop(tags: readonly string[]): void {
    const wanted = new Set(tags);
    const all = wanted.has(ALL_TABLES);
    for (const [key, entry] of this.entries) {
      if (all || entry.tags.some((tag) => wanted.has(tag))) this.entries.delete(key);
    }
  }

  /** Drops everything (and tells the listeners). */
  clear(): void {
    this.invalidate([ALL_TABLES]);
  }

  /** Hears every local invalidation; answers the function that stops it. */
  onInvalidate(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The tag meaning "every table" (a migration script, a clear). */
export const ALL_TABLES = '*';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's shared-read cache (createApp): an operator tool in the process invalidates through it. */
    sharedReads: SharedReadCache;
  }
}
