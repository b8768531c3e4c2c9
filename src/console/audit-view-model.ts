import { makeAutoObservable } from 'mobx';
import type { AuditPage } from '../core/admin-operators/admin-operators-protocol.ts';
import type { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

/** 审计日志: a page of the log at a time (paged on the server), filtered by action and operator. */
export class AuditViewModel {
  page: AuditPage | null = null;
  pageNumber = 1;
  pageSize = 20;
  action = '';
  operatorId = '';
  loading = false;
  failed = false;
  /** The server refused the operator's role. */
  forbidden = false;

  constructor(
    private readonly operators: ConsoleOperators,
    private readonly session: ConsoleSessionModel,
  ) {
    makeAutoObservable<AuditViewModel, 'operators' | 'session'>(this, { operators: false, session: false }, { autoBind: true });
  }

  opened(): void {
    void this.load();
  }

  actionChanged(value: string | undefined): void {
    this.action = value ?? '';
  }

  operatorIdChanged(value: string): void {
    this.operatorId = value.replace(/\D/g, '');
  }

  searchTapped(): void {
    this.pageNumber = 1;
    void this.load();
  }

  pageChanged(page: number, pageSize: number): void {
    this.pageNumber = pageSize === this.pageSize ? page : 1;
    this.pageSize = pageSize;
    void this.load();
  }

  async load(): Promise<void> {
    const operatorId = this.operatorId === '' ? undefined : Number(this.operatorId);
    const query = { page: this.pageNumber, pageSize: this.pageSize, action: this.action, ...(operatorId ? { operatorId } : {}) };
    await loadPage(this, this.session, () => this.operators.audit(query), (page) => {
      this.forbidden = page === null;
      this.page = page;
    });
  }
}
