import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { AdListService } from '../../core/ads/ad-list-service.ts';
import { adTarget, type Ad } from '../../core/ads/ads.ts';
import type { BarrageConfig } from '../../core/playback/barrage-config.ts';
import { BARRAGE_REPORT_REASONS, compileShields, type BarrageReportReason, type CompiledShields } from '../../core/playback/barrage-rules.ts';
import type { BarrageItem, ShieldedUser } from '../../core/playback/barrage-service.ts';
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
import type { Drawable, FlyingView } from './canvas-barrage-renderer.ts';

export const BarrageUiTexts = {
  danmu: '弹幕',
  danmuShort: '弹',
  adMark: '广告',
  placeholder: '发个弹幕吧~',
  visitorPlaceholder: '登录后发弹幕',
  danmuOffPlaceholder: '弹幕已关闭',
  send: '发送',
  settings: '弹幕设置',
  blocking: '屏蔽设置',
  like: '点赞',
  unlike: '取消点赞',
  report: '举报',
  shieldUser: '屏蔽此用户',
  cancel: '取消',
  reasonTitle: '请选择举报原因',
  reportedTitle: '已收到您的举报',
  reportedMessage: '我们会尽快核实处理，如该弹幕违反社区规范，将被删除。',
  reportedConfirm: '我知道了',
  reportOwn: '不能举报自己的弹幕',
  liked: '点赞成功',
  unliked: '已取消点赞',
  userShielded: '已屏蔽该用户的弹幕',
  keywordPlaceholder: '输入要屏蔽的关键词',
  keywordAdd: '添加',
  keywordsTitle: '屏蔽关键词',
  usersTitle: '屏蔽用户',
  keywordsEmpty: '还没有屏蔽关键词',
  usersEmpty: '还没有屏蔽用户',
  remove: '移除',
  opacity: '不透明度',
  speed: '弹幕速度',
  size: '字体大小',
  area: '显示区域',
  coin: '弹幕币',
  adDetails: '点击查看详情',
  localOnly: '未登录时屏蔽设置仅保存在本机',
} as const;

const LOGIN_PATH = '/login';
/** The barrage ad flies in once playback passed this many seconds. */
export const AD_BARRAGE_AT_SECONDS = 3;
/** The ad drawable's id: never a barrage's (those are positive, one's unsent ones small negatives). */
const AD_ID_BASE = -1_000_000_000;
const TOAST = { durationMs: 1500, position: 'bottom' as const };

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
  shieldUsers: readonly ShieldedUser[];
  shieldKeywords: readonly string[];
  input = '';
  sending = false;
  sheet: BarrageSheet = 'none';
  target: BarrageTarget | null = null;
  keywordInput = '';
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
    const shields = deps.shields.current();
    this.shieldUsers = shields.users;
    this.shieldKeywords = shields.keywords;
    makeAutoObservable<BarrageViewModel, 'deps' | 'offs' | 'adViewed' | 'likes' | 'leaving'>(
      this,
      { deps: false, offs: false, leaving: false, adViewed: false, likes: true, flying: observableRef, player: observableRef, target: observableRef, ad: observableRef, shieldUsers: observableRef, shieldKeywords: observableRef, config: observableRef },
      { autoBind: true },
    );
  }

  get session(): BarrageSession {
    return this.deps.session;
  }

  get loggedIn(): boolean {
    return this.deps.sessionModel.loggedIn;
  }

  get compiledShields(): CompiledShields {
    return compileShields({ users: this.shieldUsers.map((user) => user.uid), keywords: this.shieldKeywords });
  }

  get placeholder(): string {
    if (!this.danmuOpen) return BarrageUiTexts.danmuOffPlaceholder;
    return this.loggedIn ? BarrageUiTexts.placeholder : BarrageUiTexts.visitorPlaceholder;
  }

  get canSend(): boolean {
    return this.danmuOpen && !this.sending && this.input.trim() !== '';
  }

  /** A visitor may tap 发送 (it leads to /login); a user needs some text. */
  get sendEnabled(): boolean {
    return !this.loggedIn || this.canSend;
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
      shields.subscribe(() => runInAction(() => {
        const state = shields.current();
        this.shieldUsers = state.users;
        this.shieldKeywords = state.keywords;
      })),
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

  inputChanged(text: string): void {
    this.input = text;
  }

  /** 发送: a visitor goes to /login and comes back here; one's own barrage shows at once at the player's time. */
  async sendTapped(): Promise<void> {
    if (!this.loggedIn) {
      this.goToLogin();
      return;
    }
    if (this.sending || !this.danmuOpen) return;
    const time = this.player ? this.player.currentTime() : 0;
    const content = this.input;
    this.sending = true;
    const sending = this.deps.session.send(content, Number.isFinite(time) ? time : 0);
    // Shown at once: the box empties as the barrage flies in.
    this.input = '';
    const outcome = await sending;
    runInAction(() => {
      this.sending = false;
      if (outcome.ok) return;
      if (outcome.reason === 'login') {
        this.goToLogin();
        return;
      }
      if (this.input === '') this.input = content;
      if (!outcome.toasted) this.deps.notifier.toast(outcome.message, TOAST);
    });
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
    if (!target || isAdDrawable(target) || target.uid <= 0) return;
    const outcome = await this.deps.shields.addUser({ uid: target.uid, nickName: target.nickName });
    if (outcome.ok) this.deps.notifier.toast(BarrageUiTexts.userShielded, TOAST);
    else if (!outcome.toasted) this.deps.notifier.toast(outcome.message, TOAST);
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

  keywordInputChanged(text: string): void {
    this.keywordInput = text;
  }

  async keywordSubmitted(): Promise<void> {
    const keyword = this.keywordInput;
    const outcome = await this.deps.shields.addKeyword(keyword);
    runInAction(() => {
      if (outcome.ok) {
        if (this.keywordInput === keyword) this.keywordInput = '';
      } else if (!outcome.toasted) {
        this.deps.notifier.toast(outcome.message, TOAST);
      }
    });
  }

  async keywordRemoved(keyword: string): Promise<void> {
    await this.deps.shields.removeKeyword(keyword);
  }

  async userUnblocked(uid: number): Promise<void> {
    await this.deps.shields.removeUser(uid);
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
