/**
 * Serves a call of the operator console (/api/admin/…): `serve`'s declared parameters, then the console's own checks.
 * A change (POST) must come from the console's own origin (its Origin header names this host: a cross-site form or
 * script cannot send one), besides the session cookie's SameSite=Strict; a call for operators needs a console session
 * (9501) and a role the call allows (9504). The session is found by a guard the shell composes (server/operators).
 */
import type { FastifyRequest } from 'fastify';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { ConsoleAccessRet, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import type { AuditActor } from '../audit/audit-repository.ts';
import type { Readable } from 'node:stream';
import { ApiError, badParam } from './api-error.ts';
import { createApiRouter, type ApiContext, type ApiRouter } from './api-router.ts';
import { serve } from './protocol-route.ts';

/** The operator of a console session. */
export interface ConsoleCaller {
  operator: { id: number; name: string; role: OperatorRole };
  sessionId: number;
}

/** Finds the caller's open console session (from its cookie), or null. */
export interface ConsoleGuard {
  callerOf(request: FastifyRequest): Promise<ConsoleCaller | null>;
}

/** Who may make a call: any signed-in operator, or operators of these roles. */
export type ConsoleAccess = 'signed-in' | readonly OperatorRole[];

/** The Origin of a change names this host (scheme and host of the request as it arrived). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (typeof origin !== 'string' || typeof host !== 'string') return false;
  try {
    // Both read as URLs of the Origin's scheme, so a default port written or left out compares alike.
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

type ConsoleContext<S extends Fields> = ApiContext<'none'> & { input: ReceivedOf<S> };

/** A console call's path, checked once when it is registered. */
function consolePath(declared: Call<Fields, unknown>): void {
  if (!declared.path.startsWith('/api/admin/')) throw new Error(`console calls live under /api/admin/: ${declared.path}`);
}

function checkOrigin(declared: Call<Fields, unknown>, request: FastifyRequest): void {
  if (declared.method === 'POST' && !sameOrigin(request)) throw new ApiError(ConsoleAccessRet.BadOrigin, ConsoleAccessTexts.badOrigin);
}

/** Who a console caller is in the audit log. */
export function actorOf(caller: ConsoleCaller): AuditActor {
  return { operatorId: caller.operator.id, name: caller.operator.name };
}

/** A console call anyone may make (the sign-in): its Origin is checked, no session asked for. */
export function servePublicConsole<S extends Fields, Data>(api: ApiRouter, declared: Call<S, Data>, handler: (context: ConsoleContext<S>) => Promise<Data>): void {
  consolePath(declared);
  serve(api, declared, 'none', async (context) => {
    checkOrigin(declared, context.request);
    return handler(context);
  });
}

/** A console call for signed-in operators (of the roles `access` names). */
export function serveConsole<S extends Fields, Data>(
  api: ApiRouter,
  guard: ConsoleGuard,
  declared: Call<S, Data>,
  access: ConsoleAccess,
  handler: (context: ConsoleContext<S> & { caller: ConsoleCaller }) => Promise<Data>,
): void {
  consolePath(declared);
  serve(api, declared, 'none', async (context) => {
    checkOrigin(declared, context.request);
    const caller = await guard.callerOf(context.request);
    if (caller === null) throw new ApiError(ConsoleAccessRet.SignInRequired, ConsoleAccessTexts.signInRequired);
    if (access !== 'signed-in' && !access.includes(caller.operator.role)) throw new ApiError(ConsoleAccessRet.Forbidden, ConsoleAccessTexts.forbidden);
    return handler({ ...context, caller });
  });
}

/**
 * A console call whose body is bytes (application/octet-stream, its parameters in the query: a source's chunk, a
 * picture), registered in a scope of its own that leaves such a body unread, so the handler streams it (`body`);
 * another kind of body is a malformed call (1002).
 */
export function serveConsoleBytes<S extends Fields, Data>(
  api: ApiRouter,
  guard: ConsoleGuard,
  declared: Call<S, Data>,
  access: ConsoleAccess,
  handler: (context: ConsoleContext<S> & { caller: ConsoleCaller; body: Readable }) => Promise<Data>,
): void {
  api.app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
    // Declared on the app itself (declaredCallOf), served in the scope.
    const scoped: ApiRouter = { ...createApiRouter(scope, api.authenticator), app: api.app };
    serveConsole(scoped, guard, declared, access, async (context) => {
      if (context.request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/octet-stream') throw badParam('body');
      return handler({ ...context, body: context.request.raw });
    });
  });
}
