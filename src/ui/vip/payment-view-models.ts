import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock, TimerId } from '../../core/ports/clock.ts';
import type { Navigator, Query } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { afterCustomerService } from '../../core/vip/pay-flow.ts';
import {
  isFinalStatus,
  isOrderId,
  ORDER_STATUS_TEXT,
  OrderStatus,
  type PaymentService,
} from '../../core/vip/payment-service.ts';
import type { PaymentOrder } from '../../core/vip/vip-protocol.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PaymentTexts } from '../../core/vip/vip-texts.ts';

export const PaymentPagePaths = {
  notice: '/notice',
  zfbPay: '/zfbPay',
  zfbPaySuccess: '/zfbPaySuccess',
  zfbPayUnpaid: '/zfbPayUnpaid',
  zfbPayConfirm: '/zfbPayConfirm',
  zfbPayCancel: '/zfbPayCancel',
  zfbPayNotSupport: '/zfbPayNotSupport',
  zfbPayUnpaidSubmit: '/zfbPayUnpaidSubmit',
  tcgPay: '/tcgPay',
  tcgPaySuccess: '/tcgPaySuccess',
  unablePay: '/unablePay',
  appeal: '/appeal',
  payResult: '/payResult',
  help: '/help',
  user: '/user',
} as const;

/**
 * Where the nav bar's back arrow goes (the back rule's "given target", replacing this page): a page of a paid or
 * closed order goes to the user page, where the VIP expiry shows; a page of an order still being paid goes back to
 * the VIP purchase screen. Neither leads back into the payment page.
 */
export const PaymentBackTargets = { paid: PaymentPagePaths.user, paying: '/vip' } as const;

type PaymentPort = Pick<PaymentService, 'getOrder' | 'cancelOrder' | 'sandboxPay' | 'customerService' | 'shownPlaced'>;

/** One existing order (/notice, /zfbPayConfirm, /zfbPayUnpaid, /zfbPayCancel, success pages): its true state and actions. */
export class PaymentOrderViewModel {
  order: PaymentOrder | null = null;
  loaded = false;
  error = '';
  busy = false;

  constructor(
    private readonly service: PaymentPort,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    readonly orderId: string,
    /** The order as the page that shows this one already has it (the tcg page): not asked again. */
    initial: PaymentOrder | null = null,
  ) {
    if (initial && initial.orderId === orderId) {
      this.order = initial;
      this.loaded = true;
    }
    makeAutoObservable<PaymentOrderViewModel, 'service' | 'navigator' | 'notifier'>(
      this,
      { service: false, navigator: false, notifier: false, orderId: false },
      { autoBind: true },
    );
  }

  get statusText(): string {
    return this.order ? ORDER_STATUS_TEXT[this.order.status] : '';
  }

  get payable(): boolean {
    return this.order?.status === OrderStatus.Created && !this.busy;
  }

  get amountText(): string {
    return this.order ? `${this.order.priceSymbol}${this.order.priceText}` : '';
  }

  get rmbText(): string {
    return this.order ? `¥${this.order.rmbText}` : '';
  }

  /**
   * Shows the order: the one given (then the order just created is handed over: a later visit asks by id), or asked
   * by id. Runs once the screen is on the page, so a render thrown away before it never hands the order over.
   */
  async opened(): Promise<void> {
    if (this.order) {
      this.service.shownPlaced(this.orderId);
      return;
    }
    await this.refresh();
  }

  /** Asks for the order's true state. */
  async refresh(): Promise<void> {
    if (!isOrderId(this.orderId)) {
      this.error = PaymentTexts.badOrder;
      this.loaded = true;
      return;
    }
    const result = await this.service.getOrder(this.orderId);
    runInAction(() => {
      this.loaded = true;
      if (result.ok) {
        this.order = result.value;
        this.error = '';
      } else this.error = result.message;
    });
  }

  /** The sandbox provider approves the payment; paid → `paidPath`, otherwise `unpaidPath` (or stay). */
  async approve(paidPath: string, unpaidPath?: string): Promise<void> {
    if (!this.payable) return;
    this.busy = true;
    const done = this.notifier.loading(PaymentTexts.paying);
    const result = await this.service.sandboxPay(this.orderId, 'approve');
    done();
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.order = result.value;
    });
    if (!result.ok) {
      this.toast(result.message);
      await this.refresh();
    }
    const status = this.order?.status;
    if (status === OrderStatus.Paid) this.navigator.replace(paidPath, { orderId: this.orderId });
    else if (unpaidPath !== undefined && status === OrderStatus.Created) this.navigator.replace(unpaidPath, { orderId: this.orderId });
  }

  /** Checks the order again: paid → `paidPath`, still open → `unpaidPath`. */
  async check(paidPath: string, unpaidPath: string): Promise<void> {
    await this.refresh();
    const status = this.order?.status;
    if (status === OrderStatus.Paid) this.navigator.replace(paidPath, { orderId: this.orderId });
    else if (status === OrderStatus.Created) this.navigator.replace(unpaidPath, { orderId: this.orderId });
  }

  /** Cancels the open order after confirming; the page then shows 已取消. */
  async cancel(ask = true): Promise<void> {
    if (!this.payable) return;
    if (ask) {
      const confirmed = await this.notifier.confirm({ message: PaymentTexts.cancelConfirm, confirmText: '确定', cancelText: '再想想' });
      if (!confirmed) return;
    }
    this.busy = true;
    const result = await this.service.cancelOrder(this.orderId);
    runInAction(() => {
      this.busy = false;
      if (result.ok) this.order = result.value;
    });
    if (result.ok) this.toast(PaymentTexts.cancelled);
    else {
      this.toast(result.message);
      await this.refresh();
    }
  }

  go(path: string): void {
    this.navigator.push(path, { orderId: this.orderId });
  }

  private toast(message: string): void {
    if (message) this.notifier.toast(message, { durationMs: 2000, position: 'bottom' });
  }
}

/**
 * /zfbPay and /tcgPay: the order the pay button just created, by its id (the `orderId` query): as its creation
 * answered it, or asked by id after a reload. The page creates nothing.
 */
export class PayPageViewModel {
  order: PaymentOrder | null = null;
  amount = '';
  title = '';
  error = '';
  loading = false;

  constructor(
    private readonly service: Pick<PaymentService, 'shownOrder'>,
    private readonly navigator: Navigator,
    readonly kind: 'alipay' | 'tcg',
    readonly orderId: string,
  ) {
    makeAutoObservable<PayPageViewModel, 'service' | 'navigator'>(this, { service: false, navigator: false, kind: false, orderId: false }, { autoBind: true });
  }

  get symbol(): string {
    return this.kind === 'alipay' ? '¥' : '€';
  }

  get ready(): boolean {
    return this.order?.status === OrderStatus.Created;
  }

  async opened(): Promise<void> {
    if (this.loading || this.order) return;
    if (!isOrderId(this.orderId)) {
      this.error = PaymentTexts.badOrder;
      return;
    }
    this.loading = true;
    // Asked by id, the amount reads as the creation's answer gives it (58.00 → 58, 9.90 → 9.9).
    const result = await this.service.shownOrder(this.orderId, (order) => String(Number(this.kind === 'alipay' ? order.rmbText : order.priceText)));
    runInAction(() => {
      this.loading = false;
      if (result.ok) {
        this.order = result.value.order;
        this.amount = result.value.amount;
        this.title = result.value.title;
        this.error = '';
      } else this.error = result.message;
    });
  }

  /** 我已支付 → the confirmation page; 取消 → the cancel page. */
  next(path: string): void {
    if (this.order) this.navigator.push(path, { orderId: this.order.orderId });
  }
}

/** /payResult?orderId: polls the order every 2 s until it is final or 60 s have passed. */
export class PayResultViewModel {
  static readonly intervalMs = 2_000;
  static readonly limitMs = 60_000;
  order: PaymentOrder | null = null;
  error = '';
  timedOut = false;
  private timer: TimerId | null = null;
  private startedAt = 0;
  private refreshed = false;

  constructor(
    private readonly service: Pick<PaymentService, 'getOrder' | 'paid'>,
    private readonly clock: Clock,
    private readonly session: SessionModel,
    readonly orderId: string,
    private readonly navigator?: Navigator,
  ) {
    makeAutoObservable<PayResultViewModel, 'service' | 'clock' | 'session' | 'timer' | 'startedAt' | 'refreshed' | 'navigator'>(
      this,
      { service: false, clock: false, session: false, timer: false, startedAt: false, refreshed: false, orderId: false, navigator: false },
      { autoBind: true },
    );
  }

  get final(): boolean {
    return this.order !== null && isFinalStatus(this.order.status);
  }

  get headline(): string {
    if (this.error) return this.error;
    switch (this.order?.status) {
      case OrderStatus.Paid:
        return '支付成功';
      case OrderStatus.Cancelled:
        return '已取消';
      case OrderStatus.Expired:
        return '已过期';
      default:
        return this.timedOut ? '支付失败' : '正在确认支付结果…';
    }
  }

  /** The new VIP expiry: the refreshed user's when the order was for them, else the order's. */
  get vipExpiry(): string {
    if (this.order?.status !== OrderStatus.Paid) return '';
    const user = this.session.user;
    if (user && user.id === this.order.toUid && user.eDate) return user.eDate;
    return this.order.vipExpireDate;
  }

  /** 返回我的: the user page, in place of the result page. */
  backToUser(): void {
    this.navigator?.replace(PaymentPagePaths.user);
  }

  opened(): void {
    if (!isOrderId(this.orderId)) {
      this.error = PaymentTexts.badOrder;
      return;
    }
    this.startedAt = this.clock.now();
    void this.poll();
    this.timer = this.clock.repeat(() => void this.poll(), PayResultViewModel.intervalMs);
  }

  stop(): void {
    if (this.timer !== null) this.clock.cancelRepeat(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.clock.now() - this.startedAt >= PayResultViewModel.limitMs) {
      this.stop();
      runInAction(() => (this.timedOut = true));
      return;
    }
    const result = await this.service.getOrder(this.orderId);
    if (!result.ok) {
      if (result.ret === 7007) {
        this.stop();
        runInAction(() => (this.error = result.message));
      }
      return;
    }
    runInAction(() => (this.order = result.value));
    if (!isFinalStatus(result.value.status)) return;
    this.stop();
    if (result.value.status === OrderStatus.Paid && !this.refreshed) {
      this.refreshed = true;
      await this.service.paid();
    }
  }
}

/** Pages that send the user to customer service (/zfbPayUnpaidSubmit, /zfbPayNotSupport, /unablePay, /appeal). */
export class CustomerServiceViewModel {
  busy = false;

  constructor(
    private readonly service: Pick<PaymentService, 'customerService'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<CustomerServiceViewModel, 'service' | 'navigator' | 'notifier'>(
      this,
      { service: false, navigator: false, notifier: false },
      { autoBind: true },
    );
  }

  /** 联系客服: the payment customer-service chat, with a note about the order when there is one. */
  async contact(orderId?: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const result = await this.service.customerService();
    runInAction(() => (this.busy = false));
    if (!result.ok) {
      this.notifier.toast(result.message, { durationMs: 2000, position: 'bottom' });
      return;
    }
    const next = afterCustomerService(result.value, JSON.stringify(orderId ? { orderId } : {}));
    // type and msgParams are the chat's route parameters: navigation state, not the query (spec §2).
    if (next.kind === 'navigate') this.navigator.push(next.path, next.query, next.params);
    else if (next.kind === 'message') this.notifier.toast(next.message, { durationMs: 2000, position: 'bottom' });
  }

  help(): void {
    this.navigator.push(PaymentPagePaths.help);
  }
}

/** The payment pages' view-models, as the composition root binds them (vip-bindings.ts). */
export const PaymentOrderModel = viewModelToken<PaymentOrderViewModel, { orderId?: string; order?: PaymentOrder | null }>('PaymentOrderModel');
export const PayPageModel = viewModelToken<PayPageViewModel, { kind: 'alipay' | 'tcg' }>('PayPageModel');
export const PayResultModel = viewModelToken<PayResultViewModel>('PayResultModel');
export const CustomerServiceModel = viewModelToken<CustomerServiceViewModel>('CustomerServiceModel');
/** The payment page's query (orderId, message), as the navigator has it. */
export const PaymentQueryModel = viewModelToken<Query>('PaymentQueryModel');
