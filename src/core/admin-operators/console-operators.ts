/**
 * The console's operators (issue 33): who is signed in (the session itself is the browser's HttpOnly cookie: the
 * console never holds a token), the sign-in with its refusals told apart (the captcha after failures, as the app's
 * sign-in), the sign-out, one's sessions, and the audit log (null where the role may not read it: the server says so).
 */
import { ApiRefusal } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { CaptchaRet } from '../shared-kernel/captcha-protocol.ts';
import { ConsoleOperatorCalls, ConsoleRet, type AuditPage, type ConsoleOperator, type ConsoleSession, type ListedOperator, type MadePassword } from './admin-operators-protocol.ts';
import type { OperatorRole } from '../shared-kernel/console-access.ts';

export type SignInOutcome =
  | { ok: true; operator: ConsoleOperator }
  /** `captcha`: the next try needs the picture's answer (after failures, or a wrong answer). */
  | { ok: false; message: string; captcha: boolean };

export class ConsoleOperators {
  constructor(private readonly api: ApiClient) {}

  /** The operator of this browser's session, or null when it has none (signed out, ended, expired). */
  async current(): Promise<ConsoleOperator | null> {
    try {
      return await this.api.request(ConsoleOperatorCalls.me, {}, { suppressTips: true });
    } catch (error) {
      if (error instanceof ApiRefusal && error.ret === ConsoleRet.SignInRequired) return null;
      throw error;
    }
  }

  async signIn(form: { name: string; password: string; captchaId?: string; captchaCode?: string }): Promise<SignInOutcome> {
    try {
      const operator = await this.api.request(ConsoleOperatorCalls.signIn, { name: form.name.trim(), password: form.password, captchaId: form.captchaId, captchaCode: form.captchaCode }, { suppressTips: true });
      return { ok: true, operator };
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      return { ok: false, message: error.msg, captcha: error.ret === CaptchaRet.Required || error.ret === CaptchaRet.Wrong };
    }
  }

  async signOut(): Promise<void> {
    try {
      await this.api.request(ConsoleOperatorCalls.signOut, {}, { suppressTips: true });
    } catch {
      // Already signed out (ended elsewhere): nothing to end.
    }
  }

  /** One's open sessions, the newest first (this one marked). */
  async sessions(): Promise<ConsoleSession[]> {
    return this.api.request(ConsoleOperatorCalls.sessions, {});
  }

  /** Ends one of one's own sessions; false when it had already ended. */
  async endSession(id: number): Promise<boolean> {
    try {
      await this.api.request(ConsoleOperatorCalls.endSession, { id });
      return true;
    } catch (error) {
      if (error instanceof ApiRefusal && error.ret === ConsoleRet.SessionNotFound) return false;
      throw error;
    }
  }

  /** Every operator (an owner's list). */
  async list(): Promise<ListedOperator[]> {
    return this.api.request(ConsoleOperatorCalls.list, {});
  }

  /**
   * Makes an operator; the password is the one given, or one the server made (answered once, to be shown once).
   * A taken name is a refusal the form shows (its message); other refusals are the request layer's.
   */
  async create(form: { name: string; role: OperatorRole; password?: string }): Promise<{ ok: true; made: MadePassword } | { ok: false; message: string }> {
    try {
      const password = form.password?.trim() ? { password: form.password } : {};
      return { ok: true, made: await this.api.request(ConsoleOperatorCalls.create, { name: form.name.trim(), role: form.role, ...password }, { suppressTips: true }) };
    } catch (error) {
      if (error instanceof ApiRefusal) return { ok: false, message: error.msg };
      throw error;
    }
  }

  async disable(name: string): Promise<ListedOperator> {
    return this.api.request(ConsoleOperatorCalls.disable, { name });
  }

  async resetPassword(name: string): Promise<MadePassword> {
    return this.api.request(ConsoleOperatorCalls.resetPassword, { name });
  }

  /** A page of the audit log, the newest first; null when the operator's role may not read it. */
  async audit(query: AuditQuery): Promise<AuditPage | null> {
    try {
      return await this.api.request(ConsoleOperatorCalls.audit, {
        page: query.page,
        pageSize: query.pageSize,
        ...(query.action ? { action: query.action } : {}),
        ...(query.operatorId !== undefined ? { operatorId: query.operatorId } : {}),
      });
    } catch (error) {
      if (error instanceof ApiRefusal && error.ret === ConsoleRet.Forbidden) return null;
      throw error;
    }
  }
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  /** An action (`operators.sign-in`) or a group (`operators.`); empty or absent for all. */
  action?: string;
  operatorId?: number;
}
