/** The request layer's exact texts (spec: error catalogue). */
export const RequestTexts = {
  networkError: '网络错误',
  cancelled: '终止请求',
  shortened: '加载失败',
} as const;

/** Timings and limits of the request layer. */
export const RequestLimits = {
  timeoutMs: 30_000,
  noticeToastMs: 1_000,
  errorToastMs: 5_000,
  /** Messages longer than this many characters are replaced. */
  maxMessageLength: 30,
} as const;

/** A server message as shown to the user: longer than 30 characters becomes 加载失败. */
export function shortenMessage(message: string): string {
  return [...message].length > RequestLimits.maxMessageLength ? RequestTexts.shortened : message;
}
