import type { Container } from 'inversify';
import { ChangePassword } from '../core/account-security/change-password.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import {
  AccountSecurityModel,
  AccountSecurityViewModel,
  SetPasswordModel,
  SetPasswordViewModel,
} from '../ui/account-security/account-security-view-models.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';

/** Account security (issue 22): /accountSecurity and /setPassword. */
export function bindAccountSecurity(container: Container): void {
  container.bind(ChangePassword).toDynamicValue((c) => new ChangePassword(c.get(ApiClient))).inSingletonScope();
  bindViewModel(container, AccountSecurityModel, (c) => new AccountSecurityViewModel(c.get(SessionModel), c.get<Navigator>(Navigator)));
  bindViewModel(container, SetPasswordModel, (c) => new SetPasswordViewModel(c.get(SessionModel), c.get(ChangePassword), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
}
