import { makeAutoObservable, runInAction } from 'mobx';
import { type CodeChannel } from '../../core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../core/account-security/account-security-texts.ts';
import type { AccountDeletionFlow } from '../../core/account-security/account-deletion.ts';
import type { Clock } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { CodeCountdown } from './code-countdown.ts';

/** /accountSecurity's 注销账号: what it means, then the password and (when something is bound) a code. */
export class DeleteAccountViewModel {
  open = false;
  password = '';
  code = '';
  error = '';
  busy = false;
  readonly countdown: CodeCountdown;

  constructor(
    private readonly session: SessionModel,
    private readonly flow: Pick<AccountDeletionFlow, 'resendIn' | 'sendCode' | 'delete'>,
    clock: Clock,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    this.countdown = new CodeCountdown(() => flow.resendIn(), clock);
    makeAutoObservable<DeleteAccountViewModel, 'session' | 'flow' | 'navigator' | 'notifier'>(
      this,
      { session: false, flow: false, navigator: false, notifier: false, countdown: false },
      { autoBind: true },
    );
  }

  /** Where the code goes: the bound email first, else the phone; null when nothing is bound. */
  get channel(): CodeChannel | null {
    const user = this.session.user;
    if (user?.email) return 'email';
    if (user?.phone) return 'sms';
    return null;
  }

  get codeHint(): string {
    return this.channel === 'email' ? '验证码将发送到绑定的邮箱' : this.channel === 'sms' ? '验证码将发送到绑定的手机' : '';
  }

  get canSubmit(): boolean {
    return !this.busy && this.password !== '' && (this.channel === null || this.code !== '');
  }

  opened(): () => void {
    return this.countdown.start();
  }

  toggle(): void {
    this.open = !this.open;
    this.error = '';
  }

  passwordChanged(value: string): void {
    this.password = value;
    this.error = '';
  }

  codeChanged(value: string): void {
    this.code = value.replace(/\D/g, '');
    this.error = '';
  }

  async sendTapped(): Promise<void> {
    const channel = this.channel;
    if (channel === null || this.countdown.waiting || this.busy) return;
    this.busy = true;
    const outcome = await this.flow.sendCode(channel);
    this.countdown.refresh();
    runInAction(() => {
      this.busy = false;
      this.error = outcome.ok ? '' : outcome.message;
    });
  }

  async deleteTapped(): Promise<void> {
    if (!this.canSubmit) return;
    const confirmed = await this.notifier.confirm({
      title: '确认注销账号',
      message: '注销后账号将无法登录，绑定的邮箱和手机将解除，资料将清空，发布的内容将显示为“已注销用户”。账号名30天后可被重新注册。',
      confirmText: '确认注销',
      cancelText: '取消',
    });
    if (!confirmed) return;
    this.busy = true;
    const outcome = await this.flow.delete(this.password, this.channel, this.code);
    runInAction(() => {
      this.busy = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (!outcome.ok) return;
    this.notifier.toast(AccountSecurityTexts.Deleted, { durationMs: 2000, position: 'center' });
    this.navigator.replace('/');
  }
}

export const DeleteAccountModel = viewModelToken<DeleteAccountViewModel>('DeleteAccountViewModel');
