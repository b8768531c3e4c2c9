import { HttpFailure, type Http, type HttpParams, type HttpRequest, type HttpResponse } from '../../src/core/ports/http.ts';
import { wireFields } from './wire-fields.ts';

export interface FetchHttpOptions {
  /** Prefixed to request paths; '' means the page's own origin. */
  baseURL: string;
}

/**
 * The browser's transport: the platform's fetch, answering with whatever status arrives (the same contract as
 * AxiosHttp, test/contract/http.contract.ts, without axios's ~20 KiB gzip on the home route's first load).
 */
export class FetchHttp implements Http {
  constructor(private readonly options: FetchHttpOptions) {}

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (request.signal?.aborted) throw cancelled();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    const abort = () => controller.abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    try {
      const sent = body(request);
      const keepalive = request.keepalive === true && keepaliveFits(sent.body);
      const response = await fetch(this.url(request), { method: request.method, ...sent, signal: controller.signal, credentials: 'same-origin', ...(keepalive ? { keepalive } : {}) });
      const text = await response.text();
      return { status: response.status, body: parseBody(text) };
    } catch (error) {
      if (timedOut) throw new HttpFailure('timeout', `timeout of ${request.timeoutMs}ms exceeded`);
      if (request.signal?.aborted) throw cancelled();
      throw new HttpFailure('network', error instanceof Error && error.message ? error.message : 'Network Error');
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abort);
    }
  }

  private url(request: HttpRequest): string {
    const url = ABSOLUTE_URL.test(request.url) || !this.options.baseURL ? request.url : joinUrl(this.options.baseURL, request.url);
    const query = request.params ? toSearchParams(request.params).toString() : '';
    return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
  }
}

/**
 * Browsers refuse a keepalive fetch whose body would take the page's in-flight keepalive bytes past 64 KiB; a body
 * well under it (a comment, a barrage, a message) goes with keepalive, a larger one (a file) without.
 */
const KEEPALIVE_BODY_LIMIT = 48 * 1024;

function keepaliveFits(sent: string | FormData | Blob | undefined): boolean {
  if (sent === undefined) return true;
  return typeof sent === 'string' && new TextEncoder().encode(sent).length <= KEEPALIVE_BODY_LIMIT;
}

/** A URL with a scheme or protocol-relative: sent as it is, not under the base (axios's rule). */
const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The body and its content type. Multipart lets the platform set the boundary. A POST without a body sends none. */
function body(request: HttpRequest): { body?: string | FormData | Blob; headers?: Record<string, string> } {
  if (request.method === 'POST' && request.bodyEncoding === 'bytes') return { body: bytesBlob(request.bytes ?? new Uint8Array()), headers: { 'Content-Type': 'application/octet-stream' } };
  if (request.method !== 'POST' || request.body === undefined) return {};
  const fields = request.body;
  switch (request.bodyEncoding) {
    case 'json':
      return { body: JSON.stringify(fields), headers: { 'Content-Type': 'application/json' } };
    case 'multipart':
      return { body: toFormData(fields, request.files ?? {}) };
    default:
      return { body: toSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  }
}

/** Bytes as a Blob (which takes ArrayBuffer-backed views only; anything else, a SharedArrayBuffer, is copied). */
function bytesBlob(bytes: Uint8Array): Blob {
  return new Blob([bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)], { type: 'application/octet-stream' });
}

/** Fields first, in their order, then the file parts (a server reading the stream sees the fields before the bytes). */
function toFormData(fields: object, files: NonNullable<HttpRequest['files']>): FormData {
  const form = new FormData();
  for (const [key, value] of wireFields(fields)) form.append(key, value);
  for (const [name, part] of Object.entries(files)) {
    // Blob takes ArrayBuffer-backed views only; anything else (a SharedArrayBuffer) is copied.
    const bytes = part.bytes.buffer instanceof ArrayBuffer ? (part.bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(part.bytes);
    form.append(name, new Blob([bytes], { type: part.contentType || 'application/octet-stream' }), part.fileName);
  }
  return form;
}

/** Query and form fields as the wire carries them: undefined and null are left out. */
function toSearchParams(fields: HttpParams | object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of wireFields(fields)) search.append(key, value);
  return search;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function cancelled(): HttpFailure {
  return new HttpFailure('cancelled', '终止请求');
}
