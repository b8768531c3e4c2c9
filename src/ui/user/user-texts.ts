export const UserTexts = {
  notLoggedIn: '未登录',
  loginPrompt: '登录后可同步观看记录、开通VIP',
  openVip: '开通VIP享受特权',
  logoutConfirm: '确定要退出登录吗？',
  loggedOut: '已退出登录',
} as const;
