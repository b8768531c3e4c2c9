import { makeAutoObservable, runInAction } from 'mobx';
import { formatImageUrl } from '../../core/display/image-url.ts';
import { GoldRoutes, balanceText, gateText, goldAmount } from '../../core/gold/gold-rules.ts';
import { GoldTexts } from '../../core/gold/gold-texts.ts';
import type { GoldAccess, GoldService } from '../../core/gold/gold-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import type { SessionModel } from '../app/session-model.ts';

/** The player is the screen's width: a phone's cover request. */
const GATE_COVER_WIDTH = 400;

/**
 * The gold gate over a locked video: its price, the balance, the unlock (a visitor goes to /login and comes
 * back here), the refusal for too little gold with 去赚金币, and the unlock reported once to the play screen.
 */
export class GoldGateViewModel {
  access: GoldAccess | null = null;
  unlocking = false;
  /** The server's refusal (金币不足，当前余额N金币), shown under the button. */
  refusal: string | null = null;
  private done = false;

  constructor(
    private readonly session: SessionModel,
    private readonly service: Pick<GoldService, 'access' | 'unlock'>,
    private readonly navigator: Navigator,
    private readonly mediaKey: string,
    private readonly givenPrice: number,
    private readonly unlocked: () => void,
  ) {
    makeAutoObservable<GoldGateViewModel, 'session' | 'service' | 'navigator' | 'mediaKey' | 'givenPrice' | 'unlocked' | 'done'>(
      this,
      { session: false, service: false, navigator: false, mediaKey: false, givenPrice: false, unlocked: false, done: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get price(): number {
    return this.access && this.access.price > 0 ? this.access.price : this.givenPrice;
  }

  get gateText(): string {
    return gateText(this.price);
  }

  get priceText(): string {
    return goldAmount(this.price);
  }

  /** 当前余额N金币 once known; nothing for a visitor. */
  get balanceText(): string {
    const balance = this.access?.balance;
    return this.loggedIn && balance !== null && balance !== undefined ? balanceText(balance) : '';
  }

  /** The cover behind the gate (darkened), sized for the player; '' while unknown. */
  get coverUrl(): string {
    const formatted = formatImageUrl(this.access?.cover ?? '', { width: GATE_COVER_WIDTH });
    return formatted.ok ? formatted.url : '';
  }

  get buttonText(): string {
    if (!this.loggedIn) return GoldTexts.loginToUnlock;
    return this.unlocking ? GoldTexts.unlocking : GoldTexts.unlock;
  }

  /** The price and the balance; a video open to the user after all (bought elsewhere) is reported unlocked. */
  async opened(): Promise<void> {
    try {
      const access = await this.service.access(this.mediaKey);
      runInAction(() => (this.access = access));
      if (access?.unlocked) this.finish();
    } catch {
      // The gate still shows the price it was given.
    }
  }

  /** A tap on 立即解锁: every tap asks the core, which sends one request however fast the taps come. */
  async unlockTapped(): Promise<void> {
    if (this.done) return;
    this.unlocking = true;
    this.refusal = null;
    const outcome = await this.service.unlock(this.mediaKey);
    runInAction(() => (this.unlocking = false));
    switch (outcome.kind) {
      case 'login':
        this.navigator.push(GoldRoutes.login, { redirect: returnAddress(this.navigator.current()) });
        return;
      case 'unlocked':
        runInAction(() => (this.access = { price: this.price, unlocked: true, balance: outcome.balance, cover: this.access?.cover ?? '' }));
        this.finish();
        return;
      case 'free':
        this.finish();
        return;
      case 'insufficient':
        runInAction(() => {
          this.refusal = outcome.message;
          this.access = { price: outcome.price || this.price, unlocked: false, balance: outcome.balance, cover: this.access?.cover ?? '' };
        });
        return;
      case 'failed':
        return;
    }
  }

  earnTapped(): void {
    this.navigator.push(GoldRoutes.earn);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.unlocked();
  }
}

/** What the play screen hands the gate: the video, the price it knows, and whom to tell once it is unlocked. */
export interface GoldGateInput {
  mediaKey: string;
  price: number;
  unlocked: () => void;
}

/** The gold gate's view-model, bound by the composition root (gold-bindings.ts). */
export const GoldGateModel = viewModelToken<GoldGateViewModel, GoldGateInput>('GoldGateViewModel');
