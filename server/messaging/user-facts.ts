import type { Queryable } from '../db/database.ts';
import { userFactRows } from './message-repository.ts';

/** What SendMessage checks about a user before storing: whom the user blocks, and whether it is a kefu account. */
export interface UserFacts {
  /** Users this user blocks (user_blocks.blocked_uid where blocker_uid is the user). */
  readonly blocks: ReadonlySet<number>;
  /** A customer-service account (vip_customer_service). */
  readonly kefu: boolean;
}

/** An invalidation, as it travels between processes (socket-server.ts relays it over Redis pub/sub). */
export type UserFactsChange = { uid: number } | { all: true };

/** Users kept at most; past it the oldest loaded entry goes first. */
const MAX_ENTRIES = 100_000;

/**
 * The per-process cache of UserFacts, so a send needs no query for blocks or kefu-ness once both users were
 * seen. Only existing users are cached (ids are never reused and users are not deleted by the app); an unknown
 * id is asked again each time. Writers invalidate: block/unblock the blocker's entry, a change of the kefu list
 * everything; with Redis every process hears of it (publishers). A load that overlaps an invalidation answers
 * what it read but keeps nothing, so a stale list cannot outlive the change that made it stale.
 */
export class UserFactsCache {
  private readonly entries = new Map<number, UserFacts>();
  private epoch = 0;
  /** The load waiting for the end of this turn of the event loop, and the users it will ask for. */
  private next: { wanted: Set<number>; loaded: Promise<Map<number, UserFacts>> } | undefined;
  private readonly publishers = new Set<(change: UserFactsChange) => void>();

  constructor(private readonly db: Queryable, private readonly maxEntries = MAX_ENTRIES) {}

  /**
   * The facts of these users (those not cached are loaded); a user missing from the answer does not exist. The misses
   * of one turn of the event loop are loaded together, by one query (setImmediate: the sends that came in together
   * share it, rather than one query each when a burst of sends meets users not seen yet).
   */
  async get(uids: readonly number[]): Promise<Map<number, UserFacts>> {
    const found = new Map<number, UserFacts>();
    const missing: number[] = [];
    for (const uid of uids) {
      const facts = this.entries.get(uid);
      if (facts !== undefined) found.set(uid, facts);
      else if (!missing.includes(uid)) missing.push(uid);
    }
    if (missing.length === 0) return found;
    const loaded = await this.loadTogether(missing);
    for (const uid of missing) {
      const facts = loaded.get(uid);
      if (facts !== undefined) found.set(uid, facts);
    }
    return found;
  }

  /** Joins the load of this turn of the event loop (starting one if none is waiting). */
  private loadTogether(uids: readonly number[]): Promise<Map<number, UserFacts>> {
    let next = this.next;
    if (next === undefined) {
      const wanted = new Set<number>();
      const loaded = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        // From here on a miss starts the next load (this one's list is read now).
        this.next = undefined;
        return this.load([...wanted]);
      });
      next = { wanted, loaded };
      this.next = next;
    }
    for (const uid of uids) next.wanted.add(uid);
    return next.loaded;
  }

  private async load(uids: readonly number[]): Promise<Map<number, UserFacts>> {
    const found = new Map<number, UserFacts>();
    const epoch = this.epoch;
    const rows = await userFactRows(this.db, uids);
    const keep = epoch === this.epoch;
    for (const row of rows) {
      const facts: UserFacts = { kefu: row.kefu === true, blocks: new Set((row.blocks ?? []).map(Number)) };
      found.set(Number(row.id), facts);
      if (keep) this.remember(Number(row.id), facts);
    }
    return found;
  }

  /** The user's block list changed (block, unblock): forgotten here and, through the publishers, everywhere. */
  blocksChanged(uid: number): void {
    this.apply({ uid });
    for (const publish of this.publishers) publish({ uid });
  }

  /** The kefu list changed: everything is forgotten here and everywhere. */
  kefuChanged(): void {
    this.apply({ all: true });
    for (const publish of this.publishers) publish({ all: true });
  }

  /** A change another process announced. */
  apply(change: UserFactsChange): void {
    this.epoch += 1;
    if ('all' in change) this.entries.clear();
    else this.entries.delete(change.uid);
  }

  /** Announces this process's changes (Redis pub/sub); answers the removal. */
  addPublisher(publish: (change: UserFactsChange) => void): () => void {
    this.publishers.add(publish);
    return () => this.publishers.delete(publish);
  }

  private remember(uid: number, facts: UserFacts): void {
    this.entries.delete(uid);
    this.entries.set(uid, facts);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}

const caches = new WeakMap<object, UserFactsCache>();

/** The cache of the database `db` (the app's Database: every app of a process on that database shares it). */
export function userFacts(db: Queryable): UserFactsCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new UserFactsCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** For writers that may run before any cache exists (seeds): invalidates the kefu facts of `db` if cached. */
export function kefuListChanged(db: Queryable): void {
  caches.get(db)?.kefuChanged();
}

/** A pub/sub message: the change and the process that published it (undefined when it is not one). */
export function parseUserFactsMessage(text: string): { change: UserFactsChange; origin: unknown } | undefined {
  try {
    const value = JSON.parse(text) as { uid?: unknown; all?: unknown; origin?: unknown };
    if (value.all === true) return { change: { all: true }, origin: value.origin };
    if (typeof value.uid === 'number' && Number.isSafeInteger(value.uid)) return { change: { uid: value.uid }, origin: value.origin };
  } catch {
    // Not ours.
  }
  return undefined;
}
