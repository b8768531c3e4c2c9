import { makeAutoObservable, runInAction } from 'mobx';
import type { ListedOperator, MadePassword } from '../core/admin-operators/admin-operators-protocol.ts';
import { ConsoleTexts, OperatorTexts } from '../core/admin-operators/admin-operators-texts.ts';
import type { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import type { OperatorRole } from '../core/shared-kernel/console-access.ts';
import type { Notifier } from '../core/ports/notifier.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

/** 操作员 (owners): the operators, a new one (its password shown once), a new password, disabling one. */
export class OperatorsViewModel {
  operators: ListedOperator[] = [];
  loading = false;
  failed = false;
  /** The new-operator form is open. */
  creating = false;
  name = '';
  role: OperatorRole = 'editor';
  password = '';
  formError = '';
  busy = false;
  /** A password the server made, shown once (with the operator it is for) until closed. */
  shownPassword: MadePassword | null = null;

  constructor(
    private readonly console: ConsoleOperators,
    private readonly session: ConsoleSessionModel,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<OperatorsViewModel, 'console' | 'session' | 'notifier'>(this, { console: false, session: false, notifier: false }, { autoBind: true });
  }

  get me(): string {
    return this.session.operator?.name ?? '';
  }

  opened(): void {
    void this.load();
  }

  async load(): Promise<void> {
    await loadPage(this, this.session, () => this.console.list(), (operators) => (this.operators = operators));
  }

  createTapped(): void {
    this.creating = true;
    this.name = '';
    this.role = 'editor';
    this.password = '';
    this.formError = '';
  }

  createClosed(): void {
    this.creating = false;
  }

  nameChanged(value: string): void {
    this.name = value;
  }

  roleChanged(value: OperatorRole): void {
    this.role = value;
  }

  passwordChanged(value: string): void {
    this.password = value;
  }

  async createSubmitted(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.formError = '';
    try {
      const outcome = await this.console.create({ name: this.name, role: this.role, ...(this.password ? { password: this.password } : {}) });
      if (!outcome.ok) {
        runInAction(() => (this.formError = outcome.message));
        return;
      }
      runInAction(() => {
        this.creating = false;
        if (outcome.made.password) this.shownPassword = outcome.made;
      });
      this.notifier.toast(ConsoleTexts.operatorCreated(outcome.made.operator.name), { durationMs: 2_000, position: 'top' });
      await this.load();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async resetTapped(name: string): Promise<void> {
    if (!(await this.notifier.confirm({ message: ConsoleTexts.resetConfirm(name) }))) return;
    const made = await this.console.resetPassword(name);
    runInAction(() => (this.shownPassword = made));
  }

  async disableTapped(name: string): Promise<void> {
    if (!(await this.notifier.confirm({ message: ConsoleTexts.disableConfirm(name) }))) return;
    const disabled = await this.console.disable(name);
    runInAction(() => (this.operators = this.operators.map((one) => (one.id === disabled.id ? disabled : one))));
  }

  passwordClosed(): void {
    this.shownPassword = null;
  }

  roleName(role: OperatorRole): string {
    return OperatorTexts.roles[role];
  }
}
