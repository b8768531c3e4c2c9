import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFor, AuthMode, Authenticator } from '../auth/authenticator.ts';
import { okEnvelope } from './envelope.ts';
import { matchesIfNoneMatch, REVALIDATE_PRIVATE, serializeAnswer } from './etag.ts';
import { Params } from './params.ts';

export interface ApiContext<A extends AuthMode> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Query string and body merged (body wins). */
  params: Params;
  /** The caller's session: AuthSession for 'required', AuthSession | null for 'optional', null for 'none'. */
  auth: AuthFor<A>;
}

/**
 * Returns the answer's data (or `ok(data, msg)` for a custom success message).
 * Throw ApiError for a refusal; anything else thrown becomes ret 500.
 */
type ApiHandler<A extends AuthMode> = (context: ApiContext<A>) => Promise<unknown>;

/**
 * Registers API routes answering `{ ret, msg, data }`: reads the params, authenticates per the
 * route's AuthMode, runs the handler and wraps its result.
 *
 *   api.post('/api/Example/Get', 'required', async ({ auth }) => toUserView(auth.user, ...));
 */
export interface ApiRouter {
  get<A extends AuthMode>(url: string, auth: A, handler: ApiHandler<A>, options?: ApiRouteOptions): void;
  post<A extends AuthMode>(url: string, auth: A, handler: ApiHandler<A>, options?: ApiRouteOptions): void;
  readonly app: FastifyInstance;
  readonly authenticator: Authenticator;
}

export interface ApiRouteOptions {
  /**
   * A server-to-server route (a payment provider's callback): every refusal, including a body or parameter the
   * route never sees (malformed JSON, NUL), answers with an HTTP error status (400 unless the error names one) and
   * an unexpected failure with HTTP 500, since the caller goes by the status, not by `ret`.
   */
  httpErrors?: boolean;
  /**
   * A read the app repeats (GET): the answer carries an ETag of its whole body and `Cache-Control: private,
   * no-cache`, and a request whose If-None-Match names it gets 304 without a body. A handler returning the same
   * (cached, read-only) object again has its JSON text and ETag reused.
   */
  etag?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by ApiRouter for routes registered with `httpErrors` (see ApiRouteOptions). */
    httpErrors?: boolean;
  }
}

export function createApiRouter(app: FastifyInstance, authenticator: Authenticator): ApiRouter {
  const add = <A extends AuthMode>(method: 'GET' | 'POST', url: string, mode: A, handler: ApiHandler<A>, options: ApiRouteOptions = {}): void => {
    if (!url.toLowerCase().startsWith('/api/')) throw new Error(`API routes live under /api/: ${url}`);
    app.route({
      method,
      url,
      config: { httpErrors: options.httpErrors === true },
      handler: async (request, reply) => {
        const params = Params.fromRequest(request.query, request.body);
        const auth = await authenticator.resolve(mode, params);
        const result = await handler({ request, reply, params, auth });
        if (options.etag !== true) return okEnvelope(result);
        const { body, etag } = serializeAnswer(result, okEnvelope);
        reply.header('etag', etag).header('cache-control', REVALIDATE_PRIVATE);
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(body);
      },
    });
  };
  return {
    app,
    authenticator,
    get: (url, mode, handler, options) => add('GET', url, mode, handler, options),
    post: (url, mode, handler, options) => add('POST', url, mode, handler, options),
  };
}
