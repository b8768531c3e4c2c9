import type { Container } from 'inversify';
import { AccountDeletionFlow } from '../core/account-security/account-deletion.ts';
import { BindingFlow } from '../core/account-security/binding-flow.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { DeleteAccountModel, DeleteAccountViewModel } from '../ui/account-security/delete-account-view-model.ts';
import { ChangePassword } from '../core/account-security/change-password.ts';
import { SessionService } from '../core/session/session-service.ts';
import { RegionService } from '../core/region/region-service.ts';
import { CountryStateListModel, CountryStateListViewModel, RegionRowModel, RegionRowViewModel, SelectAreaModel, SelectAreaViewModel } from '../ui/region/select-area-view-model.ts';
import { PasswordRecoveryFlow } from '../core/account-security/password-recovery.ts';
import { SignedInDeviceList } from '../core/account-security/signed-in-devices.ts';
import { CaptchaService } from '../core/captcha/captcha-service.ts';
import { Clock } from '../core/ports/clock.ts';
import { SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import {
  AccountSecurityModel,
  AccountSecurityViewModel,
  SetPasswordModel,
  SetPasswordViewModel,
} from '../ui/account-security/account-security-view-models.ts';
import {
  CountryListModel,
  CountryListViewModel,
  EmailMobileSettingModel,
  EmailMobileSettingViewModel,
  SetEmailMobileModel,
  SetEmailMobileSuccessModel,
  SetEmailMobileSuccessViewModel,
  SetEmailMobileViewModel,
  VerifyPasswordModel,
  VerifyPasswordViewModel,
} from '../ui/account-security/binding-view-models.ts';
import {
  ResetPasswordModel,
  ResetPasswordViewModel,
  RetrievePasswordCodeModel,
  RetrievePasswordCodeViewModel,
  RetrievePasswordImgModel,
  RetrievePasswordImgViewModel,
  RetrievePasswordModel,
  RetrievePasswordViewModel,
} from '../ui/account-security/password-recovery-view-models.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';

/** Account security (issue 22): /selectArea, /accountSecurity, /setPassword, binding an email or phone (/emailMobileSetting … /setEmailMobileSuccess, /countryList) and password recovery (/retrievePassword … /resetPassword). */
export function bindAccountSecurity(container: Container): void {
  container.bind(ChangePassword).toDynamicValue((c) => new ChangePassword(c.get(ApiClient))).inSingletonScope();
  container.bind(SignedInDeviceList).toDynamicValue((c) => new SignedInDeviceList(c.get(ApiClient))).inSingletonScope();
  bindViewModel(container, AccountSecurityModel, (c) => new AccountSecurityViewModel(c.get(SessionModel), c.get<Navigator>(Navigator), c.get(SignedInDeviceList), c.get<Notifier>(Notifier)));
  container
    .bind(PasswordRecoveryFlow)
    .toDynamicValue((c) => {
      const clock = c.get<Clock>(Clock);
      return new PasswordRecoveryFlow(c.get(ApiClient), c.get<KeyValueStore>(SessionStore), () => clock.now());
    })
    .inSingletonScope();
  bindViewModel(container, RetrievePasswordModel, (c) => new RetrievePasswordViewModel(c.get(PasswordRecoveryFlow), c.get<Navigator>(Navigator)));
  bindViewModel(container, RetrievePasswordImgModel, (c) => new RetrievePasswordImgViewModel(c.get(PasswordRecoveryFlow), c.get(CaptchaService), c.get<Navigator>(Navigator)));
  bindViewModel(container, RetrievePasswordCodeModel, (c) => new RetrievePasswordCodeViewModel(c.get(PasswordRecoveryFlow), c.get<Clock>(Clock), c.get<Navigator>(Navigator)));
  bindViewModel(container, ResetPasswordModel, (c) => new ResetPasswordViewModel(c.get(PasswordRecoveryFlow), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  container
    .bind(BindingFlow)
    .toDynamicValue((c) => {
      const clock = c.get<Clock>(Clock);
      return new BindingFlow(c.get(ApiClient), c.get<KeyValueStore>(SessionStore), c.get(SessionService), () => clock.now());
    })
    .inSingletonScope();
  bindViewModel(container, EmailMobileSettingModel, (c) => new EmailMobileSettingViewModel(c.get(SessionModel), c.get(BindingFlow), c.get<Navigator>(Navigator)));
  bindViewModel(container, VerifyPasswordModel, (c) => new VerifyPasswordViewModel(c.get(BindingFlow), c.get<Navigator>(Navigator)));
  bindViewModel(container, SetEmailMobileModel, (c) => new SetEmailMobileViewModel(c.get(BindingFlow), c.get<Clock>(Clock), c.get<Navigator>(Navigator)));
  bindViewModel(container, CountryListModel, (c) => new CountryListViewModel(c.get(BindingFlow), c.get<Navigator>(Navigator)));
  bindViewModel(container, SetEmailMobileSuccessModel, (c) => new SetEmailMobileSuccessViewModel(c.get(BindingFlow), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  // /selectArea and /settings' 地区 row: the user's region (kept on the account when signed in).
  bindViewModel(container, RegionRowModel, (c) => new RegionRowViewModel(c.get(RegionService)));
  bindViewModel(container, SelectAreaModel, (c) => new SelectAreaViewModel(c.get(RegionService), c.get(SessionModel), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  // /countryStateList: the regions inside a country; their table loads with the screen only.
  bindViewModel(
    container,
    CountryStateListModel,
    (c, { country }) =>
      new CountryStateListViewModel(c.get(RegionService), c.get(SessionModel), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier), () => import('../core/region/subdivisions.ts').then((m) => m.subdivisionsOf), country),
  );
  container
    .bind(AccountDeletionFlow)
    .toDynamicValue((c) => {
      const clock = c.get<Clock>(Clock);
      return new AccountDeletionFlow(c.get(ApiClient), c.get(UserSession), () => clock.now());
    })
    .inSingletonScope();
  bindViewModel(container, DeleteAccountModel, (c) => new DeleteAccountViewModel(c.get(SessionModel), c.get(AccountDeletionFlow), c.get<Clock>(Clock), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  bindViewModel(container, SetPasswordModel, (c) => new SetPasswordViewModel(c.get(SessionModel), c.get(ChangePassword), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
}
