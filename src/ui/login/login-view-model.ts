import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';

export const LOGIN_SUCCESS_TEXT = '登录成功';
const NOTICE = { durationMs: 1000, position: 'bottom' } as const;

/** Where a logged-in user goes after signing in: the redirect query when it is a local path, else /user. */
export function afterLoginPath(redirect: string | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : '/user';
}

export class LoginViewModel {
  userName = '';
  password = '';
  error = '';
  submitting = false;

  constructor(
    private readonly sessions: Pick<SessionService, 'logIn'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get canSubmit(): boolean {
    return !this.submitting && this.userName.trim() !== '' && this.password !== '';
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
    const outcome = await this.sessions.logIn({ userName: this.userName, password: this.password });
    runInAction(() => {
      this.submitting = false;
      if (!outcome.ok) this.error = outcome.message;
    });
    if (outcome.ok) {
      this.notifier.toast(LOGIN_SUCCESS_TEXT, NOTICE);
      this.navigator.replace(afterLoginPath(this.navigator.current().query.redirect));
    }
  }

  registerTapped(): void {
    this.navigator.push('/register', this.navigator.current().query);
  }
}
