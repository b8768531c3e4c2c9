/** The transport under the request layer: sends one request and hands back the raw answer. */
export type HttpParams = Record<string, string | number | boolean | null | undefined>;

/** A file part of a multipart body. */
export interface HttpFilePart {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/** A JSON body may nest; form and multipart bodies are flat fields. */
export type HttpJsonBody = { [key: string]: unknown };

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path (e.g. /api/Login/Login) or absolute URL; the adapter prefixes its base address to paths. */
  url: string;
  /** Query string parameters. */
  params?: HttpParams;
  /** POST body fields (for 'json', any JSON object); a POST without a body sends its params in the query alone. */
  body?: HttpParams | HttpJsonBody;
  /**
   * How the body is encoded: form-encoded by default; 'multipart' sends the body's fields first (in their
   * order), then the files.
   */
  bodyEncoding?: 'form' | 'json' | 'multipart' | 'bytes';
  /** The body of a 'bytes' request, sent as application/octet-stream (its params travel in the query). */
  bytes?: Uint8Array;
  /** File parts of a multipart body, by field name. */
  files?: Record<string, HttpFilePart>;
  timeoutMs: number;
  /**
   * Finish the request even if the page is unloaded meanwhile (fetch's keepalive); the browser allows it for small
   * bodies only (64 KiB in flight), so a transport may send a larger one without it. Ignored outside a browser.
   */
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export type HttpFailureKind = 'network' | 'timeout' | 'cancelled';

/** The transport failed: no answer arrived. */
export class HttpFailure extends Error {
  constructor(readonly kind: HttpFailureKind, message: string) {
    super(message);
    this.name = 'HttpFailure';
  }
}

export interface Http {
  /** Resolves with any answer that arrived (whatever its status); rejects with HttpFailure when none did. */
  send(request: HttpRequest): Promise<HttpResponse>;
}
export const Http = Symbol('Http');
