import { makeAutoObservable, runInAction } from 'mobx';
import type { SessionState, UserSession } from '../../core/shared-kernel/user-session.ts';
import type { User } from '../../core/shared-kernel/user.ts';

/** The session as MobX state, for view-models to compute from. */
export class SessionModel {
  state: SessionState;

  constructor(session: UserSession) {
    this.state = session.current();
    makeAutoObservable(this, { state: true }, { autoBind: true });
    session.subscribe((next) => runInAction(() => (this.state = next)));
  }

  get user(): User | null {
    return this.state.user;
  }

  get loggedIn(): boolean {
    return this.state.user !== null;
  }
}
