import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError } from './api-error.ts';
import { isApiPath } from './error-handling.ts';
import { Ret, RetMessage } from './ret.ts';

type IncrCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The flood guard's counters in this process: a fixed window per address, O(1) a request. (The plugin's own
 * LocalStore hands every request the same mutable entry, so requests in flight together all read the last
 * count: a parallel burst past the limit refused even its first requests.) Emptied of past windows as it goes.
 */
class FixedWindowMemoryStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    if (now >= this.nextSweep) this.sweep(now, timeWindow);
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.endsAt - now });
  }

  child(): FixedWindowMemoryStore {
    return this;
  }

  private sweep(now: number, timeWindow: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweep = now + timeWindow;
  }
}

export interface FloodGuardOptions {
  /** Requests one address may make per window; 0 registers nothing. */
  max: number;
  windowMs: number;
  /** Count in Redis (every process shares the counts) under `<prefix>api:`; memory of this process when absent. */
  redis?: { connection: Redis; prefix: string } | undefined;
}

/**
 * The per-address limit on /api (@fastify/rate-limit): static files, /media, /vod, /live and uploads are not
 * counted. The address is request.ip (X-Forwarded-For behind TRUST_PROXY; IPv6 counted per /64). A refusal is
 * HTTP 429 with Retry-After and the usual `{ ret: 429, msg: 操作过于频繁，请稍后再试, data: null }`, which the
 * app's request layer toasts like any other answer. A Redis failure lets requests through (the guard fails open).
 *
 * Register before the routes (it hooks them as they are added). Returns the handler that counts the requests the
 * router does not know (unknown /api paths) for the not-found handler, or undefined when the guard is off.
 */
export async function registerFloodGuard(app: FastifyInstance, options: FloodGuardOptions): Promise<preHandlerAsyncHookHandler | undefined> {
  if (options.max === 0) return undefined;
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    hook: 'onRequest',
    allowList: (request) => !isApiPath(request.url),
    skipOnError: true,
    ...(options.redis ? { redis: options.redis.connection, nameSpace: `${options.redis.prefix}api:` } : { store: FixedWindowMemoryStore }),
    onExceeded: (request, key) => request.log.info({ key }, 'flood guard: too many requests'),
    errorResponseBuilder: (_request, context) => new ApiError(Ret.TooManyRequests, RetMessage.TooManyRequests, null, context.statusCode),
  });
  return app.rateLimit();
}
