import type { Container } from 'inversify';
import { ProfileService } from '../core/account/profile-service.ts';
import { SettingsService } from '../core/account/settings-service.ts';
import { SignInService } from '../core/account/sign-in-service.ts';
import { CaptchaService } from '../core/captcha/captcha-service.ts';
import { InvitationService } from '../core/invitation/invitation-service.ts';
import { LanguageService } from '../core/language/language-service.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { SessionService } from '../core/session/session-service.ts';
import {
  EditGenderModel,
  EditGenderViewModel,
  EditInfoModel,
  EditInfoViewModel,
  EditIntroduceModel,
  EditIntroduceViewModel,
  EditNicknameModel,
  EditNicknameViewModel,
} from '../ui/account/edit-profile-view-models.ts';
import { LanguageChoiceModel, LanguageChoiceViewModel } from '../ui/account/language-view-model.ts';
import { SettingsModel, SettingsViewModel } from '../ui/account/settings-view-model.ts';
import { SignInModel, SignInViewModel } from '../ui/account/sign-in-view-model.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { LoginModel, LoginViewModel } from '../ui/login/login-view-model.ts';
import { RegisterModel, RegisterViewModel } from '../ui/login/register-view-model.ts';
import { UserModel, UserViewModel } from '../ui/user/user-view-model.ts';

/** The account screens' view-models: /user, /login and /register, /settings (with its 语言 section), /signIn and the profile edit pages. */
export function bindAccountScreens(container: Container): void {
  bindViewModel(container, UserModel, (c) => new UserViewModel(c.get(SessionModel), c.get(SessionService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  bindViewModel(container, LoginModel, (c) => new LoginViewModel(c.get(SessionService), c.get(CaptchaService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  bindViewModel(container, RegisterModel, (c) => new RegisterViewModel(c.get(SessionService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier), c.get(InvitationService)));
  bindViewModel(
    container,
    SettingsModel,
    (c) => new SettingsViewModel(c.get(SessionModel), c.get(SettingsService), c.get(SessionService), c.get<Notifier>(Notifier)),
  );
  bindViewModel(container, LanguageChoiceModel, (c) => new LanguageChoiceViewModel(c.get(LanguageService), c.get<Notifier>(Notifier)));
  bindViewModel(
    container,
    SignInModel,
    (c) =>
      new SignInViewModel(c.get(SessionModel), c.get(SignInService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier), c.get<PageVisibility>(PageVisibility)),
  );
  // Every edit page's view-model is made from the session, the profile service and the navigator.
  const profile = (c: Resolver) => [c.get(SessionModel), c.get(ProfileService), c.get<Navigator>(Navigator)] as const;
  bindViewModel(container, EditInfoModel, (c) => new EditInfoViewModel(...profile(c)));
  bindViewModel(container, EditNicknameModel, (c) => new EditNicknameViewModel(...profile(c)));
  bindViewModel(container, EditGenderModel, (c) => new EditGenderViewModel(...profile(c)));
  bindViewModel(container, EditIntroduceModel, (c) => new EditIntroduceViewModel(...profile(c)));
}
