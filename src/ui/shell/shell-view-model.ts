import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { UnreadCounter } from '../../core/messaging/unread-counter.ts';
import type { UserSession } from '../../core/shared-kernel/user-session.ts';
import type { RouteTrail } from '../../core/shell/back-rule.ts';
import type { GlobalTimer } from '../../core/shell/global-timer.ts';
import type { RechargeActivityService } from '../../core/vip/recharge-activity.ts';
import { TABS, decideTabTap, tabDots, tabForPath, vipTabLabel, type TabKey } from '../../core/shell/tab-bar.ts';
import type { UnreadCountService } from '../../core/shell/unread-count.ts';
import { VipIconState, type VipIconMachine } from '../../core/shared-kernel/vip-icon.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export interface ShellDeps {
  session: SessionModel;
  userSession: UserSession;
  icon: VipIconMachine;
  activity: RechargeActivityService;
  unread: UnreadCountService;
  timer: GlobalTimer;
  navigator: Navigator;
  /** iOS Safari outside a native web view (discovery is pushed there). */
  iosSafari: boolean;
  /** Messaging's unread count: +1 per arrival, a refresh asked after a chat was read; kept in step with ours. */
  counter?: UnreadCounter;
  /** The route trail the back button follows: told of every route change. */
  trail?: RouteTrail;
}

export interface TabView {
  key: TabKey;
  path: string;
  label: string;
  active: boolean;
  dot: boolean;
  animated: boolean;
}

/** The shell's state: tab bar (active tab, red dots, VIP activity icon), unread count and their refreshes. */
export class ShellViewModel {
  path = '/';
  unreadCount = 0;
  iconState: VipIconState | null;
  activityTitle: string | null = null;
  private started = false;
  private lastUid: number | null = null;
  private refreshSeq = 0;

  constructor(private readonly deps: ShellDeps) {
    this.iconState = deps.icon.state();
    makeAutoObservable<ShellViewModel, 'deps' | 'started' | 'lastUid' | 'refreshSeq'>(
      this,
      { deps: false, started: false, lastUid: false, refreshSeq: false },
      { autoBind: true },
    );
  }

  get activeTab(): TabKey {
    return tabForPath(this.path);
  }

  get tabs(): TabView[] {
    const dots = tabDots(this.deps.session.user, this.unreadCount);
    const vip = vipTabLabel(this.iconState, this.activityTitle);
    return TABS.map((tab) => ({
      key: tab.key,
      path: tab.path,
      label: tab.key === 'vip' ? vip.label : tab.label,
      active: tab.key === this.activeTab,
      dot: dots[tab.key],
      animated: tab.key === 'vip' && vip.animated,
    }));
  }

  /** Once at start: the global timer, the recharge activity, the unread count and its refresh triggers. Returns a stop function. */
  opened(): () => void {
    if (this.started) return () => undefined;
    this.started = true;
    this.lastUid = this.deps.userSession.user()?.id ?? null;
    const offSession = this.deps.userSession.subscribe((state) => {
      const uid = state.user?.id ?? null;
      if (uid === this.lastUid) return;
      this.lastUid = uid;
      void this.refreshUnread();
    });
    const offTick = this.deps.timer.onTick(() => void this.refreshUnread());
    const offCount = this.deps.counter?.subscribe((count) => runInAction(() => (this.unreadCount = count)));
    const offRefresh = this.deps.counter?.onRefreshRequested(() => void this.refreshUnread());
    this.deps.timer.start();
    void this.refreshUnread();
    void this.refreshActivity();
    return () => {
      offSession();
      offTick();
      offCount?.();
      offRefresh?.();
      this.deps.timer.stop();
      this.started = false;
    };
  }

  /** A route change: a tab page refreshes the unread count. */
  routeChanged(path: string, tabPage: boolean): void {
    this.deps.trail?.visit(path);
    const changed = path !== this.path;
    this.path = path;
    if (changed && tabPage && this.started) void this.refreshUnread();
  }

  /** A tab tap: navigates, or returns 'scrollTop' for the screen to scroll the current page up. */
  tabTapped(key: TabKey): 'scrollTop' | 'navigated' {
    if (key === 'vip' && this.iconState === VipIconState.Activity) this.iconState = this.deps.icon.set(VipIconState.Seen);
    const action = decideTabTap(this.path, key, { iosSafari: this.deps.iosSafari });
    if (action.kind === 'scrollTop') return 'scrollTop';
    if (action.kind === 'push') this.deps.navigator.push(action.path);
    else this.deps.navigator.replace(action.path);
    return 'navigated';
  }

  async refreshUnread(): Promise<void> {
    const seq = ++this.refreshSeq;
    const count = await this.deps.unread.fetch();
    runInAction(() => {
      if (seq !== this.refreshSeq) return;
      if (!this.deps.userSession.user()) this.unreadCount = 0;
      else if (count !== null) this.unreadCount = count;
      this.deps.counter?.set(this.unreadCount);
    });
  }

  async refreshActivity(): Promise<void> {
    const activity = await this.deps.activity.refresh();
    runInAction(() => {
      this.activityTitle = activity?.title || null;
      this.iconState = this.deps.icon.state();
    });
  }
}

/** The shell's view-model (app-shell.tsx), bound in start-screen-bindings.ts. */
export const ShellModel = viewModelToken<ShellViewModel>('ShellViewModel');
