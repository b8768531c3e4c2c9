/** Answer codes (`ret`) of the API. Every /api answer is `{ ret, msg, data }`. */
export const Ret = {
  Ok: 200,
  /** Session missing, expired, revoked or forged: the client clears the user and opens /login. */
  SessionInvalid: 201,
  NotFound: 404,
  Internal: 500,
  MissingParam: 1001,
  BadParam: 1002,
  UserNameTaken: 1003,
  BadCredentials: 1004,
  TooManyAttempts: 1005,
  UserNotFound: 1006,
  /** IsMalaysia: the region is Malaysia (the client treats this error as "is Malaysian"). */
  MalaysiaRegion: 1010,
  /** Daily sign-in: the user already signed in today (China time). */
  AlreadySignedIn: 1050,
  /** Catalogue: no video with that media key. */
  VideoNotFound: 1030,
  /** AdView: no ad with that id. */
  AdNotFound: 1070,
} as const;

export type RetCode = (typeof Ret)[keyof typeof Ret];

/** Fixed messages (at most 30 characters: the client replaces longer ones with 加载失败). */
export const RetMessage = {
  Ok: '成功',
  LoginRequired: '请先登录',
  SessionInvalid: '登录已失效，请重新登录',
  NotFound: '接口不存在',
  Internal: '服务器繁忙，请稍后再试',
  BadRequest: '请求格式错误',
  BodyTooLarge: '请求内容过大',
  UnsupportedMediaType: '不支持的请求格式',
  UserNameTaken: '该账号已被注册',
  BadCredentials: '账号或密码错误',
  TooManyLoginAttempts: '登录尝试过于频繁，请稍后再试',
  TooManyRegistrations: '注册过于频繁，请稍后再试',
  UserNotFound: '用户不存在',
  MalaysiaRegion: '当前地区为马来西亚',
  AdNotFound: '广告不存在',
  VideoNotFound: '视频不存在',
  AlreadySignedIn: '今天已经签到过了，明天再来吧',
} as const;

export function missingParamMessage(name: string): string {
  return `缺少参数：${name}`;
}

export function badParamMessage(name: string): string {
  return `参数格式错误：${name}`;
}
