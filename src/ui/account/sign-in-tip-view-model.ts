import { makeAutoObservable, runInAction } from 'mobx';
import type { SignInTip } from '../../core/account/sign-in-tip.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const SIGN_IN_PATH = '/signIn';

/** The closable sign-in tip: checked when shown; × hides it for the session; tapping it opens /signIn. */
export class SignInTipViewModel {
  visible = false;
  private checks = 0;

  constructor(
    private readonly tip: Pick<SignInTip, 'shouldShow' | 'hide'>,
    private readonly navigator: Pick<Navigator, 'push'>,
    private readonly session: Pick<SessionModel, 'user'>,
  ) {
    makeAutoObservable<SignInTipViewModel, 'tip' | 'navigator' | 'session' | 'checks'>(
      this,
      { tip: false, navigator: false, session: false, checks: false },
      { autoBind: true },
    );
  }

  /** Who is logged in ('' for a visitor): the tip is checked again when it changes. */
  get userKey(): string {
    return String(this.session.user?.id ?? '');
  }

  /** Asks again (the page is shown, or the login changed); only the newest check decides. */
  async check(): Promise<void> {
    const check = ++this.checks;
    const show = await this.tip.shouldShow();
    if (check === this.checks) runInAction(() => (this.visible = show));
  }

  closeTapped(): void {
    this.checks += 1;
    this.tip.hide();
    this.visible = false;
  }

  tipTapped(): void {
    this.checks += 1;
    this.visible = false;
    this.navigator.push(SIGN_IN_PATH);
  }
}

/** The sign-in tip's view-model, bound by the composition root (start-screen-bindings.ts: the tip shows on home). */
export const SignInTipModel = viewModelToken<SignInTipViewModel>('SignInTipViewModel');
