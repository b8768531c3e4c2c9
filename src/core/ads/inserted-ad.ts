import type { Clock, TimerId } from '../ports/clock.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { Ad } from './ads.ts';
import { PlayAdRules, type PlayAdService } from './play-ad-service.ts';

export interface InsertedAdState {
  /** The inserted ad on screen, or null. */
  ad: Ad | null;
  /** Seconds left before it closes by itself; null while none shows. */
  countdown: number | null;
}

/** Why the inserted ad is over: a VIP user, no ad (or no list in time), the countdown, a skip, a broken image, a tap that left. */
export type InsertedAdEnd = 'vip' | 'none' | 'countdown' | 'skipped' | 'failed' | 'left';

const HIDDEN: InsertedAdState = { ad: null, countdown: null };

/**
 * The inserted ad (chaBo) before playback: VIP users skip it at once; otherwise the video's first chaBo ad
 * shows with a 5-second countdown and a skip button, and its view POST and tracking GET go out once its
 * image loaded. No ad, no answer within 3 s, a broken image, the countdown, a skip or a tap that leaves the
 * page end it. `onFinished` listeners hear the end exactly once.
 */
export class InsertedAdController {
  private state: InsertedAdState = HIDDEN;
  private readonly listeners = new Set<(state: InsertedAdState) => void>();
  private readonly finishListeners = new Set<(end: InsertedAdEnd) => void>();
  private started = false;
  private ended: InsertedAdEnd | null = null;
  private viewed = false;
  private loadTimer: TimerId | null = null;
  private countdownTimer: TimerId | null = null;

  constructor(
    private readonly service: PlayAdService,
    private readonly clock: Clock,
  ) {}

  current(): InsertedAdState {
    return this.state;
  }

  /** How it ended, or null while it has not. */
  end(): InsertedAdEnd | null {
    return this.ended;
  }

  subscribe(listener: (state: InsertedAdState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once, when the ad is over (at once when it already is). */
  onFinished(listener: (end: InsertedAdEnd) => void): Unsubscribe {
    if (this.ended !== null) {
      listener(this.ended);
      return () => undefined;
    }
    this.finishListeners.add(listener);
    return () => this.finishListeners.delete(listener);
  }

  /** Decides and, when there is one, shows the ad (once per controller). */
  async start(mediaKey: string, region = ''): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.service.adFree()) {
      this.finish('vip');
      return;
    }
    this.loadTimer = this.clock.schedule(() => {
      this.loadTimer = null;
      this.finish('none');
    }, PlayAdRules.insertedLoadTimeoutMs);
    const ad: Ad | null = await this.service.load(mediaKey, region).then(
      (data) => data.chaBo[0] ?? null,
      () => null,
    );
    if (this.ended !== null) return;
    this.cancelLoadTimer();
    if (!ad) {
      this.finish('none');
      return;
    }
    this.update({ ad, countdown: PlayAdRules.insertedCountdownSeconds });
    this.countdownTimer = this.clock.repeat(() => {
      const left = (this.state.countdown ?? 1) - 1;
      if (left <= 0) this.finish('countdown');
      else this.update({ ...this.state, countdown: left });
    }, PlayAdRules.countdownStepMs);
  }

  /** The image is on screen: the showing counts (once). */
  imageLoaded(): void {
    const ad = this.state.ad;
    if (!ad || this.viewed) return;
    this.viewed = true;
    this.service.showing(ad);
  }

  imageFailed(): void {
    if (this.state.ad) this.finish('failed');
  }

  skipTapped(): void {
    if (this.state.ad) this.finish('skipped');
  }

  /** A tap on the ad: a new window keeps the ad; a page inside the app (or /login) ends it. */
  adTapped(): void {
    const ad = this.state.ad;
    if (!ad) return;
    const outcome = this.service.tapped(ad);
    if (outcome === 'page' || outcome === 'login') this.finish('left');
  }

  /** 会员免广告: opens the VIP page (leaving the ad). */
  vipTapped(): void {
    if (!this.state.ad) return;
    this.finish('left');
    this.service.openVip();
  }

  /** The screen went away: timers stop, nobody is told. */
  stop(): void {
    this.cancelLoadTimer();
    this.cancelCountdown();
    this.finishListeners.clear();
    this.listeners.clear();
  }

  private finish(end: InsertedAdEnd): void {
    if (this.ended !== null) return;
    this.ended = end;
    this.cancelLoadTimer();
    this.cancelCountdown();
    if (this.state.ad) this.update(HIDDEN);
    const listeners = [...this.finishListeners];
    this.finishListeners.clear();
    for (const listener of listeners) listener(end);
  }

  private cancelLoadTimer(): void {
    if (this.loadTimer !== null) this.clock.cancelSchedule(this.loadTimer);
    this.loadTimer = null;
  }

  private cancelCountdown(): void {
    if (this.countdownTimer !== null) this.clock.cancelRepeat(this.countdownTimer);
    this.countdownTimer = null;
  }

  private update(next: InsertedAdState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
