/** The console's operator calls (ConsoleOperatorCalls): sign-in and out, the operator, its sessions, the audit log. */
import type { AppServices } from '../app-services.ts';
import { listAudit, recordAudit } from '../audit/audit-repository.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { actorOf, serveConsole, servePublicConsole, type ConsoleCaller } from '../http/console-route.ts';
import { ConsoleOperatorCalls, ConsoleRet } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { CONSOLE_PAGES, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { createOperator, disableOperator, resetOperatorPassword } from './operator-accounts.ts';
import { endOperatorSession, listOpenSessions, listOperators, type OperatorRecord } from './operator-repository.ts';
import { consoleCookie, type CaptchaCheck, OperatorSessions } from './operator-sessions.ts';

const listed = (operator: OperatorRecord) => ({ id: operator.id, name: operator.name, role: operator.role, disabled: operator.disabled, createdAt: operator.createdAt.getTime() });

export function registerOperatorRoutes(api: ApiRouter, services: AppServices, captchas: CaptchaCheck): OperatorSessions {
  const { db, clock } = services;
  const sessions = new OperatorSessions(services, captchas);
  const accounts = { db, hasher: services.passwords, now: () => new Date(clock.now()) };
  /** Ends one of the caller's sessions (this one when signing out) with its audit row; false when none was open. */
  const endSession = (caller: ConsoleCaller, sessionId: number, action: 'operators.sign-out' | 'operators.end-session') => {
    const at = new Date(clock.now());
    return db.transaction(async (tx) => {
      if (!(await endOperatorSession(tx, sessionId, caller.operator.id, at))) return false;
      await recordAudit(tx, actorOf(caller), { action, target: `session:${sessionId}`, before: null, after: null }, at);
      return true;
    });
  };

  servePublicConsole(api, ConsoleOperatorCalls.signIn, async ({ input, request, reply }) => {
    const { token, operator } = await sessions.signIn(input, request.ip, request.headers['user-agent'] ?? '');
    reply.header('set-cookie', consoleCookie(token, request.protocol === 'https'));
    return { id: operator.id, name: operator.name, role: operator.role };
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.signOut, 'signed-in', async ({ caller, request, reply }) => {
    await endSession(caller, caller.sessionId, 'operators.sign-out');
    reply.header('set-cookie', consoleCookie(null, request.protocol === 'https'));
    return null;
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.me, 'signed-in', async ({ caller }) => caller.operator);

  serveConsole(api, sessions, ConsoleOperatorCalls.sessions, 'signed-in', async ({ caller }) =>
    (await listOpenSessions(db, caller.operator.id)).map((session) => ({
      id: session.id,
      userAgent: session.userAgent,
      createdAt: session.createdAt.getTime(),
      lastSeenAt: session.lastSeenAt.getTime(),
      current: session.id === caller.sessionId,
    })),
  );

  serveConsole(api, sessions, ConsoleOperatorCalls.endSession, 'signed-in', async ({ caller, input }) => {
    if (!(await endSession(caller, input.id, 'operators.end-session'))) throw new ApiError(ConsoleRet.SessionNotFound, OperatorTexts.sessionNotFound);
    return null;
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.list, CONSOLE_PAGES.operators, async () => (await listOperators(db)).map(listed));

  serveConsole(api, sessions, ConsoleOperatorCalls.create, CONSOLE_PAGES.operators, async ({ caller, input }) => {
    const made = await createOperator(accounts, actorOf(caller), { name: input.name, role: input.role as OperatorRole, ...(input.password === undefined ? {} : { password: input.password }) });
    if (!made.ok) throw new ApiError(ConsoleRet.NameTaken, made.problem);
    return { operator: listed(made.operator), password: made.generated ? made.password : '' };
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.disable, CONSOLE_PAGES.operators, async ({ caller, input }) => {
    if (input.name === caller.operator.name) throw new ApiError(ConsoleRet.NotYourself, OperatorTexts.notYourself);
    const done = await disableOperator(accounts, actorOf(caller), input.name);
    if (!done.ok) throw new ApiError(ConsoleRet.OperatorNotFound, done.problem);
    return listed(done.operator);
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.resetPassword, CONSOLE_PAGES.operators, async ({ caller, input }) => {
    const done = await resetOperatorPassword(accounts, actorOf(caller), input.name);
    if (!done.ok) throw new ApiError(ConsoleRet.OperatorNotFound, done.problem);
    return { operator: listed(done.operator), password: done.password };
  });

  serveConsole(api, sessions, ConsoleOperatorCalls.audit, CONSOLE_PAGES.audit, async ({ input }) => {
    const filter = { ...(input.operatorId === undefined ? {} : { operatorId: input.operatorId }), ...(input.action === undefined ? {} : { action: input.action }) };
    const { rows, total } = await listAudit(db, filter, input.page, input.pageSize);
    return {
      list: rows.map((row) => ({ ...row, at: row.at.getTime(), before: row.before as Record<string, unknown> | null, after: row.after as Record<string, unknown> | null })),
      page: input.page,
      pageSize: input.pageSize,
      total,
    };
  });
  return sessions;
}
