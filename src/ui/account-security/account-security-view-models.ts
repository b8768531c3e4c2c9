import { makeAutoObservable, runInAction } from 'mobx';
import { AccountSecurityTexts } from '../../core/account-security/account-security-texts.ts';
import type { ChangePassword, PasswordChangeForm } from '../../core/account-security/change-password.ts';
import type { SignedInDevice } from '../../core/account-security/account-security-protocol.ts';
import type { SignedInDeviceList } from '../../core/account-security/signed-in-devices.ts';
import { maskText } from '../../core/display/mask.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const NOT_BOUND = '未绑定';

/** /accountSecurity: what is bound to the account (masked by the display rules), the password, the signed-in devices. */
export class AccountSecurityViewModel {
  devices: SignedInDevice[] = [];
  devicesLoaded = false;

  constructor(
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    private readonly deviceList: Pick<SignedInDeviceList, 'list' | 'end'>,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<AccountSecurityViewModel, 'session' | 'navigator' | 'deviceList' | 'notifier'>(
      this,
      { session: false, navigator: false, deviceList: false, notifier: false },
      { autoBind: true },
    );
  }

  async loadDevices(): Promise<void> {
    if (!this.session.loggedIn) return;
    const devices = await this.deviceList.list();
    runInAction(() => {
      if (devices) this.devices = devices;
      this.devicesLoaded = true;
    });
  }


  get hasOthers(): boolean {
    return this.devices.some((device) => !device.current);
  }

  async endTapped(id: string | null): Promise<void> {
    const confirmed = await this.notifier.confirm({
      title: id === null ? '退出其他所有设备' : '退出该设备',
      message: id === null ? '其他设备上的登录将全部退出，需要重新登录。' : '该设备上的登录将退出，需要重新登录。',
      confirmText: '退出',
      cancelText: '取消',
    });
    if (!confirmed) return;
    const outcome = await this.deviceList.end(id);
    if (outcome.ok) this.notifier.toast(AccountSecurityTexts.DeviceEnded, { durationMs: 1500, position: 'center' });
    await this.loadDevices();
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get userName(): string {
    return this.session.user?.userNameRaw ?? '';
  }

  /** The bound email, masked (an email keeps its first 2 local characters and the domain), or 未绑定. */
  get email(): string {
    const email = this.session.user?.email ?? '';
    return email === '' ? NOT_BOUND : maskText(email, { email: true });
  }

  /** The bound phone with its country calling code, masked, or 未绑定. */
  get phone(): string {
    const user = this.session.user;
    if (!user || user.phone === '') return NOT_BOUND;
    const code = user.AreaCode === '' ? '' : `+${user.AreaCode.replace(/^\+/, '')} `;
    return `${code}${maskText(user.phone)}`;
  }

  loginTapped(): void {
    this.navigator.replace('/login', { redirect: '/accountSecurity' });
  }

  changePasswordTapped(): void {
    this.navigator.push('/setPassword');
  }

  /** 扫码登录: the phone scans a TV's or a computer's login code (/scanCode). */
  scanTapped(): void {
    this.navigator.push('/scanCode');
  }

  bindingTapped(): void {
    this.navigator.push('/emailMobileSetting');
  }
}

/** /setPassword: the current password, the new one twice; the other devices are signed out once it changed. */
export class SetPasswordViewModel {
  form: PasswordChangeForm = { oldPassword: '', newPassword: '', confirm: '' };
  error = '';
  saving = false;

  constructor(
    private readonly session: SessionModel,
    private readonly changePassword: Pick<ChangePassword, 'run'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<SetPasswordViewModel, 'session' | 'changePassword' | 'navigator' | 'notifier'>(
      this,
      { session: false, changePassword: false, navigator: false, notifier: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get canSubmit(): boolean {
    return !this.saving && this.form.oldPassword !== '' && this.form.newPassword !== '' && this.form.confirm !== '';
  }

  changed(field: keyof PasswordChangeForm, value: string): void {
    this.form = { ...this.form, [field]: value };
    this.error = '';
  }

  loginTapped(): void {
    this.navigator.replace('/login', { redirect: '/setPassword' });
  }

  async submitTapped(): Promise<void> {
    if (this.saving) return;
    this.saving = true;
    const outcome = await this.changePassword.run(this.form);
    runInAction(() => {
      this.saving = false;
      if (!outcome.ok) {
        this.error = outcome.message;
        return;
      }
      this.form = { oldPassword: '', newPassword: '', confirm: '' };
    });
    if (!outcome.ok) return;
    this.notifier.toast(AccountSecurityTexts.Changed, { durationMs: 1500, position: 'center' });
    this.navigator.replace('/accountSecurity');
  }
}

export const AccountSecurityModel = viewModelToken<AccountSecurityViewModel>('AccountSecurityViewModel');
export const SetPasswordModel = viewModelToken<SetPasswordViewModel>('SetPasswordViewModel');
