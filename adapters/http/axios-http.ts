import axios, { type AxiosInstance } from 'axios';
import { HttpFailure, type Http, type HttpParams, type HttpRequest, type HttpResponse } from '../../src/core/ports/http.ts';
import { wireFields } from './wire-fields.ts';

export interface AxiosHttpOptions {
  /** Prefixed to request paths; '' means the page's own origin. */
  baseURL: string;
}

/** The browser (and Node) transport: axios, answering with whatever status arrives. */
export class AxiosHttp implements Http {
  private readonly client: AxiosInstance;

  constructor(options: AxiosHttpOptions) {
    this.client = axios.create({
      baseURL: options.baseURL,
      validateStatus: () => true,
      // Read the body as text and parse it here, so a body that is not JSON comes back as it is.
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      // Timeouts reject with ETIMEDOUT, distinct from an aborted request.
      transitional: { clarifyTimeoutError: true },
    });
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (request.signal?.aborted) throw cancelled();
    try {
      const response = await this.client.request<unknown>({
        method: request.method,
        url: request.url,
        params: request.params ? toSearchParams(request.params) : undefined,
        ...(request.method === 'POST' ? postBody(request) : {}),
        timeout: request.timeoutMs,
        signal: request.signal,
      });
      return { status: response.status, body: parseBody(response.data) };
    } catch (error) {
      throw toFailure(error, request);
    }
  }
}

/** The body and its content type. Multipart lets the platform (browser or Node's undici) set the boundary. */
function postBody(request: HttpRequest): { data?: string | FormData | Uint8Array; headers: Record<string, string | false> } {
  if (request.bodyEncoding === 'bytes') return { data: request.bytes ?? new Uint8Array(), headers: { 'Content-Type': 'application/octet-stream' } };
  // A POST without a body (its params in the query) sends none, and no content type (axios would add its default).
  if (request.body === undefined) return { headers: { 'Content-Type': false } };
  const body = request.body;
  switch (request.bodyEncoding) {
    case 'json':
      return { data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    case 'multipart':
      return { data: toFormData(body, request.files ?? {}), headers: {} };
    default:
      return { data: toSearchParams(body).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  }
}

/** Fields first, in their order, then the file parts (a server reading the stream sees the fields before the bytes). */
function toFormData(fields: HttpRequest['body'] & object, files: NonNullable<HttpRequest['files']>): FormData {
  const form = new FormData();
  for (const [key, value] of wireFields(fields)) form.append(key, value);
  for (const [name, part] of Object.entries(files)) {
    // Blob takes ArrayBuffer-backed views only; anything else (a SharedArrayBuffer) is copied.
    const bytes = part.bytes.buffer instanceof ArrayBuffer ? (part.bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(part.bytes);
    const blob = new Blob([bytes], { type: part.contentType || 'application/octet-stream' });
    form.append(name, blob, part.fileName);
  }
  return form;
}

/** Query and form fields as the wire carries them: undefined and null are left out. */
function toSearchParams(fields: HttpParams | object): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of wireFields(fields)) search.append(key, value);
  return search;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? '';
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function cancelled(): HttpFailure {
  return new HttpFailure('cancelled', '终止请求');
}

function toFailure(error: unknown, request: HttpRequest): HttpFailure {
  if (error instanceof HttpFailure) return error;
  if (request.signal?.aborted || axios.isCancel(error)) return cancelled();
  const code = axios.isAxiosError(error) ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ETIMEDOUT') return new HttpFailure('timeout', message || `timeout of ${request.timeoutMs}ms exceeded`);
  return new HttpFailure('network', message || 'Network Error');
}
