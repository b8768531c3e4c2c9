import type { BarrageStyleChoice } from '../../core/playback/barrage-style-choice.ts';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { AdListService } from '../../core/ads/ad-list-service.ts';
import { adTarget } from '../../core/ads/ads.ts';
import type { BarrageConfig } from '../../core/playback/barrage-config.ts';
import { BARRAGE_REPORT_REASONS, type BarrageReportReason } from '../../core/playback/barrage-rules.ts';
import type { BarrageItem } from '../../core/playback/barrage-service.ts';
import type { BarrageService } from '../../core/playback/barrage-service.ts';
import type { BarrageSession } from '../../core/playback/barrage-session.ts';
import type { BarrageSettings } from '../../core/playback/barrage-settings.ts';
import type { BarrageShields } from '../../core/playback/barrage-shields.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';
import { BarrageFilterViewModel } from './barrage-filter-view-model.ts';
import { BarrageSendViewModel } from './barrage-send-view-model.ts';
import { BarrageTimelineViewModel, isAdDrawable, type AdDrawable } from './barrage-timeline-view-model.ts';
import type { Drawable } from './barrage-drawable.ts';

const LOGIN_PATH = '/login';
export type BarrageSheet = 'none' | 'settings' | 'blocking' | 'actions' | 'reasons';

export type BarrageTarget = BarrageItem | AdDrawable;

export interface BarrageViewModelDeps {
  session: BarrageSession;
  shields: BarrageShields;
  settings: BarrageSettings;
  service: BarrageService;
  sessionModel: SessionModel;
  navigator: Navigator;
  notifier: Notifier;
  ads: AdListService;
  /** The sender's last style on this device. */
  styleChoice?: BarrageStyleChoice;
}

/**
 * The barrages of the episode on the play screen: the switch and the settings sheet, the action sheet of a tapped
 * barrage (or the ad), over its parts: the timeline (the session, the player, what flies, the barrage ad), the send
 * box and the filters (the blocking sheet). The canvas renderer (BarrageOverlay) reads the switch, settings, filters
 * and timeline from here.
 */
export class BarrageViewModel {
  danmuOpen: boolean;
  config: BarrageConfig;
  /** The send box under the player. */
  readonly sendBox: BarrageSendViewModel;
  /** The viewer's blocked users and keywords (the blocking sheet) and what they hide. */
  readonly filters: BarrageFilterViewModel;
  /** The episode's barrages in time, the player they follow, what flies now and the barrage ad. */
  readonly timeline: BarrageTimelineViewModel;
  sheet: BarrageSheet = 'none';
  target: BarrageTarget | null = null;
  coin: number | null = null;
  /** Bumped when a barrage's like changes (barrages are plain objects the session updates). */
  private likes = 0;
  private readonly offs: (() => void)[] = [];
  /** Cancels the page's cancellable calls (the blocking lists) when the page is left; one per start. */
  private leaving: AbortController | null = null;

  constructor(private readonly deps: BarrageViewModelDeps) {
    this.danmuOpen = deps.settings.danmuOpen();
    this.config = deps.settings.current();
    this.timeline = new BarrageTimelineViewModel(deps.session, deps.service, deps.ads);
    this.filters = new BarrageFilterViewModel(deps.shields, deps.notifier, { config: () => this.config, timeline: deps.session.timeline });
    this.sendBox = new BarrageSendViewModel({
      session: deps.session,
      notifier: deps.notifier,
      loggedIn: () => this.loggedIn,
      danmuOpen: () => this.danmuOpen,
      player: () => this.timeline.player,
      goToLogin: () => this.goToLogin(),
      vip: () => (this.deps.sessionModel.user?.vipLevel ?? 0) > 0,
      ...(deps.styleChoice ? { styles: deps.styleChoice } : {}),
    });
    makeAutoObservable<BarrageViewModel, 'deps' | 'offs' | 'likes' | 'leaving'>(
      this,
      { deps: false, offs: false, leaving: false, likes: true, timeline: false, sendBox: false, filters: false, target: observableRef, config: observableRef },
      { autoBind: true },
    );
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
  opened(path: string, mediaKey: string): void {
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
    void this.timeline.loadAd(path, mediaKey);
  }

  /** The page is left: GetShieldUserList and GetShieldKeyWordList still pending are cancelled (终止请求, no toast). */
  dispose(): void {
    this.leaving?.abort();
    this.leaving = null;
    this.offs.splice(0).forEach((off) => off());
    this.deps.session.stop();
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
}

/** The barrages of one episode on the play screen, bound by the composition root (barrage-bindings.ts). */
export const BarrageModel = viewModelToken<BarrageViewModel, { mediaKey: string; episode: number }>('BarrageViewModel');
