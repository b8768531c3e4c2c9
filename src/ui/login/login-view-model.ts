import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { CaptchaChallenge } from '../../core/shared-kernel/captcha-protocol.ts';
import type { CaptchaService } from '../../core/captcha/captcha-service.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import { afterLoginPath } from '../app/after-login-path.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const LOGIN_SUCCESS_TEXT = '登录成功';
const NOTICE = { durationMs: 1000, position: 'bottom' } as const;

/**
 * The login form. Once the server asks for an image captcha (this account had failures), the form shows one and
 * sends its answer with every later try; a captcha answers once, so each failed try brings a new picture.
 */
export class LoginViewModel {
  userName = '';
  password = '';
  error = '';
  submitting = false;
  /** Whether the form asks for a captcha (the server asked once). */
  captchaShown = false;
  /** The picture to answer; null while loading or when loading failed. */
  captcha: CaptchaChallenge | null = null;
  captchaCode = '';
  captchaLoading = false;
  /** Loading the picture failed: the picture's place offers to try again. */
  captchaFailed = false;

  constructor(
    private readonly sessions: Pick<SessionService, 'logIn'>,
    private readonly captchas: Pick<CaptchaService, 'fetch'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get canSubmit(): boolean {
    const captchaReady = !this.captchaShown || (this.captcha !== null && this.captchaCode.trim() !== '');
    return !this.submitting && this.userName.trim() !== '' && this.password !== '' && captchaReady;
  }

  captchaCodeChanged(value: string): void {
    this.captchaCode = value;
    this.error = '';
  }

  /** Loads a new picture (the image was tapped, or the last one was used up). */
  async refreshCaptcha(): Promise<void> {
    this.captchaShown = true;
    this.captchaLoading = true;
    this.captchaFailed = false;
    this.captchaCode = '';
    const challenge = await this.captchas.fetch();
    runInAction(() => {
      this.captchaLoading = false;
      this.captcha = challenge;
      this.captchaFailed = challenge === null;
    });
  }

  userNameChanged(value: string): void {
    this.userName = value;
    this.error = '';
  }

  passwordChanged(value: string): void {
    this.password = value;
    this.error = '';
  }

  async submitTapped(): Promise<void> {
    if (this.submitting) return;
    this.submitting = true;
    this.error = '';
    const captcha = this.captchaShown && this.captcha ? { captchaId: this.captcha.id, captchaCode: this.captchaCode } : {};
    const outcome = await this.sessions.logIn({ userName: this.userName, password: this.password, ...captcha });
    runInAction(() => {
      this.submitting = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    // A refused try used the captcha up (or the server asks for one now): show a new picture.
    if (!outcome.ok && (outcome.captchaNeeded === true || this.captchaShown)) await this.refreshCaptcha();
    if (outcome.ok) {
      this.notifier.toast(LOGIN_SUCCESS_TEXT, NOTICE);
      this.navigator.replace(afterLoginPath(this.navigator.current().query.redirect));
    }
  }

  registerTapped(): void {
    this.navigator.push('/register', this.navigator.current().query);
  }

  /** 忘记密码: recovery starts with the account typed here, if any. */
  forgotTapped(): void {
    this.navigator.push('/retrievePassword', this.userName.trim() === '' ? {} : { account: this.userName.trim() });
  }
}

/** /login's view-model, bound by the composition root (account-screen-bindings.ts). */
export const LoginModel = viewModelToken<LoginViewModel>('LoginViewModel');
