import { ClientRet } from './ret.ts';

/** A call that did not succeed: a server answer with ret other than 200, or a transport failure. */
export class ApiError extends Error {
  constructor(
    readonly ret: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg || `ret ${ret}`);
    this.name = 'ApiError';
  }

  get isNetworkFailure(): boolean {
    return this.ret === ClientRet.NetworkFailure;
  }

  get isCancelled(): boolean {
    return this.ret === ClientRet.Cancelled;
  }
}

/**
 * Whether a failed call is worth trying again: no answer came (network down, timeout) or what came was not an
 * answer of the API (a proxy's 502 page). A refusal with a ret is final; a cancel is not a failure.
 */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.ret === ClientRet.NetworkFailure || error.ret === ClientRet.MalformedAnswer);
}
