import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ALL_TABLES } from '../cache/shared-read-cache.ts';
import { onWrites, watchedDatabaseOf } from '../cache/write-watch.ts';
import type { WrittenStatement } from '../cache/write-watch.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { UserRecord } from '../user/user-repository.ts';

/**
 * How long a verified session is answered without asking the database. Every write the server makes to `users` or
 * `sessions` drops what it changes at once (logout, a profile or VIP change, gold), here and, with Redis, in the
 * other processes; the TTL only bounds what the server does not see: a hand edit of the database.
 */
const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept at most; past it the oldest goes first. */
const SESSION_CACHE_MAX_ENTRIES = 50_000;
/** How long a revocation waits for Redis to take its announcement before the logout answers anyway. */
const ANNOUNCE_WAIT_MS = 500;

/** What a write changed: one session (by the hash of its token), every session of a user, or anything. */
export type SessionChange = { tokenHash: string } | { uid: number } | { all: true };

/** The cache key of a token: its SHA-256 (tokens themselves are neither kept as keys nor published). */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

interface Entry {
  uid: number;
  /** The session's expire (Unix seconds), as stored. */
  expire: number;
  user: UserRecord;
  /** When the entry is due for a reload (ms, `now`). */
  freshUntil: number;
}

export interface VerifiedSessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds, monotonic (tests move it); default performance.now. */
  now?: () => number;
  /**
   * Whether every write to the database reaches this process's watchWrites (PGlite: one process owns its folder).
   * Otherwise (PostgreSQL) the cache answers only while a Redis bridge hears the other processes' changes.
   */
  local?: boolean;
}

/**
 * The sessions SessionService.verify found valid, with their user's row, keyed by the token's hash, so an
 * authenticated call needs no query while nothing changed. A load that overlaps an invalidation answers what it read
 * but keeps nothing (epoch), so a row read before a change cannot outlive it.
 */
export class VerifiedSessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUid = new Map<number, Set<string>>();
  private readonly publishers = new Set<(change: SessionChange) => Promise<void>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly local: boolean;
  /** Bridges whose subscription is live (answers are cached on PostgreSQL only while one is). */
  private liveBridges = 0;
  private epochValue = 0;

  constructor(options: VerifiedSessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.now = options.now ?? (() => performance.now());
    this.local = options.local ?? false;
  }

  /** Whether sessions are answered from here (otherwise every verify asks the database). */
  get enabled(): boolean {
    return this.ttlMs > 0 && (this.local || this.liveBridges > 0);
  }

  /** Taken before a load; `remember` keeps the load only if no invalidation came in between. */
  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached session of this token hash, unless it is due for a reload. */
  get(tokenHash: string): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.freshUntil <= this.now()) {
      this.forget(tokenHash, entry);
      return undefined;
    }
    return entry;
  }

  /** Keeps a session verify just read, if nothing was invalidated since `epoch`. */
  remember(epoch: number, tokenHash: string, entry: Omit<Entry, 'freshUntil'>): void {
    if (epoch !== this.epochValue || !this.enabled) return;
    const previous = this.entries.get(tokenHash);
    if (previous !== undefined) this.forget(tokenHash, previous);
    this.entries.set(tokenHash, { ...entry, freshUntil: this.now() + this.ttlMs });
    let tokens = this.byUid.get(entry.uid);
    if (tokens === undefined) {
      tokens = new Set();
      this.byUid.set(entry.uid, tokens);
    }
    tokens.add(tokenHash);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.entries().next();
      if (oldest.done !== true) this.forget(oldest.value[0], oldest.value[1]);
    }
  }

  /** Drops what `change` names here and announces it to the other processes; settles once Redis has it (or gave up). */
  changed(change: SessionChange): Promise<void> {
    this.apply(change);
    if (this.publishers.size === 0) return Promise.resolve();
    const announced = Promise.all([...this.publishers].map((publish) => publish(change))).then(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ANNOUNCE_WAIT_MS)));
    return Promise.race([announced, late]).finally(() => clearTimeout(timer));
  }

  /** Drops what `change` names here only (a change another process announced). */
  apply(change: SessionChange): void {
    this.epochValue += 1;
    if ('all' in change) {
      this.entries.clear();
      this.byUid.clear();
    } else if ('uid' in change) {
      for (const tokenHash of this.byUid.get(change.uid) ?? []) this.entries.delete(tokenHash);
      this.byUid.delete(change.uid);
    } else {
      const entry = this.entries.get(change.tokenHash);
      if (entry !== undefined) this.forget(change.tokenHash, entry);
    }
  }

  /** Announces this process's changes (Redis pub/sub); answers the removal. */
  addPublisher(publish: (change: SessionChange) => Promise<void>): () => void {
    this.publishers.add(publish);
    return () => this.publishers.delete(publish);
  }

  /**
   * A Redis bridge's subscription went live (true) or was lost (false). Losing it forgets everything, as changes
   * may be missed meanwhile; on PostgreSQL the cache then answers nothing until a bridge is live again.
   */
  bridgeLive(live: boolean): void {
    this.liveBridges = Math.max(0, this.liveBridges + (live ? 1 : -1));
    this.apply({ all: true });
  }

  private forget(tokenHash: string, entry: Entry): void {
    this.entries.delete(tokenHash);
    const tokens = this.byUid.get(entry.uid);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUid.delete(entry.uid);
  }
}

const QUOTED = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;

/** `text` with quoted literals and identifiers blanked and parenthesised parts removed: the top level of a statement. */
function topLevel(text: string): string | undefined {
  const unquoted = text.replace(QUOTED, "''");
  let depth = 0;
  let out = '';
  for (const char of unquoted) {
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth < 0) return undefined;
    } else if (depth === 0) out += char;
  }
  return depth === 0 ? out : undefined;
}

/** `UPDATE users SET … WHERE id = $n [AND …]`, `DELETE FROM sessions WHERE uid = $n [AND …]` and the like. */
const KEYED_WRITE = /^\s*(?:UPDATE\s+(users|sessions)\s+SET\s[\s\S]*?|DELETE\s+FROM\s+(users|sessions)\s+)WHERE\s+(?:(?:users|sessions)\.)?(id|uid|token)\s*=\s*\$(\d+)\s*(?:AND\s[\s\S]*?)?(?:\s+RETURNING\s[\s\S]*)?$/i;

/**
 * What a write to `users` or `sessions` changes among verified sessions. Conservative: a statement whose rows it
 * cannot bound to one user or token changes everything.
 * - INSERT (without ON CONFLICT … DO UPDATE): nothing (a new user or session was never verified).
 * - UPDATE/DELETE whose top-level WHERE is `id = $n` (users), `uid = $n` or `token = $n` (sessions), possibly AND
 *   further conditions (never OR at the top level, no FROM/USING): that user's sessions, or that one session.
 * - Anything else (several tables, a WITH, a TRUNCATE, a script): everything.
 */
export function sessionChangesOf(statement: WrittenStatement): SessionChange[] {
  const relevant = statement.tables.filter((table) => table === 'users' || table === 'sessions' || table === ALL_TABLES);
  if (relevant.length === 0) return [];
  if (statement.tables.length !== 1 || relevant[0] === ALL_TABLES) return [{ all: true }];
  const top = topLevel(statement.sql);
  if (top === undefined) return [{ all: true }];
  if (/^\s*INSERT\s+INTO\b/i.test(top)) return /\bON\s+CONFLICT\b[\s\S]*\bDO\s+UPDATE\b/i.test(top) ? [{ all: true }] : [];
  const match = KEYED_WRITE.exec(top);
  if (match === null || /\b(?:OR|FROM|USING|WHERE)\b/i.test(top.slice(top.search(/\bWHERE\b/i) + 5).replace(/\s+RETURNING\s[\s\S]*$/i, ''))) {
    return [{ all: true }];
  }
  if (/^\s*UPDATE\b/i.test(top) && /\bFROM\b/i.test(top)) return [{ all: true }];
  const table = (match[1] ?? match[2] ?? '').toLowerCase();
  const column = (match[3] ?? '').toLowerCase();
  const value = statement.params[Number(match[4]) - 1];
  if (table === 'users' && column === 'id') return uidChange(value);
  if (table === 'sessions' && column === 'uid') return uidChange(value);
  if (table === 'sessions' && column === 'token' && typeof value === 'string') return [{ tokenHash: tokenHashOf(value) }];
  return [{ all: true }];
}

function uidChange(value: unknown): SessionChange[] {
  const uid = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(uid) ? [{ uid }] : [{ all: true }];
}

const caches = new WeakMap<Database, VerifiedSessionCache>();

/**
 * The verified-session cache of the database `db` writes to when `db` is a watchWrites wrapper (every app of the
 * process on that database shares it, and hears its writes); undefined for any other object, whose writes nobody
 * watches (then verify asks the database each time).
 */
export function verifiedSessionCacheOf(db: Queryable): VerifiedSessionCache | undefined {
  const watched = watchedDatabaseOf(db);
  if (watched === undefined) return undefined;
  let cache = caches.get(watched);
  if (cache === undefined) {
    const created = new VerifiedSessionCache({ local: watched.kind === 'pglite' });
    onWrites(watched, (statements) => {
      for (const statement of statements) {
        for (const change of sessionChangesOf(statement)) void created.changed(change);
      }
    });
    caches.set(watched, created);
    cache = created;
  }
  return cache;
}

/** A pub/sub message: the change and the process that published it (undefined when it is not one). */
function parseSessionChangeMessage(text: string): { change: SessionChange; origin: unknown } | undefined {
  try {
    const value = JSON.parse(text) as { uid?: unknown; all?: unknown; tokenHash?: unknown; origin?: unknown };
    if (value.all === true) return { change: { all: true }, origin: value.origin };
    if (typeof value.uid === 'number' && Number.isSafeInteger(value.uid)) return { change: { uid: value.uid }, origin: value.origin };
    if (typeof value.tokenHash === 'string' && value.tokenHash !== '') return { change: { tokenHash: value.tokenHash }, origin: value.origin };
  } catch {
    // Not ours.
  }
  return undefined;
}

/**
 * The verified sessions across the processes sharing this Redis: each change is published on `channel` and every
 * other process drops what it names. Until the subscription is live, and from the moment it is lost until it is live
 * again, the cache forgets everything (on PostgreSQL it then answers nothing). Answers the closer.
 */
export function shareSessionChanges(redis: Redis, cache: VerifiedSessionCache, channel: string, log: FastifyBaseLogger): () => Promise<void> {
  const origin = randomUUID();
  const pub = redis.duplicate();
  const sub = redis.duplicate();
  let live = false;
  let closed = false;
  const setLive = (value: boolean): void => {
    if (live === value) return;
    live = value;
    cache.bridgeLive(value);
  };
  for (const connection of [pub, sub]) connection.on('error', (error: unknown) => log.warn({ err: error }, 'session changes: Redis error'));
  const subscribe = (): void => {
    sub.subscribe(channel).then(
      () => {
        if (!closed && sub.status === 'ready') setLive(true);
      },
      (error: unknown) => log.warn({ err: error }, 'session changes: subscribe failed'),
    );
  };
  sub.on('ready', subscribe);
  for (const event of ['close', 'reconnecting', 'end']) sub.on(event, () => setLive(false));
  sub.on('message', (from: string, text: string) => {
    const message = from === channel ? parseSessionChangeMessage(text) : undefined;
    if (message !== undefined && message.origin !== origin) cache.apply(message.change);
  });
  const removePublisher = cache.addPublisher(async (change) => {
    try {
      await pub.publish(channel, JSON.stringify({ ...change, origin }));
    } catch (error) {
      log.warn({ err: error }, 'session changes: publish failed');
    }
  });
  return async () => {
    closed = true;
    removePublisher();
    setLive(false);
    for (const connection of [pub, sub]) {
      if (connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
    }
  };
}
