export const AccountTexts = {
  loading: '正在加载',
  saved: '保存成功',
} as const;

export const SignInTipTexts = {
  text: '今日还未签到，签到领金币',
  action: '去签到',
  close: '关闭签到提示',
} as const;

export const SignInTexts = {
  loginPrompt: '登录后才能签到领金币',
  goLogin: '去登录',
  signButton: '立即签到',
  signed: '今日已签到',
  loadFailed: '加载失败，点击重试',
} as const;

export const LanguageTexts = {
  title: '语言',
  failed: '切换失败，请稍后重试',
} as const;
