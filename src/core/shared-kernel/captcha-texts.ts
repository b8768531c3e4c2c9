export const CaptchaTexts = {
  Required: '请输入图形验证码',
  Wrong: '验证码错误或已失效，请重新输入',
  TooMany: '获取验证码过于频繁，请稍后再试',
  loadFailed: '验证码加载失败，点击重试',
  imageLabel: '图形验证码，点击换一张',
} as const;
