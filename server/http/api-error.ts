import { Ret, RetMessage, badParamMessage, missingParamMessage } from './ret.ts';
import type { RetCode } from './ret.ts';

/**
 * A refused request. Thrown anywhere inside an API handler, it becomes the answer
 * `{ ret, msg: message, data }` with HTTP `status`: 200 for the app's calls (the client reads ret), an HTTP
 * error status where the caller goes by the status (429 of the flood guard, the payment provider's callbacks).
 */
export class ApiError extends Error {
  constructor(
    readonly ret: Exclude<RetCode, typeof Ret.Ok>,
    message: string,
    readonly data: unknown = null,
    readonly status: number = 200,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function missingParam(name: string): ApiError {
  return new ApiError(Ret.MissingParam, missingParamMessage(name));
}

/** Bad value: the generic `参数格式错误：<name>` or a specific message. */
export function badParam(name: string, message: string = badParamMessage(name)): ApiError {
  return new ApiError(Ret.BadParam, message);
}

export function loginRequired(): ApiError {
  return new ApiError(Ret.SessionInvalid, RetMessage.LoginRequired);
}

export function sessionInvalid(): ApiError {
  return new ApiError(Ret.SessionInvalid, RetMessage.SessionInvalid);
}
