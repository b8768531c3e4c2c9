import { Ret, RetMessage, badParamMessage, missingParamMessage } from './ret.ts';
import type { RetCode } from './ret.ts';

/**
 * A refused request. Thrown anywhere inside an API handler, it becomes the answer
 * `{ ret, msg: message, data }` with HTTP 200.
 */
export class ApiError extends Error {
  constructor(
    readonly ret: Exclude<RetCode, typeof Ret.Ok>,
    message: string,
    readonly data: unknown = null,
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
