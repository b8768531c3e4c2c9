/** The messages of ConsoleAccessRet (every console call may answer them). */
export const ConsoleAccessTexts = {
  signInRequired: '请先登录控制台',
  forbidden: '无权进行此操作',
  badOrigin: '请求来源无效',
} as const;
