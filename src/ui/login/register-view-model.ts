import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { InvitationService } from '../../core/invitation/invitation-service.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import { afterLoginPath } from '../app/after-login-path.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const REGISTER_SUCCESS_TEXT = '注册成功';

export class RegisterViewModel {
  userName = '';
  nickName = '';
  password = '';
  confirmPassword = '';
  /** A friend's invitation code (optional): an invitation link fills it in (`?inviteCode=`). */
  inviteCode = '';
  error = '';
  submitting = false;

  constructor(
    private readonly sessions: Pick<SessionService, 'register'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    private readonly invitation: Pick<InvitationService, 'rememberLinkCode' | 'enter'>,
  ) {
    this.inviteCode = invitation.rememberLinkCode(navigator.current().query.inviteCode);
    makeAutoObservable<RegisterViewModel, 'invitation'>(this, { invitation: false }, { autoBind: true });
  }

  get canSubmit(): boolean {
    return !this.submitting && this.userName.trim() !== '' && this.password !== '' && this.confirmPassword !== '';
  }

  fieldChanged(field: 'userName' | 'nickName' | 'password' | 'confirmPassword' | 'inviteCode', value: string): void {
    this[field] = value;
    this.error = '';
  }

  async submitTapped(): Promise<void> {
    if (this.submitting) return;
    this.submitting = true;
    this.error = '';
    const outcome = await this.sessions.register({
      userName: this.userName,
      nickName: this.nickName,
      password: this.password,
      confirmPassword: this.confirmPassword,
    });
    runInAction(() => {
      this.submitting = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (outcome.ok) {
      // The invitation code is entered for the new account (its refusal, if any, said in the toast).
      const invited = this.inviteCode.trim() === '' ? null : await this.invitation.enter(this.inviteCode);
      const text = invited === null ? REGISTER_SUCCESS_TEXT : invited.ok ? `${REGISTER_SUCCESS_TEXT}，邀请奖励${invited.entered.reward}金币已到账` : `${REGISTER_SUCCESS_TEXT}，${invited.message}`;
      this.notifier.toast(text, { durationMs: invited === null ? 1000 : 2000, position: 'bottom' });
      this.navigator.replace(afterLoginPath(this.navigator.current().query.redirect));
    }
  }

  loginTapped(): void {
    this.navigator.replace('/login', this.navigator.current().query);
  }
}

/** /register's view-model, bound by the composition root (account-screen-bindings.ts). */
export const RegisterModel = viewModelToken<RegisterViewModel>('RegisterViewModel');
