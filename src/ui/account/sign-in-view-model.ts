import { makeAutoObservable, runInAction } from 'mobx';
import type { SignInService, SignInStatus } from '../../core/account/sign-in-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { PageVisibility, Unsubscribe } from '../../core/ports/page-visibility.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { SignInTexts } from '../../core/account/account-texts.ts';

const SIGN_IN_PATH = '/signIn';

/** /signIn: today's state, the seven-day calendar, the sign-in and its reward. */
export class SignInViewModel {
  status: SignInStatus | null = null;
  loading = false;
  failed = false;
  signing = false;
  /** Gold earned by the sign-in made on this screen (shown until the page closes). */
  rewardShown: number | null = null;

  constructor(
    private readonly session: SessionModel,
    private readonly service: Pick<SignInService, 'status' | 'signIn' | 'isStale'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    private readonly visibility: Pick<PageVisibility, 'onChange'>,
  ) {
    makeAutoObservable<SignInViewModel, 'session' | 'service' | 'navigator' | 'notifier' | 'visibility'>(
      this,
      { session: false, service: false, navigator: false, notifier: false, visibility: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get signedToday(): boolean {
    return this.status?.signedToday === true;
  }

  get buttonText(): string {
    return this.signedToday ? SignInTexts.signed : SignInTexts.signButton;
  }

  get canSign(): boolean {
    return this.loggedIn && this.status !== null && !this.signedToday && !this.signing;
  }

  get streakText(): string {
    return `已连续签到${this.status?.streak ?? 0}天`;
  }

  get goldText(): string {
    return `我的金币：${this.status?.gold ?? 0}`;
  }

  get hintText(): string {
    if (!this.status) return '';
    return this.signedToday ? `明天签到可得${this.nextReward}金币` : `今日签到可得${this.status.todayReward}金币`;
  }

  private get nextReward(): number {
    const calendar = this.status?.calendar ?? [];
    const todayIndex = calendar.findIndex((day) => day.today);
    return calendar[todayIndex + 1]?.reward ?? calendar[calendar.length - 1]?.reward ?? 0;
  }

  async load(): Promise<void> {
    if (!this.loggedIn) return;
    this.loading = true;
    this.failed = false;
    try {
      const status = await this.service.status();
      runInAction(() => (this.status = status));
    } catch {
      runInAction(() => (this.failed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  /** Back on the page (or after midnight): read the day's state again when it is stale. */
  async refreshIfStale(): Promise<void> {
    if (this.status && this.service.isStale(this.status)) await this.load();
  }

  /** While the screen is shown: the page coming back into view refreshes a stale day ({@link refreshIfStale}). */
  watchVisibility(): Unsubscribe {
    return this.visibility.onChange((visible) => {
      if (visible) void this.refreshIfStale();
    });
  }

  loginTapped(): void {
    this.navigator.push('/login', { redirect: SIGN_IN_PATH });
  }

  async signTapped(): Promise<void> {
    if (!this.loggedIn) {
      this.loginTapped();
      return;
    }
    if (this.signing || this.signedToday) return;
    this.signing = true;
    const outcome = await this.service.signIn();
    runInAction(() => (this.signing = false));
    if (outcome.kind === 'signed') {
      runInAction(() => {
        this.status = outcome.status;
        this.rewardShown = outcome.reward;
      });
      this.notifier.toast(outcome.message, { durationMs: 1500, position: 'center' });
    } else if (outcome.kind === 'already') {
      this.notifier.toast(outcome.message, { durationMs: 1500, position: 'bottom' });
      await this.load();
    }
  }

  rewardClosed(): void {
    this.rewardShown = null;
  }
}

/** /signIn's view-model, bound by the composition root (account-screen-bindings.ts). */
export const SignInModel = viewModelToken<SignInViewModel>('SignInViewModel');
