import { makeAutoObservable, runInAction } from 'mobx';
import { type CodeChannel } from '../../core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../core/account-security/account-security-texts.ts';
import { countryOf, type BindingFlow } from '../../core/account-security/binding-flow.ts';
import { countryGroups, type Country } from '../../core/shared-kernel/countries.ts';
import { maskText } from '../../core/display/mask.ts';
import type { Clock } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { CodeCountdown } from './code-countdown.ts';

type Flow = Pick<BindingFlow, 'state' | 'begin' | 'verifyPassword' | 'chooseCountry' | 'resendIn' | 'problem' | 'sendCode' | 'bind' | 'finish'>;

const NAMES: Record<CodeChannel, string> = { email: '邮箱', sms: '手机号' };

/** /emailMobileSetting: the email and the phone, each to bind or change. */
export class EmailMobileSettingViewModel {
  constructor(
    private readonly session: SessionModel,
    private readonly flow: Flow,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<EmailMobileSettingViewModel, 'session' | 'flow' | 'navigator'>(this, { session: false, flow: false, navigator: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get rows(): { channel: CodeChannel; label: string; value: string; action: string }[] {
    const user = this.session.user;
    const email = user?.email ?? '';
    const phone = user?.phone ?? '';
    return [
      { channel: 'email', label: '邮箱', value: email === '' ? '未绑定' : maskText(email, { email: true }), action: email === '' ? '去绑定' : '更换' },
      { channel: 'sms', label: '手机', value: phone === '' ? '未绑定' : `+${user?.AreaCode || '86'} ${maskText(phone)}`, action: phone === '' ? '去绑定' : '更换' },
    ];
  }

  loginTapped(): void {
    this.navigator.replace('/login', { redirect: '/emailMobileSetting' });
  }

  rowTapped(channel: CodeChannel): void {
    this.flow.begin(channel);
    this.navigator.push('/verifyPassword');
  }
}

/** /verifyPassword: the account's password before anything is bound. */
export class VerifyPasswordViewModel {
  password = '';
  error = '';
  busy = false;

  constructor(
    private readonly flow: Flow,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<VerifyPasswordViewModel, 'flow' | 'navigator'>(this, { flow: false, navigator: false }, { autoBind: true });
  }

  opened(): void {
    if (!this.flow.state()) this.navigator.replace('/emailMobileSetting');
  }

  changed(value: string): void {
    this.password = value;
    this.error = '';
  }

  async nextTapped(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const outcome = await this.flow.verifyPassword(this.password);
    runInAction(() => {
      this.busy = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (outcome.ok) this.navigator.replace('/setEmailMobile');
  }
}

/** /setEmailMobile: the new email or phone (with its country or region), a code sent to it, typed back. */
export class SetEmailMobileViewModel {
  target = '';
  code = '';
  error = '';
  busy = false;
  readonly countdown: CodeCountdown;

  constructor(
    private readonly flow: Flow,
    clock: Clock,
    private readonly navigator: Navigator,
  ) {
    this.target = flow.state()?.target ?? '';
    this.countdown = new CodeCountdown(() => flow.resendIn(), clock);
    makeAutoObservable<SetEmailMobileViewModel, 'flow' | 'navigator'>(this, { flow: false, navigator: false, countdown: false }, { autoBind: true });
  }

  get channel(): CodeChannel {
    return this.flow.state()?.channel ?? 'email';
  }

  get title(): string {
    return `绑定${NAMES[this.channel]}`;
  }

  get country(): string {
    const country = countryOf(this.flow.state()?.country ?? '');
    return `${country.name} +${country.dial}`;
  }

  get sendText(): string {
    return this.countdown.text;
  }

  get canSend(): boolean {
    return !this.busy && !this.countdown.waiting && this.target.trim() !== '';
  }

  get canSubmit(): boolean {
    return !this.busy && this.target.trim() !== '' && this.code.trim() !== '';
  }

  /** Without a confirmed password, back to the start; the countdown runs while the page is open. */
  opened(): () => void {
    if (!this.flow.state()?.proof) {
      this.navigator.replace('/emailMobileSetting');
      return () => undefined;
    }
    return this.countdown.start();
  }

  targetChanged(value: string): void {
    this.target = value;
    this.error = '';
  }

  codeChanged(value: string): void {
    this.code = value.replace(/\D/g, '');
    this.error = '';
  }

  countryTapped(): void {
    this.navigator.push('/countryList');
  }

  async sendTapped(): Promise<void> {
    if (!this.canSend) return;
    this.busy = true;
    const outcome = await this.flow.sendCode(this.target);
    this.countdown.refresh();
    runInAction(() => {
      this.busy = false;
      this.error = outcome.ok ? '' : outcome.message;
    });
  }

  async submitTapped(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const outcome = await this.flow.bind(this.target, this.code);
    runInAction(() => {
      this.busy = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (outcome.ok) this.navigator.replace('/setEmailMobileSuccess');
  }
}

/** /countryList: every country and region, searchable by name or calling code, grouped by pinyin initial. */
export class CountryListViewModel {
  query = '';

  constructor(
    private readonly flow: Flow,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<CountryListViewModel, 'flow' | 'navigator'>(this, { flow: false, navigator: false }, { autoBind: true });
  }

  get groups(): { letter: string; countries: readonly Country[] }[] {
    return countryGroups(this.query);
  }

  get chosen(): string {
    return this.flow.state()?.country ?? '';
  }

  searched(value: string): void {
    this.query = value;
  }

  picked(code: string): void {
    this.flow.chooseCountry(code);
    this.navigator.back();
  }
}

/** /setEmailMobileSuccess: what is bound now. */
export class SetEmailMobileSuccessViewModel {
  constructor(
    private readonly flow: Flow,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<SetEmailMobileSuccessViewModel, 'flow' | 'navigator' | 'notifier'>(this, { flow: false, navigator: false, notifier: false }, { autoBind: true });
  }

  get message(): string {
    const state = this.flow.state();
    return state?.bound ? `${NAMES[state.channel]}已绑定：${state.channel === 'email' ? maskText(state.bound, { email: true }) : state.bound}` : AccountSecurityTexts.Bound;
  }

  doneTapped(): void {
    this.flow.finish();
    this.notifier.toast(AccountSecurityTexts.Bound, { durationMs: 1500, position: 'center' });
    this.navigator.replace('/accountSecurity');
  }
}

export const EmailMobileSettingModel = viewModelToken<EmailMobileSettingViewModel>('EmailMobileSettingViewModel');
export const VerifyPasswordModel = viewModelToken<VerifyPasswordViewModel>('VerifyPasswordViewModel');
export const SetEmailMobileModel = viewModelToken<SetEmailMobileViewModel>('SetEmailMobileViewModel');
export const CountryListModel = viewModelToken<CountryListViewModel>('CountryListViewModel');
export const SetEmailMobileSuccessModel = viewModelToken<SetEmailMobileSuccessViewModel>('SetEmailMobileSuccessViewModel');
