import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { CallOptions } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { BarrageLimits, keywordProblem, normaliseKeyword, type ShieldLists } from './barrage-rules.ts';
import type { BarrageService, ShieldedUser } from './barrage-service.ts';
import { BarrageStorageKeys } from './barrage-storage-keys.ts';

/** What the viewer blocked, with the blocked users' names for the lists. */
export interface ShieldState {
  users: readonly ShieldedUser[];
  keywords: readonly string[];
}

const ShieldTexts = {
  listFull: `最多屏蔽${BarrageLimits.shieldListMax}个`,
  alreadyKeyword: '该关键词已屏蔽',
  self: '不能屏蔽自己',
} as const;

export type ShieldOutcome = { ok: true } | { ok: false; message: string; toasted: boolean };

const EMPTY: ShieldState = { users: [], keywords: [] };

function parseState(raw: string | null): (ShieldState & { uid: number | null }) | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { uid?: unknown; users?: unknown; keywords?: unknown };
    const users = Array.isArray(value.users)
      ? value.users
          .map((entry: unknown) => {
            const user = (typeof entry === 'object' && entry !== null ? entry : {}) as { uid?: unknown; nickName?: unknown };
            return typeof user.uid === 'number' && Number.isSafeInteger(user.uid) && user.uid > 0
              ? { uid: user.uid, nickName: typeof user.nickName === 'string' ? user.nickName : '' }
              : null;
          })
          .filter((user): user is ShieldedUser => user !== null)
      : [];
    const keywords = Array.isArray(value.keywords) ? value.keywords.filter((k: unknown): k is string => typeof k === 'string' && k !== '') : [];
    return { uid: typeof value.uid === 'number' ? value.uid : null, users, keywords };
  } catch {
    return null;
  }
}

function failure(error: unknown): ShieldOutcome {
  if (error instanceof ApiError) return { ok: false, message: error.msg, toasted: true };
  throw error;
}

/**
 * The viewer's blocked users and keywords. A logged-in user's lists are the server's (ShieldUser, ShieldKeyWord…),
 * kept in local storage and changed at once on this device, then on the server (undone when it refuses).
 * A visitor's lists stay on the device. Listeners hear every change, so barrages on screen are filtered at once.
 */
export class BarrageShields {
  private state: ShieldState = EMPTY;
  /** Whose lists `state` holds (null: the visitor's). */
  private owner: number | null | undefined = undefined;
  private readonly listeners = new Set<() => void>();
  private started = false;

  constructor(
    private readonly service: BarrageService,
    private readonly session: UserSession,
    private readonly local: KeyValueStore,
  ) {}

  /** Follows the session: another user's lists are read from storage, then from the server. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    let seen = this.session.user()?.id ?? null;
    this.session.subscribe(() => {
      const uid = this.session.user()?.id ?? null;
      if (uid === seen) return;
      seen = uid;
      if (uid === null) this.local.remove(BarrageStorageKeys.shields);
      this.switchTo(uid);
      if (uid !== null) void this.refresh();
    });
  }

  current(): ShieldState {
    const uid = this.session.user()?.id ?? null;
    // Read quietly: listeners hear the switch from the session subscription.
    if (uid !== this.owner) this.switchTo(uid, false);
    return this.state;
  }

  /** The lists as the filtering rules take them. */
  lists(): ShieldLists {
    const state = this.current();
    return { users: state.users.map((user) => user.uid), keywords: state.keywords };
  }

  subscribe(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A logged-in user's lists from the server (kept when the server cannot be asked). Both calls are cancellable
   * (spec §8): aborting `signal` (the page is left) cancels them with 终止请求 and no toast, keeping the lists.
   */
  async refresh(signal?: AbortSignal): Promise<void> {
    const uid = this.session.user()?.id ?? null;
    if (uid === null) return;
    const options: CallOptions = signal ? { suppressTips: true, signal } : { suppressTips: true };
    try {
      const [users, keywords] = await Promise.all([this.service.shieldedUsers(options), this.service.shieldedKeywords(options)]);
      if ((this.session.user()?.id ?? null) !== uid) return;
      this.owner = uid;
      this.save({ users, keywords });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Forgets the logged-in user's stored lists (logout, login elsewhere). */
  clearStored(): void {
    this.local.remove(BarrageStorageKeys.shields);
    if (this.owner !== null) {
      this.state = EMPTY;
      this.owner = undefined;
      this.notify();
    }
  }

  async addKeyword(raw: string): Promise<ShieldOutcome> {
    const problem = keywordProblem(raw);
    if (problem !== null) return { ok: false, message: problem, toasted: false };
    const keyword = normaliseKeyword(raw);
    const state = this.current();
    if (state.keywords.includes(keyword)) return { ok: false, message: ShieldTexts.alreadyKeyword, toasted: false };
    if (state.keywords.length >= BarrageLimits.shieldListMax) return { ok: false, message: ShieldTexts.listFull, toasted: false };
    this.save({ ...state, keywords: [keyword, ...state.keywords] });
    return this.remote(
      () => this.service.shieldKeyword(keyword),
      () => this.save({ ...this.state, keywords: this.state.keywords.filter((k) => k !== keyword) }),
    );
  }

  async removeKeyword(keyword: string): Promise<ShieldOutcome> {
    const state = this.current();
    const index = state.keywords.indexOf(keyword);
    if (index < 0) return { ok: true };
    this.save({ ...state, keywords: state.keywords.filter((k) => k !== keyword) });
    return this.remote(
      () => this.service.removeShieldKeyword(keyword),
      () => {
        const keywords = [...this.state.keywords];
        keywords.splice(Math.min(index, keywords.length), 0, keyword);
        this.save({ ...this.state, keywords });
      },
    );
  }

  async addUser(user: ShieldedUser): Promise<ShieldOutcome> {
    const state = this.current();
    if (user.uid <= 0) return { ok: true };
    if (user.uid === this.session.user()?.id) return { ok: false, message: ShieldTexts.self, toasted: false };
    if (state.users.some((u) => u.uid === user.uid)) return { ok: true };
    if (state.users.length >= BarrageLimits.shieldListMax) return { ok: false, message: ShieldTexts.listFull, toasted: false };
    this.save({ ...state, users: [user, ...state.users] });
    return this.remote(
      () => this.service.shieldUser(user.uid),
      () => this.save({ ...this.state, users: this.state.users.filter((u) => u.uid !== user.uid) }),
    );
  }

  async removeUser(uid: number): Promise<ShieldOutcome> {
    const state = this.current();
    const index = state.users.findIndex((u) => u.uid === uid);
    const removed = state.users[index];
    if (!removed) return { ok: true };
    this.save({ ...state, users: state.users.filter((u) => u.uid !== uid) });
    return this.remote(
      () => this.service.removeShieldUser(uid),
      () => {
        const users = [...this.state.users];
        users.splice(Math.min(index, users.length), 0, removed);
        this.save({ ...this.state, users });
      },
    );
  }

  /** Tells the server (logged in only); undoes the local change when it refuses. */
  private async remote(call: () => Promise<unknown>, undo: () => void): Promise<ShieldOutcome> {
    const uid = this.owner;
    if (uid === null || uid === undefined) return { ok: true };
    try {
      await call();
      return { ok: true };
    } catch (error) {
      if (this.owner === uid) undo();
      return failure(error);
    }
  }

  private switchTo(uid: number | null, notify = true): void {
    this.owner = uid;
    const stored = parseState(this.local.get(uid === null ? BarrageStorageKeys.visitorShields : BarrageStorageKeys.shields));
    this.state = stored && (uid === null || stored.uid === uid) ? { users: stored.users, keywords: stored.keywords } : EMPTY;
    if (notify) this.notify();
  }

  private save(state: ShieldState): void {
    this.state = state;
    const key = this.owner === null ? BarrageStorageKeys.visitorShields : BarrageStorageKeys.shields;
    this.local.set(key, JSON.stringify({ uid: this.owner ?? null, users: state.users, keywords: state.keywords }));
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
