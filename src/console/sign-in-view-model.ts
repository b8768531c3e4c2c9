import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import type { Navigator } from '../core/ports/navigator.ts';
import type { CaptchaService } from '../core/captcha/captcha-service.ts';
import type { CaptchaChallenge } from '../core/shared-kernel/captcha-protocol.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';

/** Where the console goes after the sign-in: the page it was sent away from (only a console page), else 概览. */
export function afterSignIn(redirect: string | undefined): string {
  return redirect !== undefined && /^\/admin(\/[A-Za-z0-9/_-]*)?$/.test(redirect) && !redirect.startsWith('/admin/login') ? redirect : '/admin';
}

/** /admin/login: the operator's name and password, and the image captcha once the server asks for it. */
export class SignInViewModel {
  name = '';
  password = '';
  captchaCode = '';
  captcha: CaptchaChallenge | null = null;
  error = '';
  busy = false;

  constructor(
    private readonly operators: ConsoleOperators,
    private readonly captchas: CaptchaService,
    private readonly session: ConsoleSessionModel,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<SignInViewModel, 'operators' | 'captchas' | 'session' | 'navigator'>(
      this,
      { operators: false, captchas: false, session: false, navigator: false },
      { autoBind: true },
    );
  }

  nameChanged(value: string): void {
    this.name = value;
  }

  passwordChanged(value: string): void {
    this.password = value;
  }

  captchaChanged(value: string): void {
    this.captchaCode = value;
  }

  async refreshCaptcha(): Promise<void> {
    const challenge = await this.captchas.fetch();
    runInAction(() => {
      this.captcha = challenge;
      this.captchaCode = '';
    });
  }

  /** The form passed its own checks (names and password given): signs in. */
  async submit(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = '';
    try {
      const outcome = await this.operators.signIn({
        name: this.name,
        password: this.password,
        ...(this.captcha ? { captchaId: this.captcha.id, captchaCode: this.captchaCode.trim() } : {}),
      });
      if (outcome.ok) {
        this.session.signedIn(outcome.operator);
        this.navigator.replace(afterSignIn(this.navigator.current().query['redirect']));
        return;
      }
      runInAction(() => {
        this.error = outcome.message;
        this.password = '';
      });
      if (outcome.captcha || this.captcha) await this.refreshCaptcha();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
