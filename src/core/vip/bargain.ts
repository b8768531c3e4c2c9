import type { Clock, TimerId } from '../ports/clock.ts';
import type { ApiClient } from '../request/api-client.ts';
import { BargainType, VipCalls, type BargainHelped, type BargainStatusView } from './vip-protocol.ts';

/** Spec section 9: the countdown's re-check and the free-claim overlay. */
const BargainTiming = {
  recheckMs: 3000,
  overlayMs: 3000,
  tickMs: 1000,
} as const;

/** Bargain info (spec section 3). endTime is in unix seconds. */
type BargainInfo = Pick<BargainStatusView, 'type' | 'price' | 'packageId' | 'key' | 'url' | 'endTime'>;

const NO_BARGAIN: BargainInfo = { type: BargainType.None, price: 0, packageId: 0, key: '', url: '', endTime: 0 };

/** The screen's bargain status: 0 not joined, 1 started, 2 bargained (price known, countdown). */
export type BargainStatus = BargainType;

export type BargainEvent =
  | { kind: 'enter' }
  | { kind: 'fetched'; type: BargainType }
  | { kind: 'gaveUp' }
  | { kind: 'claimed'; price: number };

/**
 * The only legal moves: entering the activity 0 → 1; a fetched status is taken as the server says it; in 2 the
 * user may abandon (→ 0) or, when the price is 0, claim free (→ 0). Anything else leaves the status as it is.
 */
export function nextBargainStatus(current: BargainStatus, event: BargainEvent): BargainStatus {
  switch (event.kind) {
    case 'enter':
      return current === BargainType.None ? BargainType.Started : current;
    case 'fetched':
      return event.type;
    case 'gaveUp':
      return current === BargainType.Finished ? BargainType.None : current;
    case 'claimed':
      return current === BargainType.Finished && event.price === 0 ? BargainType.None : current;
  }
}

/** Whole seconds left until endTime (unix seconds), never negative. */
export function remainingSeconds(endTime: number, nowMs: number): number {
  return Math.max(0, Math.ceil(endTime - nowMs / 1000));
}

/** hh:mm:ss of a non-negative number of seconds. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export interface BargainSnapshot {
  status: BargainStatus;
  info: BargainInfo;
  /** Seconds to endTime while in status 2, else 0. */
  remaining: number;
  /** The free-claim success overlay. */
  overlay: boolean;
}

/**
 * The bargain status machine on the Clock port: it fetches the status, counts down to endTime (re-fetching
 * 3000 ms after the countdown ended), abandons and claims free (whose success overlay closes after 3 s).
 */
export class BargainMachine {
  private current: BargainSnapshot = { status: BargainType.None, info: NO_BARGAIN, remaining: 0, overlay: false };
  private tick: TimerId | null = null;
  private recheck: TimerId | null = null;
  private overlayTimer: TimerId | null = null;
  private readonly listeners = new Set<(snapshot: BargainSnapshot) => void>();
  private disposed = false;

  constructor(
    private readonly api: ApiClient,
    private readonly clock: Clock,
  ) {}

  snapshot(): BargainSnapshot {
    return this.current;
  }

  subscribe(listener: (snapshot: BargainSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** GET GetUserBargainStatus; a failed call keeps the status. */
  async refresh(): Promise<BargainSnapshot> {
    let status: BargainStatusView;
    try {
      status = await this.api.request(VipCalls.bargainStatus, {}, { suppressTips: true });
    } catch {
      return this.current;
    }
    if (this.disposed) return this.current;
    const info: BargainInfo = { type: status.type, price: status.price, packageId: status.packageId, key: status.key, url: status.url, endTime: status.endTime };
    this.update({ status: nextBargainStatus(this.current.status, { kind: 'fetched', type: info.type }), info });
    this.restartCountdown();
    return this.current;
  }

  /** Joins with the package (0 → 1) and answers the help link; null when the server refused (it toasted). */
  async join(productId: number): Promise<string | null> {
    let url: string;
    try {
      ({ url } = await this.api.request(VipCalls.joinBargain, { ProductID: productId }));
    } catch {
      return null;
    }
    this.update({ status: nextBargainStatus(this.current.status, { kind: 'enter' }), info: { ...this.current.info, url } });
    await this.refresh();
    return url;
  }

  /** Abandons the bargain in status 2 (GiveUp with the key). */
  async giveUp(): Promise<boolean> {
    if (this.current.status !== BargainType.Finished) return false;
    try {
      await this.api.request(VipCalls.giveUpBargain, { key: this.current.info.key });
    } catch {
      return false;
    }
    this.update({ status: nextBargainStatus(this.current.status, { kind: 'gaveUp' }), info: NO_BARGAIN });
    this.restartCountdown();
    return true;
  }

  /** Claims the package free in status 2 at price 0 (ReceiveForFree with the key); shows the overlay for 3 s. */
  async claimFree(): Promise<boolean> {
    const { status, info } = this.current;
    if (status !== BargainType.Finished || info.price !== 0) return false;
    try {
      await this.api.request(VipCalls.claimBargain, { key: info.key });
    } catch {
      return false;
    }
    this.update({ status: nextBargainStatus(status, { kind: 'claimed', price: info.price }), info: NO_BARGAIN, overlay: true });
    this.restartCountdown();
    if (this.overlayTimer !== null) this.clock.cancelSchedule(this.overlayTimer);
    this.overlayTimer = this.clock.schedule(() => {
      this.overlayTimer = null;
      this.update({ overlay: false });
    }, BargainTiming.overlayMs);
    return true;
  }

  dispose(): void {
    this.disposed = true;
    this.stopTimers();
    if (this.overlayTimer !== null) this.clock.cancelSchedule(this.overlayTimer);
    this.overlayTimer = null;
    this.listeners.clear();
  }

  private stopTimers(): void {
    if (this.tick !== null) this.clock.cancelRepeat(this.tick);
    if (this.recheck !== null) this.clock.cancelSchedule(this.recheck);
    this.tick = null;
    this.recheck = null;
  }

  private restartCountdown(): void {
    this.stopTimers();
    if (this.current.status !== BargainType.Finished) {
      this.update({ remaining: 0 });
      return;
    }
    const step = (): void => {
      const remaining = remainingSeconds(this.current.info.endTime, this.clock.now());
      this.update({ remaining });
      if (remaining === 0) {
        this.stopTimers();
        this.recheck = this.clock.schedule(() => {
          this.recheck = null;
          void this.refresh();
        }, BargainTiming.recheckMs);
      }
    };
    this.tick = this.clock.repeat(step, BargainTiming.tickMs);
    step();
  }

  private update(patch: Partial<BargainSnapshot>): void {
    this.current = { ...this.current, ...patch };
    if (this.current.status !== BargainType.Finished) this.current.remaining = 0;
    for (const listener of [...this.listeners]) listener(this.current);
  }
}

/** What a friend's cut did: the amount cut and the price now (euro). */
export type BargainHelpResult = BargainHelped;

/** /bargainHelp's use case: a logged-in friend cuts the price of a bargain once, by its key. */
export class BargainHelp {
  constructor(private readonly api: ApiClient) {}

  /** The cut, or null when the server refused (the request layer showed its message). */
  async help(key: string): Promise<BargainHelpResult | null> {
    try {
      const { cut, price } = await this.api.request(VipCalls.helpBargain, { key });
      return { cut, price };
    } catch {
      return null;
    }
  }
}
