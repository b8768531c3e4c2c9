import type { Clock, TimerId } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { PageVisibility, Unsubscribe } from '../ports/page-visibility.ts';
import type { Random } from '../ports/random.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import type { AdListService } from './ad-list-service.ts';
import { AdKeys, AdPaths, AdRules, adTarget, indexFromUuid, parseAdList, startAdAllowedAt, type Ad } from './ads.ts';

export interface StartAdState {
  /** The ad on screen, or null when none shows. */
  ad: Ad | null;
  /** Seconds left on the skip button; null until the countdown starts (image loaded, or 5 s passed). */
  countdown: number | null;
}

export interface StartAdStartResult {
  shown: boolean;
  /** The stored ad list could not be read (it was ignored): the caller logs it. */
  corruptStoredList: boolean;
}

const HIDDEN: StartAdState = { ad: null, countdown: null };

/**
 * The fullscreen start advertisement (spec section 4, "Start ad"): shown at app start from the stored
 * kaiping list, and again when the page becomes visible after more than 10 minutes hidden; a 4-second
 * skip countdown starts when the image loads (or after 5 s anyway); finish, skip or an image error closes it.
 */
export class StartAdController {
  private state: StartAdState = HIDDEN;
  private readonly listeners = new Set<(state: StartAdState) => void>();
  private hiddenAt: number | null = null;
  private autoStartTimer: TimerId | null = null;
  private countdownTimer: TimerId | null = null;
  private viewed = false;
  private stopVisibility: Unsubscribe | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly visibility: PageVisibility,
    private readonly local: KeyValueStore,
    private readonly random: Random,
    private readonly api: ApiClient,
    private readonly adList: AdListService,
    private readonly session: UserSession,
    private readonly navigator: Navigator,
  ) {}

  current(): StartAdState {
    return this.state;
  }

  subscribe(listener: (state: StartAdState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * App start: shows an ad from the stored list (when allowed here), starts watching the page's
   * visibility, then refreshes the stored list from the server for the next showing. On a first start
   * (nothing stored) the ad comes from the freshly fetched list, unless the visitor already moved on.
   */
  async start(): Promise<StartAdStartResult> {
    if (!this.stopVisibility) this.stopVisibility = this.visibility.onChange((visible) => this.visibilityChanged(visible));
    const { ads, corrupt } = this.storedAds();
    let shown = this.showFrom(ads);
    const startedOn = this.navigator.current().path;
    await this.refreshList();
    // A first start has no stored list yet: show one from the list just fetched, while still on the first page.
    if (!shown && ads.length === 0 && this.navigator.current().path === startedOn) shown = this.showFrom(this.storedAds().ads);
    return { shown, corruptStoredList: corrupt };
  }

  stop(): void {
    this.stopVisibility?.();
    this.stopVisibility = null;
    this.close();
  }

  /** The image loaded: the countdown starts and the view is counted (once per showing). */
  imageLoaded(): void {
    if (!this.state.ad) return;
    this.startCountdown();
    if (!this.viewed) {
      this.viewed = true;
      const url = this.state.ad.viewURL;
      if (url) void this.api.post(url, {}, { suppressTips: true }).catch(() => undefined);
    }
  }

  imageFailed(): void {
    this.close();
  }

  skip(): void {
    this.close();
  }

  /**
   * A tap on the ad: a visitor on an ad that needs login goes to /login with the target; otherwise
   * linkURL opens in a new window, or the in-app page opens (closing the ad).
   */
  tapped(): void {
    const ad = this.state.ad;
    if (!ad) return;
    const target = adTarget(ad);
    if (ad.appParam.isNeedLogin && !this.session.user()) {
      const here = this.navigator.current();
      const hereQuery = new URLSearchParams(here.query).toString();
      this.close();
      this.navigator.push(AdPaths.login, { redirect: target ?? (hereQuery ? `${here.path}?${hereQuery}` : here.path) });
      return;
    }
    if (ad.linkURL) {
      this.navigator.openUrl(ad.linkURL, { newWindow: true });
      return;
    }
    if (target) {
      this.close();
      this.navigator.push(target);
    }
  }

  private visibilityChanged(visible: boolean): void {
    if (!visible) {
      this.hiddenAt = this.clock.now();
      return;
    }
    const hiddenAt = this.hiddenAt;
    this.hiddenAt = null;
    if (hiddenAt === null || this.clock.now() - hiddenAt <= AdRules.startAdGapMs) return;
    this.showFrom(this.storedAds().ads);
  }

  private storedAds(): { ads: Ad[]; corrupt: boolean } {
    const raw = this.local.get(AdKeys.startAdList);
    if (raw === null || raw === '') return { ads: [], corrupt: false };
    try {
      const ads = parseAdList(JSON.parse(raw));
      return ads ? { ads, corrupt: false } : { ads: [], corrupt: true };
    } catch {
      return { ads: [], corrupt: true };
    }
  }

  private showFrom(ads: Ad[]): boolean {
    const here = this.navigator.current();
    if (ads.length === 0 || !startAdAllowedAt(here.path, here.query)) return false;
    this.close();
    const ad = ads[indexFromUuid(this.random.uuid(), ads.length)]!;
    this.viewed = false;
    this.autoStartTimer = this.clock.schedule(() => {
      this.autoStartTimer = null;
      this.startCountdown();
    }, AdRules.autoStartMs);
    this.update({ ad, countdown: null });
    return true;
  }

  private startCountdown(): void {
    if (!this.state.ad || this.state.countdown !== null) return;
    if (this.autoStartTimer !== null) this.clock.cancelSchedule(this.autoStartTimer);
    this.autoStartTimer = null;
    this.update({ ...this.state, countdown: AdRules.countdownSeconds });
    this.countdownTimer = this.clock.repeat(() => {
      const left = (this.state.countdown ?? 1) - 1;
      if (left <= 0) this.close();
      else this.update({ ...this.state, countdown: left });
    }, AdRules.countdownStepMs);
  }

  private close(): void {
    if (this.autoStartTimer !== null) this.clock.cancelSchedule(this.autoStartTimer);
    if (this.countdownTimer !== null) this.clock.cancelRepeat(this.countdownTimer);
    this.autoStartTimer = null;
    this.countdownTimer = null;
    if (this.state.ad) this.update(HIDDEN);
  }

  private async refreshList(): Promise<void> {
    try {
      const data = await this.adList.load({ path: this.navigator.current().path });
      this.local.set(AdKeys.startAdList, JSON.stringify(data.kaiping));
    } catch {
      // Keep the stored list: the next start tries again.
    }
  }

  private update(next: StartAdState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
