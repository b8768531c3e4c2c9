import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { SignInService } from './sign-in-service.ts';

/** Session storage: the sign-in tip was closed (spec: its hidden flag is kept per session). */
export const SIGN_IN_TIP_HIDDEN_KEY = 'signInTipHidden';

/** The home page's closable tip inviting a logged-in user who has not signed in today to sign in. */
export class SignInTip {
  constructor(
    private readonly signIn: SignInService,
    private readonly session: KeyValueStore,
  ) {}

  hidden(): boolean {
    return this.session.get(SIGN_IN_TIP_HIDDEN_KEY) === '1';
  }

  /** Closing it hides it for the rest of the session (a reload keeps it hidden; a new session shows it again). */
  hide(): void {
    this.session.set(SIGN_IN_TIP_HIDDEN_KEY, '1');
  }

  /** Shown to a logged-in user who has not signed in today and has not closed it this session; a failed check shows nothing. */
  async shouldShow(): Promise<boolean> {
    if (!this.signIn.loggedIn() || this.hidden()) return false;
    try {
      return !(await this.signIn.status({ quiet: true })).signedToday;
    } catch {
      return false;
    }
  }
}
