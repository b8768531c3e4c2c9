import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { AdListService } from '../../core/ads/ad-list-service.ts';
import { adTarget, type Ad } from '../../core/ads/ads.ts';
import type { BarrageConfig } from '../../core/playback/barrage-config.ts';
import { BARRAGE_REPORT_REASONS, type BarrageReportReason } from '../../core/playback/barrage-rules.ts';
import type { BarrageItem } from '../../core/playback/barrage-service.ts';
import type { BarrageService } from '../../core/playback/barrage-service.ts';
import type { BarrageEvent, BarrageSession } from '../../core/playback/barrage-session.ts';
import type { BarrageSettings } from '../../core/playback/barrage-settings.ts';
import type { BarrageShields } from '../../core/playback/barrage-shields.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { returnAddress } from '../../core/session/login-redirect.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import type { PlayerHandle } from '../playback/player-slots.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';
import { BarrageFilterViewModel } from './barrage-filter-view-model.ts';
import { BarrageSendViewModel } from './barrage-send-view-model.ts';
import type { Drawable, FlyingView } from './canvas-barrage-renderer.ts';


const LOGIN_PATH = '/login';
/** The barrage ad flies in once playback passed this many seconds. */
export const AD_BARRAGE_AT_SECONDS = 3;
/** The ad drawable's id: never a barrage's (those are positive, one's unsent ones small negatives). */
const AD_ID_BASE = -1_000_000_000;

export type BarrageSheet = 'none' | 'settings' | 'blocking' | 'actions' | 'reasons';

/** The barrage ad as it flies: text from the ad's title (its leading 【广告】 left to the drawn mark). */
export interface AdDrawable extends Drawable {
  adMark: true;
  ad: Ad;
}

export type BarrageTarget = BarrageItem | AdDrawable;

export function isAdDrawable(item: Drawable): item is AdDrawable {
  return item.adMark === true;
}

export function adDrawable(ad: Ad): AdDrawable {
  const title = (ad.title ?? '').replace(/^\s*【广告】\s*/, '').trim();
  return { id: AD_ID_BASE - Math.max(0, ad.id), time: 0, content: title || BarrageUiTexts.adDetails, uid: 0, own: false, adMark: true, ad };
}

export interface BarrageViewModelDeps {
  session: BarrageSession;
  shields: BarrageShields;
  settings: BarrageSettings;
  service: BarrageService;
  sessionModel: SessionModel;
  navigator: Navigator;
  notifier: Notifier;
  ads: AdListService;
}

/**
 * The barrages of the episode on the play screen: the switch, the send box, the settings and blocking sheets, the
 * action sheet of a tapped barrage, the barrage ad, and the list mirrored for assistive technology. The canvas
 * renderer (BarrageOverlay) reads the switch, settings and shields from here and hears the session's events.
 */
export class BarrageViewModel {
  danmuOpen: boolean;
  config: BarrageConfig;
  /** The send box under the player. */
  readonly sendBox: BarrageSendViewModel;
  /** The viewer's blocked users and keywords (the blocking sheet) and what they hide. */
  readonly filters: BarrageFilterViewModel;
  sheet: BarrageSheet = 'none';
  target: BarrageTarget | null = null;
  coin: number | null = null;
  /** What flies now (the renderer's list), for the accessible mirror. */
  flying: readonly FlyingView<Drawable>[] = [];
  player: PlayerHandle | null = null;
  ad: AdDrawable | null = null;
  /** Bumped when a barrage's like changes (barrages are plain objects the session updates). */
  private likes = 0;
  private adViewed = false;
  private readonly offs: (() => void)[] = [];
  /** Cancels the page's cancellable calls (the blocking lists) when the page is left; one per start. */
  private leaving: AbortController | null = null;

  constructor(private readonly deps: BarrageViewModelDeps) {
    this.danmuOpen = deps.settings.danmuOpen();
    this.config = deps.settings.current();
    this.filters = new BarrageFilterViewModel(deps.shields, deps.notifier);
    this.sendBox = new BarrageSendViewModel({
      session: deps.session,
      notifier: deps.notifier,
      loggedIn: () => this.loggedIn,
      danmuOpen: () => this.danmuOpen,
      player: () => this.player,
      goToLogin: () => this.goToLogin(),
    });
    makeAutoObservable<BarrageViewModel, 'deps' | 'offs' | 'adViewed' | 'likes' | 'leaving'>(
      this,
      { deps: false, offs: false, leaving: false, adViewed: false, likes: true, sendBox: false, filters: false, flying: observableRef, player: observableRef, target: observableRef, ad: observableRef, config: observableRef },
      { autoBind: true },
    );
  }

  get session(): BarrageSession {
    return this.deps.session;
  }

  get loggedIn(): boolean {
    return this.deps.sessionModel.loggedIn;
  }

  get targetIsAd(): boolean {
    return this.target !== null && isAdDrawable(this.target);
  }

  get likeText(): string {
    void this.likes;
    const target = this.target;
    return target && !isAdDrawable(target) && target.liked ? BarrageUiTexts.unlike : BarrageUiTexts.like;
  }

  get reasons(): readonly BarrageReportReason[] {
    return BARRAGE_REPORT_REASONS;
  }

  /** Starts following the stores, loads the settings, the lists, the episode's barrages and the barrage ad. */
  start(path: string, mediaKey: string): void {
    const { settings, shields, session } = this.deps;
    this.offs.push(
      settings.subscribe(() => runInAction(() => {
        this.danmuOpen = settings.danmuOpen();
        this.config = settings.current();
      })),
      this.filters.follow(),
    );
    shields.start();
    void settings.load();
    this.leaving?.abort();
    this.leaving = new AbortController();
    void shields.refresh(this.leaving.signal);
    void session.start();
    void this.loadAd(path, mediaKey);
  }

  /** The page is left: GetShieldUserList and GetShieldKeyWordList still pending are cancelled (终止请求, no toast). */
  dispose(): void {
    this.leaving?.abort();
    this.leaving = null;
    this.offs.splice(0).forEach((off) => off());
    this.deps.session.stop();
  }

  /** The session's events, for the renderer (subscribe before start so the first ones are not missed). */
  onSessionEvent(listener: (event: BarrageEvent) => void): () => void {
    return this.deps.session.subscribe(listener);
  }

  playerChanged(player: PlayerHandle | null): void {
    this.player = player;
  }

  flyingChanged(flying: readonly FlyingView<Drawable>[]): void {
    this.flying = flying;
  }

  switchToggled(): void {
    void this.deps.settings.setDanmuOpen(!this.danmuOpen);
  }

  /** A tap on a flying barrage (or its entry in the accessible list): its actions, or the ad opens. */
  barrageTapped(item: Drawable): void {
    if (isAdDrawable(item)) {
      this.adTapped(item);
      return;
    }
    this.target = item as BarrageItem;
    this.sheet = 'actions';
  }

  async likeTapped(): Promise<void> {
    const target = this.target;
    this.closeSheet();
    if (!target || isAdDrawable(target)) return;
    if (!this.loggedIn) {
      this.goToLogin();
      return;
    }
    const outcome = await this.deps.session.like(target);
    if (!outcome.ok) return;
    runInAction(() => (this.likes += 1));
    this.deps.notifier.toast(outcome.liked ? BarrageUiTexts.liked : BarrageUiTexts.unliked, TOAST);
  }

  reportTapped(): void {
    const target = this.target;
    if (!target || isAdDrawable(target)) return;
    if (!this.loggedIn) {
      this.closeSheet();
      this.goToLogin();
      return;
    }
    if (target.own) {
      this.closeSheet();
      this.deps.notifier.toast(BarrageUiTexts.reportOwn, TOAST);
      return;
    }
    this.sheet = 'reasons';
  }

  /** A reason chosen: the report goes, then the dialog 已收到您的举报 (also when it was reported before). */
  async reasonChosen(reason: BarrageReportReason): Promise<void> {
    const target = this.target;
    this.closeSheet();
    if (!target || isAdDrawable(target)) return;
    const outcome = await this.deps.session.report(target, reason);
    if (outcome.ok) {
      await this.deps.notifier.alert({ title: BarrageUiTexts.reportedTitle, message: BarrageUiTexts.reportedMessage, confirmText: BarrageUiTexts.reportedConfirm });
      return;
    }
    if (outcome.reason === 'refused') this.deps.notifier.toast(outcome.message, TOAST);
    else if (outcome.reason === 'own') this.deps.notifier.toast(BarrageUiTexts.reportOwn, TOAST);
    else this.goToLogin();
  }

  async shieldUserTapped(): Promise<void> {
    const target = this.target;
    this.closeSheet();
    if (!target || isAdDrawable(target)) return;
    await this.filters.userShielded(target);
  }

  settingsTapped(): void {
    this.sheet = 'settings';
    if (this.loggedIn) void this.loadCoin();
  }

  blockingTapped(): void {
    this.sheet = 'blocking';
  }

  closeSheet(): void {
    this.sheet = 'none';
  }

  async configChanged(change: Partial<BarrageConfig>): Promise<void> {
    const outcome = await this.deps.settings.update(change);
    if (!outcome.ok) this.deps.notifier.toast(outcome.message, TOAST);
  }

  /** The ad went on screen: its view is counted once. */
  adShown(): void {
    const ad = this.ad?.ad;
    if (!ad || this.adViewed) return;
    this.adViewed = true;
    void this.deps.service.countAdView(ad.viewURL);
  }

  /** A tap on the ad: a visitor on an ad that needs login logs in first; a link opens in a new window, else the in-app page. */
  adTapped(item: AdDrawable): void {
    const ad = item.ad;
    const target = adTarget(ad);
    const { navigator } = this.deps;
    if (ad.appParam.isNeedLogin && !this.loggedIn) {
      navigator.push(LOGIN_PATH, { redirect: target ?? returnAddress(navigator.current()) });
      return;
    }
    if (ad.linkURL) navigator.openUrl(ad.linkURL, { newWindow: true });
    else if (target) navigator.push(target);
    else if (ad.appParam.webUrl) navigator.openUrl(ad.appParam.webUrl, { newWindow: true });
  }

  private goToLogin(): void {
    this.deps.navigator.push(LOGIN_PATH, { redirect: returnAddress(this.deps.navigator.current()) });
  }

  private async loadCoin(): Promise<void> {
    try {
      const coin = await this.deps.service.coin({ suppressTips: true });
      runInAction(() => (this.coin = coin));
    } catch {
      // The coin line stays hidden.
    }
  }

  private async loadAd(path: string, mediaKey: string): Promise<void> {
    try {
      const data = await this.deps.ads.load({ path, mediaKey });
      const first = data.danmu[0];
      if (first) runInAction(() => (this.ad = adDrawable(first)));
    } catch {
      // No ad.
    }
  }
}

/** The barrages of one episode on the play screen, bound by the composition root (barrage-bindings.ts). */
export const BarrageModel = viewModelToken<BarrageViewModel, { mediaKey: string; episode: number }>('BarrageViewModel');
