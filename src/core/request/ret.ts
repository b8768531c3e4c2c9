/** Answer codes of the API, named once. */
export const Ret = {
  Ok: 200,
  SessionInvalid: 201,
  /** A parameter the server refused (its message says which and why: the declaration's badMessage). */
  BadParam: 1002,
  PurchaseBlocked: 7003,
} as const;

/** Codes the client gives failures that carry no server answer. */
export const ClientRet = {
  /** No answer arrived: network down, timeout. */
  NetworkFailure: -1,
  /** The request was cancelled on purpose. */
  Cancelled: -2,
  /** An answer arrived but was not {ret, msg, data}. */
  MalformedAnswer: -3,
  /** An answer arrived, but its `data` is not what the call declares (protocol.ts `answer`). */
  UnreadableData: -4,
} as const;
