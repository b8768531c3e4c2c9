import { makeAutoObservable } from 'mobx';
import type { ConsoleSession } from '../core/admin-operators/admin-operators-protocol.ts';
import { ConsoleTexts } from '../core/admin-operators/admin-operators-texts.ts';
import type { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import type { Notifier } from '../core/ports/notifier.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

/** 登录会话: the operator's open sessions, this one marked; another (or this one) ended after a confirm. */
export class SessionsViewModel {
  sessions: ConsoleSession[] = [];
  loading = false;
  failed = false;

  constructor(
    private readonly operators: ConsoleOperators,
    private readonly session: ConsoleSessionModel,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<SessionsViewModel, 'operators' | 'session' | 'notifier'>(this, { operators: false, session: false, notifier: false }, { autoBind: true });
  }

  opened(): void {
    void this.load();
  }

  async load(): Promise<void> {
    await loadPage(this, this.session, () => this.operators.sessions(), (sessions) => (this.sessions = sessions));
  }

  async endTapped(id: number): Promise<void> {
    if (!(await this.notifier.confirm({ message: ConsoleTexts.endSessionConfirm }))) return;
    const current = this.sessions.find((one) => one.id === id)?.current === true;
    await this.operators.endSession(id);
    if (current) {
      this.session.ended();
      return;
    }
    this.notifier.toast(ConsoleTexts.sessionEnded, { durationMs: 2_000, position: 'top' });
    await this.load();
  }
}
