import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import { ConsoleOperatorCalls, ConsoleRet, type ConsoleOperator, type ConsoleSession, type ListedOperator } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { CONSOLE_PAGES, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

interface FakeOperator extends ConsoleOperator {
  password: string;
  disabled: boolean;
  createdAt: number;
}

interface FakeSession {
  id: number;
  operatorId: number;
  browser: string;
  userAgent: string;
  createdAt: number;
  lastSeenAt: number;
  ended: boolean;
}

interface FakeAuditRow {
  id: number;
  operatorId: number | null;
  actor: string;
  at: number;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeConsoleOperatorsState {
  readonly operators: FakeOperator[];
  readonly sessions: FakeSession[];
  readonly audit: FakeAuditRow[];
  /** The signed-in operator of a call's browser, or null (for the other console features' fakes). */
  callerOf(call: FakeHttpCall): ConsoleOperator | null;
  /** Adds a row to the audit log, as a console feature's change does. */
  record(operator: ConsoleOperator, action: string, target: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): void;
  /** What `npm run admin -- operators create` does (audited as by 命令行). */
  addOperator(operator: { name: string; role: OperatorRole; password: string; disabled?: boolean }): ConsoleOperator;
}

export interface FakeConsoleOperatorsOptions {
  /**
   * Which browser a call comes from (its cookie jar: the session it signed in to travels with it), or null for none.
   * The console's own tests have one browser; the contract suite names several.
   */
  browser: (call: FakeHttpCall) => string | null;
  /** Unix ms; Date.now when left out. */
  now?: () => number;
}

/**
 * An in-memory imitation of the reference server's console operator calls (admin-operators-protocol.ts; the
 * contract suite test/contract/console-operators-protocol.test.ts runs one suite against both). It keeps a session
 * per browser as the server's cookie does; it cannot see an Origin, so the cross-site refusal (9505) is the server's
 * alone, tested in test/server/operator-console.test.ts.
 */
export function installFakeConsoleOperatorsApi(http: FakeHttp, options: FakeConsoleOperatorsOptions): FakeConsoleOperatorsState {
  const now = options.now ?? (() => Date.now());
  let nextId = 1;
  const state: FakeConsoleOperatorsState = {
    operators: [],
    sessions: [],
    audit: [],
    callerOf(call) {
      const session = sessionOf(call);
      return session ? view(operatorOf(session.operatorId)) : null;
    },
    record(operator, action, target, before, after) {
      audit(operator.id, operator.name, action, target, before, after);
    },
    addOperator({ name, role, password, disabled = false }) {
      const operator: FakeOperator = { id: nextId++, name, role, password, disabled, createdAt: now() };
      state.operators.push(operator);
      audit(null, OperatorTexts.commandLine, 'operators.create', `operator:${operator.id}`, null, { id: operator.id, name, role, disabled });
      return { id: operator.id, name, role };
    },
  };
  const audit = (operatorId: number | null, actor: string, action: string, target: string, before: FakeAuditRow['before'], after: FakeAuditRow['after']) =>
    state.audit.push({ id: nextId++, operatorId, actor, at: now(), action, target, before, after });

  const sessionOf = (call: FakeHttpCall): FakeSession | null => {
    const browser = options.browser(call);
    const session = browser === null ? undefined : state.sessions.find((one) => one.browser === browser && !one.ended);
    const operator = session && state.operators.find((one) => one.id === session.operatorId);
    return session && operator && !operator.disabled ? session : null;
  };
  const { serve } = fakeApi(http, { caller: (call) => sessionOf(call)?.operatorId ?? null, signedOut: fail(ConsoleRet.SignInRequired, ConsoleAccessTexts.signInRequired) });
  const operatorOf = (id: number): FakeOperator => state.operators.find((one) => one.id === id)!;
  const view = ({ id, name, role }: FakeOperator): ConsoleOperator => ({ id, name, role });

  serve(ConsoleOperatorCalls.signIn, 'optional', (input, _, call) => {
    const operator = state.operators.find((one) => one.name === input.name);
    if (!operator || operator.password !== input.password) return fail(ConsoleRet.WrongCredentials, OperatorTexts.wrongCredentials);
    if (operator.disabled) return fail(ConsoleRet.Disabled, OperatorTexts.disabled);
    const browser = options.browser(call) ?? '';
    for (const old of state.sessions) if (old.browser === browser) old.ended = true;
    const session: FakeSession = { id: nextId++, operatorId: operator.id, browser, userAgent: '', createdAt: now(), lastSeenAt: now(), ended: false };
    state.sessions.push(session);
    audit(operator.id, operator.name, 'operators.sign-in', `session:${session.id}`, null, { userAgent: '' });
    return ok(view(operator));
  });

  serve(ConsoleOperatorCalls.signOut, 'required', (_, operatorId, call) => {
    const session = sessionOf(call)!;
    session.ended = true;
    audit(operatorId, operatorOf(operatorId).name, 'operators.sign-out', `session:${session.id}`, null, null);
    return ok(null);
  });

  serve(ConsoleOperatorCalls.me, 'required', (_, operatorId) => ok(view(operatorOf(operatorId))));

  serve(ConsoleOperatorCalls.sessions, 'required', (_, operatorId, call) => {
    const current = sessionOf(call)!;
    const open = state.sessions.filter((one) => one.operatorId === operatorId && !one.ended).reverse();
    return ok(open.map((one): ConsoleSession => ({ id: one.id, userAgent: one.userAgent, createdAt: one.createdAt, lastSeenAt: one.lastSeenAt, current: one.id === current.id })));
  });

  serve(ConsoleOperatorCalls.endSession, 'required', (input, operatorId) => {
    const session = state.sessions.find((one) => one.id === input.id && one.operatorId === operatorId && !one.ended);
    if (!session) return fail(ConsoleRet.SessionNotFound, OperatorTexts.sessionNotFound);
    session.ended = true;
    audit(operatorId, operatorOf(operatorId).name, 'operators.end-session', `session:${session.id}`, null, null);
    return ok(null);
  });

  const listed = ({ id, name, role, disabled, createdAt }: FakeOperator): ListedOperator => ({ id, name, role, disabled, createdAt });
  const mayManage = (operatorId: number) => (CONSOLE_PAGES.operators as readonly OperatorRole[]).includes(operatorOf(operatorId).role);
  const FORBIDDEN = fail(ConsoleRet.Forbidden, ConsoleAccessTexts.forbidden);
  /** A made password: 16 characters, as the server's. */
  const madePassword = () => Array.from({ length: 16 }, (_, i) => 'abcdefghjkmnpqrstuvwxyz23456789'[(nextId * 7 + i * 13) % 31]).join('');
  const endSessionsOf = (id: number) => {
    const open = state.sessions.filter((one) => one.operatorId === id && !one.ended);
    for (const one of open) one.ended = true;
    return open.length;
  };

  serve(ConsoleOperatorCalls.list, 'required', (_, operatorId) => (mayManage(operatorId) ? ok(state.operators.map(listed)) : FORBIDDEN));

  serve(ConsoleOperatorCalls.create, 'required', (input, operatorId) => {
    if (!mayManage(operatorId)) return FORBIDDEN;
    if (state.operators.some((one) => one.name === input.name)) return fail(ConsoleRet.NameTaken, OperatorTexts.nameTaken);
    const password = input.password ?? madePassword();
    const operator: FakeOperator = { id: nextId++, name: input.name, role: input.role as OperatorRole, password, disabled: false, createdAt: now() };
    state.operators.push(operator);
    const me = operatorOf(operatorId);
    audit(me.id, me.name, 'operators.create', `operator:${operator.id}`, null, { id: operator.id, name: operator.name, role: operator.role, disabled: false });
    return ok({ operator: listed(operator), password: input.password === undefined ? password : '' });
  });

  serve(ConsoleOperatorCalls.disable, 'required', (input, operatorId) => {
    if (!mayManage(operatorId)) return FORBIDDEN;
    const me = operatorOf(operatorId);
    if (input.name === me.name) return fail(ConsoleRet.NotYourself, OperatorTexts.notYourself);
    const operator = state.operators.find((one) => one.name === input.name);
    if (!operator) return fail(ConsoleRet.OperatorNotFound, OperatorTexts.notFound);
    const sessionsEnded = endSessionsOf(operator.id);
    if (!operator.disabled) {
      operator.disabled = true;
      audit(me.id, me.name, 'operators.disable', `operator:${operator.id}`, { ...listed(operator), disabled: false }, { ...listed(operator), sessionsEnded });
    }
    return ok(listed(operator));
  });

  serve(ConsoleOperatorCalls.resetPassword, 'required', (input, operatorId) => {
    if (!mayManage(operatorId)) return FORBIDDEN;
    const operator = state.operators.find((one) => one.name === input.name);
    if (!operator) return fail(ConsoleRet.OperatorNotFound, OperatorTexts.notFound);
    operator.password = madePassword();
    const sessionsEnded = endSessionsOf(operator.id);
    const me = operatorOf(operatorId);
    audit(me.id, me.name, 'operators.reset-password', `operator:${operator.id}`, null, { passwordReset: true, sessionsEnded });
    return ok({ operator: listed(operator), password: operator.password });
  });

  serve(ConsoleOperatorCalls.audit, 'required', (input, operatorId) => {
    if (!(CONSOLE_PAGES.audit as readonly OperatorRole[]).includes(operatorOf(operatorId).role)) return FORBIDDEN;
    const action = input.action;
    const kept = state.audit
      .filter((row) => input.operatorId === undefined || row.operatorId === input.operatorId)
      .filter((row) => action === undefined || (action.endsWith('.') ? row.action.startsWith(action) : row.action === action))
      .sort((a, b) => b.at - a.at || b.id - a.id);
    return ok({ list: kept.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), page: input.page, pageSize: input.pageSize, total: kept.length });
  });

  return state;
}
