import { makeAutoObservable, runInAction } from 'mobx';
import type { SignInTip } from '../../core/account/sign-in-tip.ts';
import type { Navigator } from '../../core/ports/navigator.ts';

export const SIGN_IN_PATH = '/signIn';

/** The closable sign-in tip: checked when shown; × hides it for the session; tapping it opens /signIn. */
export class SignInTipViewModel {
  visible = false;
  private checks = 0;

  constructor(
    private readonly tip: Pick<SignInTip, 'shouldShow' | 'hide'>,
    private readonly navigator: Pick<Navigator, 'push'>,
  ) {
    makeAutoObservable<SignInTipViewModel, 'tip' | 'navigator' | 'checks'>(this, { tip: false, navigator: false, checks: false }, { autoBind: true });
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
