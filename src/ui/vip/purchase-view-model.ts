import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { NativeBridge } from '../../core/ports/native-bridge.ts';
import type { Navigator, Query } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import type { User } from '../../core/shared-kernel/user.ts';
import { leaveDecision, openVipBack, openVipPreselection, openVipTitle, scannedGift, type LeaveDecision } from '../../core/vip/open-vip.ts';
import type { ActivityPurchase, AfterOrder } from '../../core/vip/pay-flow.ts';
import { idOf } from '../../core/request/answer-values.ts';
import type { Category, Package, PayInfo, PayTypeView } from '../../core/vip/vip-protocol.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import { chargedPrice, checkPay, recipientUid, sharePrice } from '../../core/vip/pay-rules.ts';
import type { PurchaseService } from '../../core/vip/purchase-service.ts';
import type { AddressBook } from '../../core/vip/address-book.ts';
import { type AddressView } from '../../core/vip/address-protocol.ts';
import { AddressTexts, PurchaseTexts } from '../../core/vip/vip-texts.ts';
import {
  EMPTY_SELECTION,
  initialSelection,
  payTypesFor,
  selectedCategory,
  selectedPackage,
  selectedPayType,
  selectPackage,
  selectPayType,
  selectTab,
  showsBargain,
  type PurchaseSelection,
} from '../../core/vip/purchase-state.ts';
import { VIP_TERMS_ARTICLE_ID, VipPaths } from '../../core/vip/vip-codes.ts';
import { canShowVipDetails, vipHeaderLine, vipTagIndex, type VipHeaderLine } from '../../core/vip/vip-header.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import type { BargainViewModel, ShareViewModel } from './activity-view-model.ts';

export type PurchaseMode = 'vip' | 'openVip' | 'giveVip';

/** Where the purchase screen leads besides the pay flow. */
const PurchasePaths = { choseAddress: '/choseAddress' } as const;

/** A package card as the screen shows it: the price charged, and the original one when a discount lowers it. */
export interface PackageCard {
  pkg: Package;
  selected: boolean;
  priceText: string;
  /** The struck-through original price, or null. */
  originalText: string | null;
}

/** The bargain and share activities of the purchase screen (their view-models), which price and order with it. */
export interface PurchaseActivities {
  bargain: BargainViewModel;
  share: ShareViewModel;
}

export type PurchaseStatus = 'loading' | 'ready' | 'empty' | 'network' | 'blocked';

/** The recipient's uid from the page's query: /openVip uid, /giveVip userId; null on /vip. */
function giftUidOf(mode: PurchaseMode, query: Query): number | null {
  if (mode === 'openVip') return idOf(query.uid);
  if (mode === 'giveVip') return idOf(query.userId);
  return null;
}

export interface PurchaseDeps {
  session: SessionModel;
  sessions: Pick<SessionService, 'refreshUserInfo'>;
  service: Pick<PurchaseService, 'loadPayInfo' | 'pay'>;
  navigator: Navigator;
  notifier: Notifier;
  bridge: NativeBridge;
  isIos: boolean;
  /** The bargain and share activities, when the screen shows them. */
  activities?: PurchaseActivities;
  /** Where a package that ships a gift sends it (the user's chosen or default delivery address). */
  addresses?: Pick<AddressBook, 'chosen'>;
}

/** The VIP purchase screen (/vip, /openVip, /giveVip): catalogue, selection, the pay button and the leave rules. */
export class PurchaseViewModel {
  status: PurchaseStatus = 'loading';
  info: PayInfo = { remark: '', categoryList: [], payTypes: [] };
  selection: PurchaseSelection = EMPTY_SELECTION;
  /** The 7003 state: the sale is closed here; leaving is not confirmed. */
  purchaseBlocked = false;
  paying = false;
  /** The delivery address of a package that ships a gift (null: none yet, or the package ships nothing). */
  giftAddress: AddressView | null = null;
  private scannedAsked = false;
  private stopReacting: Array<() => void> = [];

  constructor(
    readonly mode: PurchaseMode,
    readonly query: Query,
    private readonly deps: PurchaseDeps,
  ) {
    makeAutoObservable<PurchaseViewModel, 'deps' | 'scannedAsked' | 'stopReacting'>(
      this,
      { deps: false, scannedAsked: false, stopReacting: false, mode: false, query: false },
      { autoBind: true },
    );
  }

  get activities(): PurchaseActivities | null {
    return this.deps.activities ?? null;
  }

  /**
   * The screen is shown: the user is read again (a payment made elsewhere), the catalogue loaded, and, for this
   * user and each next one, the activities loaded and the scanned-code gift asked. Answers the stop.
   */
  opened(): () => void {
    void this.refreshUser();
    void this.load();
    this.stopReactions();
    this.stopReacting = [
      reaction(
        () => this.user,
        () => this.userShown(),
        { fireImmediately: true },
      ),
      // A package that ships a gift shows where it goes: read when such a package is selected, for this user.
      reaction(
        () => (this.user !== null && this.giftItem !== '' ? this.user.token.uid : null),
        (uid) => void this.refreshGiftAddress(uid),
        { fireImmediately: true },
      ),
    ];
    return () => this.stop();
  }

  private stopReactions(): void {
    for (const stop of this.stopReacting) stop();
    this.stopReacting = [];
  }

  /** The gift the selected package ships ('' none). */
  get giftItem(): string {
    return this.selectedPackage?.giftItem ?? '';
  }

  private async refreshGiftAddress(uid: number | null): Promise<void> {
    const address = uid === null ? null : ((await this.deps.addresses?.chosen()) ?? null);
    runInAction(() => (this.giftAddress = address));
  }

  /** The gift's address row: the address list, to pick where it goes (a visitor logs in first). */
  giftAddressTapped(): void {
    if (!this.user) {
      this.loginTapped();
      return;
    }
    // This page is made again on the way back: its address keeps the selection (the preselection's query).
    const here = this.deps.navigator.current();
    const { packageId, payType } = this.selection;
    const category = this.category;
    const kept: Query = { ...here.query };
    if (packageId !== null) kept[this.mode === 'giveVip' ? 'packId' : 'id'] = String(packageId);
    if (category) kept.categoryId = String(category.id);
    if (payType !== null) kept.selectId = String(payType);
    this.deps.navigator.replace(here.path, kept, here.state);
    this.deps.navigator.push(PurchasePaths.choseAddress, { select: '1' });
  }

  stop(): void {
    this.stopReactions();
    this.activities?.bargain.dispose();
    this.activities?.share.dispose();
  }

  private userShown(): void {
    void this.activities?.bargain.load();
    void this.activities?.share.load();
    void this.askScannedGift();
  }

  get user(): User | null {
    return this.deps.session.user;
  }

  get title(): string {
    if (this.mode === 'openVip') return openVipTitle(this.query);
    return this.mode === 'giveVip' ? '赠送VIP会员' : 'VIP会员';
  }

  get headerLine(): VipHeaderLine {
    return vipHeaderLine(this.user);
  }

  get tagIndex(): number {
    return vipTagIndex(this.user?.vipLevel ?? 0);
  }

  get canShowDetails(): boolean {
    return canShowVipDetails(this.user);
  }

  get giftUid(): number | null {
    return giftUidOf(this.mode, this.query);
  }

  /** The header's gift line on /giveVip (and /openVip for a friend's code). */
  get giftLine(): string | null {
    const uid = this.giftUid;
    if (uid === null || uid === this.user?.token.uid) return null;
    return `${PurchaseTexts.giftTo}（ID：${uid}）`;
  }

  get categories(): Category[] {
    return this.info.categoryList;
  }

  get category(): Category | null {
    return selectedCategory(this.info, this.selection);
  }

  get bargain(): boolean {
    return showsBargain(this.category);
  }

  get packages(): Package[] {
    return this.category?.data ?? [];
  }

  get payTypes(): PayTypeView[] {
    return payTypesFor(this.info, this.category);
  }

  get selectedPackage(): Package | null {
    return selectedPackage(this.info, this.selection);
  }

  get selectedPayType(): PayTypeView | null {
    return selectedPayType(this.info, this.selection);
  }

  /** The package cards: the price charged (the discounted pair when complete), the original struck through when lower. */
  get cards(): PackageCard[] {
    return this.packages.map((pkg) => {
      const charged = chargedPrice(pkg);
      return {
        pkg,
        selected: pkg.packageId === this.selection.packageId,
        priceText: priceText(pkg.priceSymbol, charged.price),
        originalText: charged.discounted && charged.price !== pkg.price ? priceText(pkg.priceSymbol, pkg.price) : null,
      };
    });
  }

  /** The bargain panel's package price (before joining), null without a package. */
  get bargainPackagePrice(): number | null {
    return this.selectedPackage ? chargedPrice(this.selectedPackage).price : null;
  }

  /** What the order asks of an activity for this package (the bargain's key, or the share discount); undefined: the normal price. */
  private activityPurchase(pkg: Package): ActivityPurchase | undefined {
    const activities = this.activities;
    if (!activities) return undefined;
    const key = activities.bargain.bargainKeyFor(pkg.packageId);
    if (key !== null) return { bargainKey: key };
    return activities.share.useDiscount ? { shareDiscount: true } : undefined;
  }

  /** The price of this package with an activity (bargained, or share-discounted), or null for the normal one. */
  private activityPrice(pkg: Package): number | null {
    const activities = this.activities;
    if (!activities) return null;
    if (activities.bargain.bargainKeyFor(pkg.packageId) !== null) return activities.bargain.snapshot.info.price;
    return activities.share.useDiscount && activities.share.granted !== null ? sharePrice(pkg, activities.share.granted) : null;
  }

  /** The total bar's amount: the charged price with its symbol ('' without a package). */
  get totalText(): string {
    const pkg = this.selectedPackage;
    if (!pkg) return '';
    return priceText(pkg.priceSymbol, this.activityPrice(pkg) ?? chargedPrice(pkg).price);
  }

  get termsLink(): { path: string; query: Query } {
    return { path: VipPaths.helpDetail, query: { id: String(VIP_TERMS_ARTICLE_ID) } };
  }

  async load(): Promise<void> {
    this.status = 'loading';
    const pre = openVipPreselection(this.mode === 'giveVip' ? { id: this.query.packId ?? '', categoryId: this.query.categoryId ?? '' } : this.query);
    const gift = this.giftUid;
    const outcome = await this.deps.service.loadPayInfo({
      categoryId: pre.categoryId,
      vipCategoryId: this.user?.vipCategoryId ?? null,
      productId: pre.packageId,
      toUid: gift !== null && gift !== this.user?.token.uid ? gift : null,
    });
    if (outcome.kind === 'network') {
      runInAction(() => (this.status = 'network'));
      return;
    }
    if (outcome.kind === 'refused') {
      const answer = outcome.answer;
      if (answer.kind === 'blocked') {
        runInAction(() => {
          this.purchaseBlocked = true;
          this.status = 'blocked';
        });
        await this.deps.notifier.alert({ message: answer.dialog.message, confirmText: answer.dialog.confirmText });
        this.deps.navigator.push(answer.then.path);
      } else {
        this.deps.notifier.toast(answer.message, answer.options);
        runInAction(() => (this.status = 'empty'));
      }
      return;
    }
    runInAction(() => {
      this.info = outcome.info;
      this.selection = initialSelection(outcome.info, pre);
      this.status = outcome.info.categoryList.length === 0 ? 'empty' : 'ready';
    });
  }

  /** /openVip with a friend's code: asks once whether to buy for the friend, and goes to /giveVip when so. */
  async askScannedGift(): Promise<void> {
    if (this.mode !== 'openVip' || this.scannedAsked) return;
    const gift = scannedGift(this.user, this.query);
    if (!gift) return;
    this.scannedAsked = true;
    const confirmed = await this.deps.notifier.confirm({ message: gift.dialog.message, confirmText: gift.dialog.confirmText, cancelText: gift.dialog.cancelText });
    if (confirmed) this.deps.navigator.push(gift.confirm.path, gift.confirm.query);
  }

  /** Back on the page (a payment made elsewhere): the user's VIP state is read again. */
  async refreshUser(): Promise<void> {
    if (this.user) await this.deps.sessions.refreshUserInfo();
  }

  tabTapped(index: number): void {
    this.activities?.share.tabChanged(index);
    this.selection = selectTab(this.info, this.selection, index);
    // For a bargain activity the bargain package is selected automatically.
    const bargainPackage = this.bargain ? this.packages.find((pkg) => pkg.bargain) : undefined;
    if (bargainPackage) this.selection = selectPackage(this.info, this.selection, bargainPackage.packageId);
  }

  packageTapped(packageId: number): void {
    this.selection = selectPackage(this.info, this.selection, packageId);
  }

  payTypeTapped(payType: number): void {
    this.selection = selectPayType(this.info, this.selection, payType);
  }

  termsTapped(): void {
    this.deps.navigator.push(this.termsLink.path, this.termsLink.query);
  }

  loginTapped(): void {
    if (!this.user) this.deps.navigator.push(VipPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
  }

  detailsTapped(): void {
    const user = this.user;
    if (!user || !this.canShowDetails) return;
    const lines = [user.vipTypeName || `VIP${user.vipLevel}`, this.headerLine.text];
    void this.deps.notifier.alert({ title: PurchaseTexts.vipDetailsTitle, message: lines.join('\n'), confirmText: '知道了' });
  }

  /** The pay button: login and choice checks, then the pay flow of the chosen method. */
  async payTapped(): Promise<void> {
    if (this.paying) return;
    const check = checkPay({ user: this.user, pkg: this.selectedPackage, payType: this.selectedPayType, here: this.deps.navigator.current() });
    if (!check.ok) {
      if (check.kind === 'login') this.deps.navigator.push(check.path, check.query);
      else this.deps.notifier.toast(check.message, { durationMs: 1_500, position: 'center' });
      return;
    }
    const toUid = recipientUid({ giftTarget: { uid: this.giftUid }, user: check.user });
    if (toUid === null) return;
    const address = check.pkg.giftItem === '' ? null : this.giftAddress;
    if (check.pkg.giftItem !== '' && address === null) {
      this.deps.notifier.toast(AddressTexts.Required, { durationMs: 1_500, position: 'center' });
      return;
    }
    const activity = this.activityPurchase(check.pkg);
    this.paying = true;
    const hide = this.deps.notifier.loading(PurchaseTexts.loading);
    let shown = true;
    const close = (): void => {
      if (shown) hide();
      shown = false;
    };
    try {
      const outcome = await this.deps.service.pay(check.payType.payType, {
        pkg: check.pkg,
        toUid,
        payTitle: check.payType.title,
        isIos: this.deps.isIos,
        ...(activity ? { activity } : {}),
        ...(address ? { addressId: address.id } : {}),
      });
      close();
      if (outcome.kind !== 'failed') await this.carryOut(outcome);
    } finally {
      close();
      runInAction(() => (this.paying = false));
    }
  }

  private async carryOut(outcome: AfterOrder): Promise<void> {
    if (outcome.kind === 'message') {
      this.deps.notifier.toast(outcome.message, { durationMs: 1_500, position: 'center' });
    } else if (outcome.kind === 'openUrl') {
      if (outcome.confirm) {
        const go = await this.deps.notifier.confirm({ message: outcome.confirm.message, confirmText: outcome.confirm.confirmText, cancelText: outcome.confirm.cancelText });
        if (!go) return;
      }
      this.deps.navigator.openUrl(outcome.url, { newWindow: false });
    } else {
      // Route params (the chat's type and msgParams) travel as navigation state, not in the query (spec §2).
      this.deps.navigator.push(outcome.path, outcome.query, outcome.params);
    }
  }

  /** Whether leaving for `to` asks first (react-router blocker). */
  leaveFor(to: string): LeaveDecision {
    if (this.mode !== 'openVip') return { kind: 'leave' };
    return leaveDecision({ to, purchaseBlocked: this.purchaseBlocked });
  }

  async confirmLeave(decision: LeaveDecision): Promise<boolean> {
    if (decision.kind === 'leave') return true;
    return this.deps.notifier.confirm({ message: decision.dialog.message, confirmText: decision.dialog.confirmText, cancelText: decision.dialog.cancelText });
  }

  /** The nav bar's back arrow: true when /openVip closed the native web view; else the back rule applies. */
  backTapped(): boolean {
    return this.mode === 'openVip' && this.nativeBack();
  }

  /** /openVip's back: inside the native app the web view closes; true when it was handled so. */
  nativeBack(): boolean {
    const back = openVipBack(this.deps.bridge.platform());
    return back.kind === 'bridge' && this.deps.bridge.call(back.name);
  }
}

/** A price with its symbol, two decimals at most (25 → €25, 25.5 → €25.50). */
export function priceText(symbol: string, price: number): string {
  const text = Number.isInteger(price) ? String(price) : price.toFixed(2);
  return `${symbol}${text}`;
}

/** The purchase screen's view-model (with its activities), as the composition root binds it (vip-bindings.ts). */
export const PurchaseModel = viewModelToken<PurchaseViewModel, { mode: PurchaseMode }>('PurchaseModel');
