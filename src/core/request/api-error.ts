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
