import { HttpFailure, type Http, type HttpFilePart, type HttpJsonBody, type HttpParams, type HttpRequest } from '../ports/http.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import { fallback, finite, getDotPath, number, object, optional, pipe, safeParse, string, unknown, type InferOutput } from 'valibot';
import { parsed } from './answer-values.ts';
import { ApiError, ApiRefusal } from './api-error.ts';
import { commonParams, type RequestContext } from './common-params.ts';
import { encodeParams, queryCarriedFields, type AnswerSchema, type Call, type Fields, type ParamsOf } from './protocol.ts';
import { ClientRet, Ret } from './ret.ts';
import { RequestLimits, RequestTexts, shortenMessage } from './texts.ts';

export interface CallOptions {
  /** Toast the server's message for 1 s when the call succeeds. */
  notice?: boolean;
  /** Show no error toast for this call. */
  suppressTips?: boolean;
  /** Abort to cancel the call (no toast is shown for a deliberate cancel). */
  signal?: AbortSignal;
  /** POST body encoding; form by default. */
  bodyEncoding?: 'form' | 'json';
  /**
   * Where a POST's parameters (the common ones included) travel: in a body by default; 'query' sends them in
   * the query string with no body (spec: UpdateUserInfo). GET parameters always travel in the query.
   */
  paramsIn?: 'body' | 'query';
  /** Sent to the end even if the page is left meanwhile (a declaration's `outlivesPage`). */
  keepalive?: boolean;
  /** A POST whose body is these bytes (application/octet-stream), its parameters in the query (a file's chunk). */
  bytes?: Uint8Array;
}

/** A declared call's options: its refusals, as its declaration lists them. */
type RequestOptions = CallOptions & { refusals: readonly number[] };


const LOGIN_PATH = '/login';

/**
 * An answer of this API, {ret, msg, data}: without a finite number as ret it is not one; msg is '' when it is no
 * text, data null when absent.
 */
export const apiAnswer = object({
  ret: pipe(number(), finite()),
  msg: fallback(string(), ''),
  data: optional(unknown(), null),
});

type ApiAnswer = InferOutput<typeof apiAnswer>;

/**
 * The request layer: adds the common parameters, turns every answer into data or an ApiError,
 * and applies the global rules of the error catalogue (toasts, session invalid → /login).
 */
export class ApiClient {
  constructor(
    private readonly http: Http,
    private readonly context: RequestContext,
    private readonly notifier: Notifier,
    private readonly navigator: Navigator,
    /** Where an unreadable answer is logged (the console in the app). */
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /**
   * A call declared in a feature's protocol module: its parameters encoded and sent as the declaration says, its
   * answer's data read once through the declared answer (a `data` that does not fit is an ApiError
   * {@link ClientRet.UnreadableData}, logged with the call's path and shown as 加载失败), its declared refusals thrown
   * as an {@link ApiRefusal} without a toast.
   */
  async request<S extends Fields, Data, Refusal extends number>(
    declared: Call<S, Data, Refusal>,
    input: ParamsOf<S>,
    given: Omit<CallOptions, 'paramsIn' | 'bodyEncoding'> = {},
  ): Promise<Data> {
    const params = encodeParams(declared, input);
    const options: RequestOptions = { ...given, ...(declared.outlivesPage ? { keepalive: true } : {}), refusals: declared.refusals ?? [] };
    let data: unknown;
    if (declared.method === 'GET') data = await this.call('GET', declared.path, params, options);
    else {
      const query = new URLSearchParams();
      for (const name of queryCarriedFields(declared)) {
        const value = params[name];
        if (value === undefined) continue;
        query.set(name, String(value));
        delete params[name];
      }
      const path = query.size > 0 ? `${declared.path}?${query.toString()}` : declared.path;
      data = await this.call('POST', path, params, { ...options, paramsIn: declared.carrier === 'query' ? 'query' : 'body' });
    }
    return this.read(declared.path, declared.answer, data, options);
  }

  /** The data as the call declares it, or the unreadable answer's failure (logged; the generic message toasted). */
  private read<Data>(path: string, answer: AnswerSchema<Data>, data: unknown, options: CallOptions): Data {
    const result = safeParse(answer, data);
    if (result.success) return result.output;
    const [issue] = result.issues;
    this.log(`${path}: unreadable answer at ${getDotPath(issue) ?? 'data'}: ${issue.message}`);
    if (!options.suppressTips) this.toast(RequestTexts.shortened, RequestLimits.errorToastMs);
    throw new ApiError(ClientRet.UnreadableData, RequestTexts.shortened);
  }

  get(path: string, params: HttpParams = {}, options: CallOptions = {}): Promise<unknown> {
    return this.call('GET', path, params, options);
  }

  /** A POST: form-encoded fields by default; with bodyEncoding 'json' the body may nest (common params at the top). */
  post(path: string, body: HttpParams | HttpJsonBody = {}, options: CallOptions = {}): Promise<unknown> {
    return this.call('POST', path, body, options);
  }

  /**
   * A multipart POST: the common params and the fields first (in that order), then the file parts — so a
   * server reading the stream knows who is sending and what before the bytes arrive.
   */
  postMultipart(path: string, fields: HttpParams, files: Record<string, HttpFilePart>, options: CallOptions = {}): Promise<unknown> {
    return this.call('POST', path, fields, options, files);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    fields: HttpParams | HttpJsonBody,
    options: CallOptions & { refusals?: readonly number[] },
    files?: Record<string, HttpFilePart>,
  ): Promise<unknown> {
    const all = { ...commonParams(this.context), ...fields };
    const bodyEncoding: HttpRequest['bodyEncoding'] = files ? 'multipart' : (options.bodyEncoding ?? 'form');
    let answer: ApiAnswer | null;
    try {
      const response = await this.http.send({
        method,
        url: path,
        ...(options.bytes && method === 'POST'
          ? { params: all as HttpParams, bytes: options.bytes, bodyEncoding: 'bytes' as const }
          : method === 'GET' || (options.paramsIn === 'query' && !files) ? { params: all as HttpParams } : { body: all, bodyEncoding }),
        ...(files ? { files } : {}),
        timeoutMs: RequestLimits.timeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      answer = parsed(apiAnswer, response.body);
    } catch (error) {
      throw this.transportFailed(error, options);
    }
    if (!answer) throw this.transportFailed(new HttpFailure('network', 'malformed answer'), options, ClientRet.MalformedAnswer);
    return this.handle(answer, options);
  }

  private handle(answer: ApiAnswer, options: CallOptions & { refusals?: readonly number[] }): unknown {
    const { ret, msg, data } = answer;
    if (ret === Ret.Ok) {
      if (options.notice && msg) this.toast(msg, RequestLimits.noticeToastMs);
      return data;
    }
    if (ret === Ret.SessionInvalid) {
      this.context.sessionInvalidated();
      if (msg) this.toast(msg, RequestLimits.noticeToastMs);
      const here = this.navigator.current();
      if (here.path !== LOGIN_PATH) this.navigator.replace(LOGIN_PATH, here.query);
      throw new ApiError(ret, msg, data);
    }
    if (options.refusals?.includes(ret)) throw new ApiRefusal(ret, msg, data);
    const suppressed = options.suppressTips === true;
    if (!suppressed && msg) this.toast(msg, RequestLimits.errorToastMs);
    throw new ApiError(ret, msg, data);
  }

  private transportFailed(error: unknown, options: CallOptions, ret: number = ClientRet.NetworkFailure): ApiError {
    const cancelled = (error instanceof HttpFailure && error.kind === 'cancelled') || options.signal?.aborted === true;
    if (cancelled) return new ApiError(ClientRet.Cancelled, RequestTexts.cancelled);
    if (!options.suppressTips) this.toast(RequestTexts.networkError, RequestLimits.noticeToastMs, false);
    return new ApiError(ret, RequestTexts.networkError);
  }

  private toast(message: string, durationMs: number, shorten = true): void {
    this.notifier.toast(shorten ? shortenMessage(message) : message, { durationMs, position: 'bottom' });
  }
}
