import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleOperator } from '../core/admin-operators/admin-operators-protocol.ts';
import type { ConsoleOperators } from '../core/admin-operators/console-operators.ts';
import { mayOpen, type ConsolePage } from '../core/shared-kernel/console-access.ts';

/**
 * Who is signed in to the console, as MobX state for its view-models: asked of the server when the console starts
 * (the session is the browser's cookie), set by the sign-in, cleared by the sign-out or when the server says the
 * session has ended.
 */
export class ConsoleSessionModel {
  operator: ConsoleOperator | null = null;
  /** The server has been asked once (until then the console shows nothing but its frame). */
  checked = false;
  /** The server could not be asked (the network): the console offers to try again. */
  failed = false;

  constructor(private readonly operators: ConsoleOperators) {
    makeAutoObservable<ConsoleSessionModel, 'operators'>(this, { operators: false }, { autoBind: true });
  }

  async check(): Promise<void> {
    try {
      const operator = await this.operators.current();
      runInAction(() => {
        this.operator = operator;
        this.checked = true;
        this.failed = false;
      });
    } catch {
      runInAction(() => {
        this.checked = true;
        this.failed = true;
      });
    }
  }

  signedIn(operator: ConsoleOperator): void {
    this.operator = operator;
    this.checked = true;
    this.failed = false;
  }

  /** The server said this session has ended (signed out here, or ended from another device). */
  ended(): void {
    this.operator = null;
  }

  async signOut(): Promise<void> {
    await this.operators.signOut();
    this.ended();
  }

  mayOpen(page: ConsolePage): boolean {
    return this.operator !== null && mayOpen(this.operator.role, page);
  }
}
