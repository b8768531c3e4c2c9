import { parse } from 'valibot';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { DEFAULT_BARRAGE_CONFIG, barrageConfig, type BarrageConfig } from './barrage-config.ts';
import type { BarrageService } from './barrage-service.ts';
import { BarrageStorageKeys } from './barrage-storage-keys.ts';

/**
 * The danmuOpen app setting (the account feature's settings: on by default). The composition hands it over, so
 * playback does not depend on the account feature.
 */
export interface DanmuPreference {
  load(): Promise<boolean>;
  save(open: boolean): Promise<void>;
}

export type ConfigOutcome = { ok: true } | { ok: false; message: string };

/**
 * Barrages shown or not (danmuOpen) and how they look (opacity, speed, size, area): a logged-in user's settings
 * are the server's (getBarrageCofig / PutBarrageCofig), a visitor's stay in local storage. Changes apply at once.
 */
export class BarrageSettings {
  private config: BarrageConfig = { ...DEFAULT_BARRAGE_CONFIG };
  private open = true;
  private readonly listeners = new Set<() => void>();
  private loadSeq = 0;

  constructor(
    private readonly service: BarrageService,
    private readonly session: UserSession,
    private readonly local: KeyValueStore,
    private readonly danmu: DanmuPreference,
  ) {}

  current(): BarrageConfig {
    return this.config;
  }

  danmuOpen(): boolean {
    return this.open;
  }

  subscribe(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads danmuOpen and the barrage settings (the defaults when they cannot be read). */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    const loggedIn = this.session.user() !== null;
    const [open, config] = await Promise.all([
      this.danmu.load().catch(() => true),
      loggedIn ? this.service.config({ suppressTips: true }).catch(() => ({ ...DEFAULT_BARRAGE_CONFIG })) : Promise.resolve(this.readLocal()),
    ]);
    if (seq !== this.loadSeq) return;
    this.open = open;
    this.config = config;
    this.notify();
  }

  async setDanmuOpen(open: boolean): Promise<void> {
    if (open === this.open) return;
    this.loadSeq += 1;
    this.open = open;
    this.notify();
    await this.danmu.save(open).catch(() => undefined);
  }

  /** Applies the change at once; a logged-in user's is saved on the server (undone when it refuses). */
  async update(change: Partial<BarrageConfig>): Promise<ConfigOutcome> {
    const before = this.config;
    const next = parse(barrageConfig, { ...before, ...change });
    this.loadSeq += 1;
    this.config = next;
    this.notify();
    if (this.session.user() === null) {
      this.local.set(BarrageStorageKeys.visitorConfig, JSON.stringify(next));
      return { ok: true };
    }
    try {
      await this.service.putConfig(change);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (this.config === next) {
        this.config = before;
        this.notify();
      }
      return { ok: false, message: error.msg };
    }
  }

  private readLocal(): BarrageConfig {
    const raw = this.local.get(BarrageStorageKeys.visitorConfig);
    if (!raw) return { ...DEFAULT_BARRAGE_CONFIG };
    try {
      return parse(barrageConfig, JSON.parse(raw));
    } catch {
      return { ...DEFAULT_BARRAGE_CONFIG };
    }
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
