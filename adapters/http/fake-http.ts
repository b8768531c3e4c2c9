import type { Clock } from '../../src/core/ports/clock.ts';
import { HttpFailure, type Http, type HttpFilePart, type HttpRequest, type HttpResponse } from '../../src/core/ports/http.ts';
import { wireFields } from './wire-fields.ts';

/** What a route handler sees: the request as a server would receive it. */
export interface FakeHttpCall {
  method: HttpRequest['method'];
  /** The pathname, without query string. */
  path: string;
  /** Query parameters as strings (the URL's own query merged with request.params; undefined and null left out). */
  params: Record<string, string>;
  /** Form and multipart fields as strings (undefined and null left out); JSON bodies as parsed JSON; {} when no body was sent. */
  body: Record<string, unknown>;
  /** The file parts of a multipart body, by field name (copies of the bytes); {} otherwise. */
  files: Record<string, HttpFilePart>;
  /** The body of a 'bytes' request (a copy), else null. */
  bytes: Uint8Array | null;
  /** The request exactly as the client sent it. */
  request: HttpRequest;
}

export interface FakeHttpAnswer {
  /** 200 when left out. */
  status?: number;
  /** An object (served as JSON) or a string (served as text). */
  body: unknown;
}

export type FakeHttpHandler = (call: FakeHttpCall) => FakeHttpAnswer | Promise<FakeHttpAnswer>;

export interface FakeHttpOptions {
  /** Drives timeouts; without a clock requests never time out. */
  clock?: Clock;
}

const NOT_FOUND: FakeHttpAnswer = { status: 404, body: { ret: 404, msg: '接口不存在', data: null } };

/**
 * An in-memory transport. Routes match on method and pathname (case-insensitively, like the reference
 * API's routes). A handler may throw an HttpFailure to simulate a transport failure, or never settle to
 * simulate a server that does not answer.
 */
export class FakeHttp implements Http {
  /** Every request sent, in order. */
  readonly requests: HttpRequest[] = [];
  private readonly routes = new Map<string, FakeHttpHandler>();
  private readonly clock: Clock | undefined;
  private online = true;

  constructor(options: FakeHttpOptions = {}) {
    this.clock = options.clock;
  }

  route(method: HttpRequest['method'], path: string, handler: FakeHttpHandler): this {
    this.routes.set(routeKey(method, pathnameOf(path)), handler);
    return this;
  }

  setOnline(online: boolean): void {
    this.online = online;
  }

  send(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(cancelled());
    if (!this.online) return Promise.reject(new HttpFailure('network', 'Network Error'));

    return new Promise<HttpResponse>((resolve, reject) => {
      let timer: number | null = null;
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        if (timer !== null) this.clock?.cancelSchedule(timer);
      };
      const onAbort = () => {
        done();
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort);
      if (this.clock && request.timeoutMs > 0) {
        timer = this.clock.schedule(() => {
          timer = null;
          done();
          reject(new HttpFailure('timeout', `timeout of ${request.timeoutMs}ms exceeded`));
        }, request.timeoutMs);
      }
      this.answer(request).then(
        (response) => {
          done();
          resolve(response);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
  }

  private async answer(request: HttpRequest): Promise<HttpResponse> {
    const url = new URL(request.url, 'http://fake.invalid');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    Object.assign(params, Object.fromEntries(wireFields(request.params ?? {})));
    const body: Record<string, unknown> =
      request.method !== 'POST'
        ? {}
        : request.bodyEncoding === 'json'
          ? (JSON.parse(JSON.stringify(request.body ?? {})) as Record<string, unknown>)
          : Object.fromEntries(wireFields(request.body ?? {}));
    const files: Record<string, HttpFilePart> = {};
    if (request.method === 'POST' && request.bodyEncoding === 'multipart') {
      for (const [name, part] of Object.entries(request.files ?? {})) files[name] = { ...part, bytes: part.bytes.slice() };
    }
    const handler = this.routes.get(routeKey(request.method, url.pathname));
    let answer: FakeHttpAnswer;
    try {
      const bytes = request.method === 'POST' && request.bodyEncoding === 'bytes' ? (request.bytes ?? new Uint8Array()).slice() : null;
      answer = handler ? await handler({ method: request.method, path: url.pathname, params, body, files, bytes, request }) : NOT_FOUND;
    } catch (error) {
      if (error instanceof HttpFailure) throw error;
      answer = { status: 500, body: error instanceof Error ? error.message : String(error) };
    }
    // The answer crosses a wire: the caller gets a copy, never the handler's objects.
    const copy = typeof answer.body === 'string' ? answer.body : (JSON.parse(JSON.stringify(answer.body ?? null)) as unknown);
    return { status: answer.status ?? 200, body: copy };
  }
}

function routeKey(method: string, pathname: string): string {
  return `${method.toUpperCase()} ${pathname.toLowerCase()}`;
}

function pathnameOf(path: string): string {
  return new URL(path, 'http://fake.invalid').pathname;
}

function cancelled(): HttpFailure {
  return new HttpFailure('cancelled', '终止请求');
}
