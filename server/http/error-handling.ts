import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { envelope } from './envelope.ts';
import { Ret, RetMessage } from './ret.ts';

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0]?.toLowerCase() ?? '';
  return path === '/api' || path.startsWith('/api/');
}

interface HttpishError {
  statusCode?: unknown;
  code?: unknown;
}

function statusOf(error: unknown): number | undefined {
  const { statusCode } = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

function codeOf(error: unknown): string {
  const { code } = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  return typeof code === 'string' ? code : '';
}

/** A request fastify refused before the handler (bad JSON, wrong content type, too large...). */
function clientErrorMessage(error: unknown): string | undefined {
  const status = statusOf(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  if (status === 413) return RetMessage.BodyTooLarge;
  if (status === 415) return RetMessage.UnsupportedMediaType;
  return RetMessage.BadRequest;
}

/**
 * Makes every /api answer `{ ret, msg, data }` with HTTP 200: ApiError as given, request-format
 * errors as 1002, anything else as 500 with a generic message (details go to the log only).
 * Unknown /api paths: HTTP 404 `{ ret: 404, msg: '接口不存在', data: null }`.
 * Other paths are left to `notFoundFallback` (the static app).
 */
export function installErrorHandling(
  app: FastifyInstance,
  notFoundFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (!isApiPath(request.url)) {
      const status = statusOf(error) ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(status >= 400 && status < 600 ? status : 500)
        .type('text/plain; charset=utf-8')
        .send(status >= 500 ? 'Internal Server Error' : 'Bad Request');
    }
    if (error instanceof ApiError) return reply.code(200).send(envelope(error.ret, error.message, error.data));
    const clientMessage = clientErrorMessage(error);
    if (clientMessage !== undefined && (codeOf(error).startsWith('FST_') || error instanceof SyntaxError)) {
      request.log.info({ err: error }, 'malformed request');
      return reply.code(200).send(envelope(Ret.BadParam, clientMessage, null));
    }
    request.log.error({ err: error }, 'unexpected error in API handler');
    return reply.code(200).send(envelope(Ret.Internal, RetMessage.Internal, null));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send(envelope(Ret.NotFound, RetMessage.NotFound, null));
    return notFoundFallback(request, reply);
  });
}
