import { makeAutoObservable, runInAction } from 'mobx';
import type { CodeChannel } from '../../core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../core/account-security/account-security-texts.ts';
import type { PasswordRecoveryFlow } from '../../core/account-security/password-recovery.ts';
import type { CaptchaService } from '../../core/captcha/captcha-service.ts';
import type { Clock } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { CaptchaChallenge } from '../../core/shared-kernel/captcha-protocol.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { CodeCountdown } from './code-countdown.ts';

type Flow = Pick<PasswordRecoveryFlow, 'state' | 'typedAccount' | 'chooseAccount' | 'start' | 'choose' | 'resendIn' | 'sendCode' | 'checkCode' | 'reset'>;

const CHANNEL_NAMES: Record<CodeChannel, string> = { email: '邮箱', sms: '手机' };

/** /retrievePassword: the account to recover, by its name, bound email or phone. */
export class RetrievePasswordViewModel {
  account: string;
  error = '';

  constructor(
    private readonly flow: Flow,
    private readonly navigator: Navigator,
  ) {
    // From login's 忘记密码 the account typed there comes along.
    const passed = navigator.current().query['account'];
    this.account = typeof passed === 'string' && passed !== '' ? passed : flow.typedAccount();
    makeAutoObservable<RetrievePasswordViewModel, 'flow' | 'navigator'>(this, { flow: false, navigator: false }, { autoBind: true });
  }

  changed(value: string): void {
    this.account = value;
    this.error = '';
  }

  nextTapped(): void {
    const outcome = this.flow.chooseAccount(this.account);
    if (!outcome.ok) {
      this.error = outcome.message;
      return;
    }
    this.navigator.push('/retrievePasswordImg');
  }
}

/** /retrievePasswordImg: the image captcha; then where a code can go, or, with nothing bound, customer service. */
export class RetrievePasswordImgViewModel {
  captcha: CaptchaChallenge | null = null;
  captchaCode = '';
  captchaLoading = false;
  captchaFailed = false;
  error = '';
  submitting = false;
  /** The account has no email or phone to send a code to (or no such account: the answers look the same). */
  nothingBound = false;

  constructor(
    private readonly flow: Flow,
    private readonly captchas: Pick<CaptchaService, 'fetch'>,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<RetrievePasswordImgViewModel, 'flow' | 'captchas' | 'navigator'>(this, { flow: false, captchas: false, navigator: false }, { autoBind: true });
  }

  get account(): string {
    return this.flow.typedAccount();
  }

  get canSubmit(): boolean {
    return !this.submitting && this.captcha !== null && this.captchaCode.trim() !== '';
  }

  /** Opening the page: without an account typed first, back to the first step; else a picture. */
  async opened(): Promise<void> {
    if (this.account === '') {
      this.navigator.replace('/retrievePassword');
      return;
    }
    await this.refreshCaptcha();
  }

  captchaCodeChanged(value: string): void {
    this.captchaCode = value;
    this.error = '';
  }

  async refreshCaptcha(): Promise<void> {
    this.captchaLoading = true;
    this.captchaFailed = false;
    this.captchaCode = '';
    const captcha = await this.captchas.fetch();
    runInAction(() => {
      this.captcha = captcha;
      this.captchaLoading = false;
      this.captchaFailed = captcha === null;
    });
  }

  async nextTapped(): Promise<void> {
    if (!this.captcha || this.submitting) return;
    this.submitting = true;
    const outcome = await this.flow.start(this.captcha.id, this.captchaCode);
    runInAction(() => (this.submitting = false));
    if (!outcome.ok) {
      runInAction(() => (this.error = outcome.message));
      // A captcha answers once: a new picture for the next try.
      await this.refreshCaptcha();
      return;
    }
    if ((this.flow.state()?.channels.length ?? 0) === 0) {
      runInAction(() => (this.nothingBound = true));
      return;
    }
    this.navigator.push('/retrievePasswordCode');
  }
}

/** /retrievePasswordCode: a code to the bound email or phone (60 s between sends), typed back. */
export class RetrievePasswordCodeViewModel {
  code = '';
  error = '';
  busy = false;
  readonly countdown: CodeCountdown;

  constructor(
    private readonly flow: Flow,
    clock: Clock,
    private readonly navigator: Navigator,
  ) {
    this.countdown = new CodeCountdown(() => flow.resendIn(), clock);
    makeAutoObservable<RetrievePasswordCodeViewModel, 'flow' | 'navigator'>(this, { flow: false, navigator: false, countdown: false }, { autoBind: true });
  }

  get channels(): { channel: CodeChannel; label: string; chosen: boolean }[] {
    const state = this.flow.state();
    return (state?.channels ?? []).map((each) => ({ channel: each.channel, label: `${CHANNEL_NAMES[each.channel]} ${each.masked}`, chosen: each.channel === state?.channel }));
  }

  get sendText(): string {
    return this.countdown.text;
  }

  get canSend(): boolean {
    return !this.busy && !this.countdown.waiting && this.channels.length > 0;
  }

  get canSubmit(): boolean {
    return !this.busy && this.code.trim() !== '';
  }

  /** Opening the page: without a recovery under way, back to the first step; the countdown runs while open. */
  opened(): () => void {
    if (!this.flow.state()) {
      this.navigator.replace('/retrievePassword');
      return () => undefined;
    }
    return this.countdown.start();
  }

  chosen(channel: CodeChannel): void {
    this.flow.choose(channel);
    this.countdown.refresh();
  }

  codeChanged(value: string): void {
    this.code = value.replace(/\D/g, '');
    this.error = '';
  }

  async sendTapped(): Promise<void> {
    if (!this.canSend) return;
    this.busy = true;
    const outcome = await this.flow.sendCode();
    this.countdown.refresh();
    runInAction(() => {
      this.busy = false;
      this.error = outcome.ok ? '' : outcome.message;
    });
  }

  async nextTapped(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const outcome = await this.flow.checkCode(this.code);
    runInAction(() => {
      this.busy = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (outcome.ok) this.navigator.push('/resetPassword');
  }
}

/** /resetPassword: the new password, twice; then to login with it. */
export class ResetPasswordViewModel {
  password = '';
  confirm = '';
  error = '';
  busy = false;

  constructor(
    private readonly flow: Flow,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<ResetPasswordViewModel, 'flow' | 'navigator' | 'notifier'>(this, { flow: false, navigator: false, notifier: false }, { autoBind: true });
  }

  get canSubmit(): boolean {
    return !this.busy && this.password !== '' && this.confirm !== '';
  }

  opened(): void {
    if (!this.flow.state()?.verified) this.navigator.replace('/retrievePassword');
  }

  changed(field: 'password' | 'confirm', value: string): void {
    this[field] = value;
    this.error = '';
  }

  async submitTapped(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const outcome = await this.flow.reset(this.password, this.confirm);
    runInAction(() => {
      this.busy = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (!outcome.ok) return;
    this.notifier.toast(AccountSecurityTexts.Reset, { durationMs: 2000, position: 'center' });
    this.navigator.replace('/login');
  }
}

export const RetrievePasswordModel = viewModelToken<RetrievePasswordViewModel>('RetrievePasswordViewModel');
export const RetrievePasswordImgModel = viewModelToken<RetrievePasswordImgViewModel>('RetrievePasswordImgViewModel');
export const RetrievePasswordCodeModel = viewModelToken<RetrievePasswordCodeViewModel>('RetrievePasswordCodeViewModel');
export const ResetPasswordModel = viewModelToken<ResetPasswordViewModel>('ResetPasswordViewModel');
