import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from './api-error.ts';
import { envelope } from './envelope.ts';
import { Ret, RetMessage } from './ret.ts';

/** Messages of requests refused before routing (a bad URL, a malformed request line, oversized headers). */
const RequestErrorMessage = {
  BadUrl: '请求地址格式错误',
  UrlTooLong: '请求地址过长',
  Timeout: '请求超时',
} as const;

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
 * fastify's `frameworkErrors`: errors raised before routing (a malformed %-escape in the path, a path param longer
 * than maxParamLength) answer in the API's shape: HTTP 400 (414 for the long param) `{ ret: 1002, msg, data: null }`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send(envelope(Ret.BadParam, tooLong ? RequestErrorMessage.UrlTooLong : RequestErrorMessage.BadUrl, null));
}

/** The raw HTTP/1.1 answer the client-error handler writes: a status and the envelope as JSON, then the connection closes. */
function rawEnvelopeResponse(status: number, ret: number, msg: string): string {
  const body = JSON.stringify(envelope(ret, msg, null));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * fastify's `clientErrorHandler` (node's http server 'clientError'): a request node cannot parse — a malformed request
 * line or header, headers (the URL included) over node's 16 KB limit, a request that took too long — gets a minimal
 * HTTP/1.1 answer with the envelope instead of node's bodyless one: 400 `{ ret: 1002, msg: '请求格式错误' }`,
 * 431 `请求地址过长`, 408 `请求超时`. The path is unknown at that point, so every path gets it.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, RequestErrorMessage.UrlTooLong]
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, RequestErrorMessage.Timeout]
      : [400, RetMessage.BadRequest];
  this.log.debug({ err: error }, 'malformed HTTP request');
  if (socket.writable) socket.end(rawEnvelopeResponse(status, Ret.BadParam, msg));
  else socket.destroy();
}

export interface ApiRoute {
  method: string;
  url: string;
}

const apiRoutes = new WeakMap<FastifyInstance, ApiRoute[]>();

/** The /api routes registered on the app (GET and POST, as declared), for tests that must cover every route. */
export function apiRoutesOf(app: FastifyInstance): readonly ApiRoute[] {
  return apiRoutes.get(app) ?? [];
}

/**
 * Makes every /api answer `{ ret, msg, data }` with HTTP 200: ApiError as given (with its status), request-format
 * errors as 1002, anything else as 500 with a generic message (details go to the log only).
 * Unknown /api paths: HTTP 404 `{ ret: 404, msg: '接口不存在', data: null }`.
 * Other paths are left to `notFoundFallback` (the static app).
 * Records the /api routes registered afterwards (apiRoutesOf).
 *
 * `notFoundPreHandler` runs first on every not-found request (the flood guard counting unknown /api paths).
 */
export function installErrorHandling(
  app: FastifyInstance,
  notFoundFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown,
  notFoundPreHandler?: preHandlerAsyncHookHandler,
): void {
  const routes: ApiRoute[] = [];
  apiRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if ((method === 'GET' || method === 'POST') && isApiPath(route.url)) routes.push({ method, url: route.url });
    }
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (!isApiPath(request.url)) {
      const status = statusOf(error) ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(status >= 400 && status < 600 ? status : 500)
        .type('text/plain; charset=utf-8')
        .send(status >= 500 ? 'Internal Server Error' : 'Bad Request');
    }
    // A server-to-server route (ApiRouteOptions.httpErrors) answers every refusal with an HTTP error status.
    const httpErrors = request.routeOptions.config.httpErrors === true;
    if (error instanceof ApiError) {
      const status = httpErrors && error.status < 400 ? 400 : error.status;
      return reply.code(status).send(envelope(error.ret, error.message, error.data));
    }
    const clientMessage = clientErrorMessage(error);
    if (clientMessage !== undefined && (codeOf(error).startsWith('FST_') || error instanceof SyntaxError)) {
      request.log.info({ err: error }, 'malformed request');
      return reply.code(httpErrors ? statusOf(error) ?? 400 : 200).send(envelope(Ret.BadParam, clientMessage, null));
    }
    request.log.error({ err: error }, 'unexpected error in API handler');
    return reply.code(httpErrors ? 500 : 200).send(envelope(Ret.Internal, RetMessage.Internal, null));
  });

  app.setNotFoundHandler(notFoundPreHandler ? { preHandler: notFoundPreHandler } : {}, (request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send(envelope(Ret.NotFound, RetMessage.NotFound, null));
    return notFoundFallback(request, reply);
  });
}
