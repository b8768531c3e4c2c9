/**
 * Form rules of login and registration; the reference server applies the same ones. A new password's rules are
 * in password-rules.ts (with the common-password list, loaded only when someone registers).
 */
import { CaptchaTexts } from '../shared-kernel/captcha-texts.ts';
import { SessionLimits } from './session-protocol.ts';
import { CredentialTexts } from './session-texts.ts';

export interface LoginForm {
  userName: string;
  password: string;
  /** The image captcha, once the server asked for one (its id and what the person typed). */
  captchaId?: string;
  captchaCode?: string;
}

export interface RegisterForm extends LoginForm {
  confirmPassword: string;
  nickName: string;
}

/** The first problem with a login form, or null when it can be sent. */
export function checkLoginForm(form: LoginForm): string | null {
  if (!form.userName.trim()) return CredentialTexts.userNameMissing;
  if (!form.password) return CredentialTexts.passwordMissing;
  if (form.captchaId !== undefined && !form.captchaCode?.trim()) return CaptchaTexts.Required;
  return null;
}

/** The first problem with a registration form, or null when it can be sent; `passwordProblem` is password-rules.ts's newPasswordProblem. */
export function checkRegisterForm(form: RegisterForm, passwordProblem: (password: string) => string | null): string | null {
  const userName = form.userName.trim();
  if (!userName) return CredentialTexts.userNameMissing;
  if (!SessionLimits.userName.test(userName)) return CredentialTexts.userNameBad;
  if (!form.password) return CredentialTexts.passwordMissing;
  const weak = passwordProblem(form.password);
  if (weak) return weak;
  if (form.password !== form.confirmPassword) return CredentialTexts.confirmMismatch;
  const nickName = form.nickName.trim();
  if ([...nickName].length > SessionLimits.nickNameMax || /\p{Cc}/u.test(nickName)) return CredentialTexts.nickNameBad;
  return null;
}
