import { makeAutoObservable, runInAction } from 'mobx';
import type { Clipboard } from '../../core/ports/clipboard.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import { countdownText, type BargainHelp, type BargainMachine, type BargainSnapshot } from '../../core/vip/bargain.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import type { RechargeActivityFetch, RechargeActivityInfo } from '../../core/vip/recharge-activity-fetch.ts';
import type { ShareActivityMachine, ShareStep } from '../../core/vip/share-activity.ts';
import { BargainType, RechargeActivityType, VipPaths } from '../../core/vip/vip-codes.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { ActivityTexts } from '../../core/vip/vip-texts.ts';

const EURO = '€';

/** A euro amount with two decimals (the bargain's currency is the euro). */
export function euro(amount: number): string {
  return `${EURO}${amount.toFixed(2)}`;
}

export interface ActivityDeps {
  session: SessionModel;
  sessions: Pick<SessionService, 'refreshUserInfo'>;
  navigator: Navigator;
  notifier: Notifier;
  clipboard: Clipboard;
}

/** The bargain tab of the purchase screen, on the core's BargainMachine. */
export class BargainViewModel {
  snapshot: BargainSnapshot;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly machine: BargainMachine,
    private readonly deps: ActivityDeps,
  ) {
    this.snapshot = machine.snapshot();
    makeAutoObservable<BargainViewModel, 'machine' | 'deps' | 'unsubscribe'>(this, { machine: false, deps: false, unsubscribe: false }, { autoBind: true });
    this.unsubscribe = machine.subscribe((next) => runInAction(() => (this.snapshot = next)));
  }

  get status(): number {
    return this.snapshot.status;
  }

  get countdown(): string {
    return countdownText(this.snapshot.remaining);
  }

  get canClaim(): boolean {
    return this.status === BargainType.Finished && this.snapshot.info.price === 0;
  }

  /** The key for an order at the bargained price (status 2, price above 0, this package). */
  bargainKeyFor(packageId: number | null): string | null {
    const { status, info } = this.snapshot;
    return status === BargainType.Finished && info.price > 0 && info.packageId === packageId ? info.key : null;
  }

  async load(): Promise<void> {
    if (this.deps.session.user) await this.machine.refresh();
  }

  /** Login-guarded: a visitor goes to /login and comes back. */
  async joinTapped(packageId: number | null): Promise<void> {
    if (!this.deps.session.user) {
      this.deps.navigator.push(VipPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
      return;
    }
    if (packageId === null) return;
    await this.machine.join(packageId);
  }

  async copyLinkTapped(): Promise<void> {
    const url = this.snapshot.info.url;
    const absolute = typeof window === 'undefined' || url.startsWith('http') ? url : `${window.location.origin}${url}`;
    try {
      await this.deps.clipboard.copy(absolute);
      this.deps.notifier.toast(ActivityTexts.linkCopied, { durationMs: 2000, position: 'center' });
    } catch {
      this.deps.notifier.toast(ActivityTexts.copyFailed, { durationMs: 2000, position: 'center' });
    }
  }

  async abandonTapped(): Promise<void> {
    const ok = await this.deps.notifier.confirm({ message: ActivityTexts.abandonConfirm, confirmText: '确定', cancelText: '取消' });
    if (ok) await this.machine.giveUp();
  }

  async claimTapped(): Promise<void> {
    if (await this.machine.claimFree()) await this.deps.sessions.refreshUserInfo();
  }

  rulesTapped(): void {
    this.deps.navigator.push(VipPaths.activityRules);
  }

  dispose(): void {
    this.unsubscribe();
    this.machine.dispose();
  }
}

/** The share activity's steps on the purchase screen, on the core's ShareActivityMachine. */
export class ShareViewModel {
  activity: RechargeActivityInfo | null = null;
  step: ShareStep;
  /** The discount granted after the confirmed share (euro), null before. */
  granted: number | null = null;

  constructor(
    private readonly machine: ShareActivityMachine,
    private readonly fetcher: RechargeActivityFetch,
    private readonly deps: ActivityDeps,
  ) {
    this.step = machine.step();
    makeAutoObservable<ShareViewModel, 'machine' | 'fetcher' | 'deps'>(this, { machine: false, fetcher: false, deps: false }, { autoBind: true });
  }

  /** Shown while a share activity runs (status truthy, type 0). */
  get active(): boolean {
    return this.activity !== null && Boolean(this.activity.status) && this.activity.type === RechargeActivityType.Share;
  }

  async load(): Promise<void> {
    const result = await this.fetcher.fetch();
    runInAction(() => (this.activity = result?.activity ?? null));
  }

  tabChanged(index: number): void {
    this.step = this.machine.tabChanged(index);
  }

  async copyTapped(): Promise<void> {
    await this.machine.copy(this.activity?.shareText ?? '');
  }

  async confirmTapped(): Promise<void> {
    if (!this.deps.session.user) {
      this.deps.navigator.push(VipPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
      return;
    }
    if (!this.machine.canConfirm()) {
      this.machine.confirmShared();
      return;
    }
    const discount = await this.fetcher.grantShareDiscount();
    if (discount === null) return;
    runInAction(() => {
      this.machine.confirmShared();
      this.granted = discount;
      this.step = this.machine.step();
    });
  }

  buyTapped(): void {
    this.machine.toBuy();
    this.step = this.machine.step();
  }

  /** Whether an order should ask for the share discount (step 3 after a granted share). */
  get useDiscount(): boolean {
    return this.step === 3 && this.granted !== null && this.granted > 0;
  }

  dispose(): void {
    this.machine.dispose();
  }
}

/** /bargainHelp?key=…: a logged-in friend cuts the price once. */
export class BargainHelpViewModel {
  result: string | null = null;
  helping = false;

  constructor(
    private readonly bargains: Pick<BargainHelp, 'help'>,
    private readonly key: string,
    private readonly deps: Pick<ActivityDeps, 'session' | 'navigator'>,
  ) {
    makeAutoObservable<BargainHelpViewModel, 'bargains' | 'deps' | 'key'>(this, { bargains: false, deps: false, key: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.deps.session.user !== null;
  }

  async helpTapped(): Promise<void> {
    if (!this.loggedIn) {
      this.deps.navigator.push(VipPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
      return;
    }
    if (this.helping) return;
    this.helping = true;
    const cut = await this.bargains.help(this.key);
    runInAction(() => {
      // null: the request layer toasted the server's message.
      if (cut) this.result = ActivityTexts.helped(euro(cut.cut), euro(cut.price));
      this.helping = false;
    });
  }
}

/** /bargainHelp's view-model (the key is the page's `key` query), as the composition root binds it. */
export const BargainHelpModel = viewModelToken<BargainHelpViewModel>('BargainHelpModel');
/** /activityRules: the stored recharge activity's rule text. */
export const ActivityRulesModel = viewModelToken<{ rule: string }>('ActivityRulesModel');
