import type { HttpParams } from '../ports/http.ts';

/** What the request layer needs to know about the visitor and session for every call. */
export interface RequestContext {
  /** The stored visitor id, or null when none is stored. */
  visitorId(): string | null;
  /** True when the page is shown in Traditional Chinese. */
  traditionalChinese(): boolean;
  /** Every token field plus login_uid while logged in; null for a visitor. */
  tokenParams(): HttpParams | null;
  /** The server said the session is invalid (ret 201): forget the user. */
  sessionInvalidated(): void;
}

/** The parameters every call carries (spec: common parameters). */
export function commonParams(context: RequestContext): HttpParams {
  const params: HttpParams = {
    System: 'h5',
    AppVersion: '1.0',
    SystemVersion: 'h5',
    version: 'H3',
  };
  const visitorId = context.visitorId();
  if (visitorId) params.DeviceId = visitorId;
  params.Lang = context.traditionalChinese() ? 1 : 0;
  const token = context.tokenParams();
  if (token) Object.assign(params, token);
  return params;
}
