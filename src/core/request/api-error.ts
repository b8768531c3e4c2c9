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

  /** The answer came, but its data is not what the call declares (logged with the call's path). */
  get isUnreadable(): boolean {
    return this.ret === ClientRet.UnreadableData;
  }
}

/** A refusal the call declares (its `refusals`, protocol.ts): shown by no toast, the caller says it; `ret` is one of them. */
export class ApiRefusal<Refusal extends number = number> extends ApiError {
  declare readonly ret: Refusal;
}

/**
 * Whether `error` is one of the refusals `declared` lists (narrowed to its codes):
 * `if (isRefusal(error, PlaybackCalls.address)) …error.ret…`.
 */
export function isRefusal<Refusal extends number>(error: unknown, declared: { readonly refusals?: readonly Refusal[] }): error is ApiRefusal<Refusal> {
  return error instanceof ApiRefusal && (declared.refusals as readonly number[] | undefined)?.includes(error.ret) === true;
}

/**
 * Whether a failed call is worth trying again: no answer came (network down, timeout) or what came was not an
 * answer of the API (a proxy's 502 page). A refusal with a ret is final; a cancel is not a failure.
 */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.ret === ClientRet.NetworkFailure || error.ret === ClientRet.MalformedAnswer);
}

/** A call's outcome for a form: what it gave, or the server's reason for refusing it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a call whose declared refusals a form shows: a refusal becomes its message; anything else is thrown on. */
export async function outcomeOf<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiRefusal) return { ok: false, message: error.msg };
    throw error;
  }
}
