import axios, { type AxiosInstance } from 'axios';
import { HttpFailure, type Http, type HttpParams, type HttpRequest, type HttpResponse } from '../../src/core/ports/http.ts';

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
    const json = request.bodyEncoding === 'json';
    try {
      const response = await this.client.request<unknown>({
        method: request.method,
        url: request.url,
        params: request.params ? toSearchParams(request.params) : undefined,
        ...(request.method === 'POST'
          ? {
              data: json ? JSON.stringify(request.body ?? {}) : toSearchParams(request.body ?? {}).toString(),
              headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
            }
          : {}),
        timeout: request.timeoutMs,
        signal: request.signal,
      });
      return { status: response.status, body: parseBody(response.data) };
    } catch (error) {
      throw toFailure(error, request);
    }
  }
}

/** Query and form fields as the wire carries them: undefined and null are left out. */
function toSearchParams(fields: HttpParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
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
