export const MessagingTexts = {
  loggedInElsewhere: '该账号已在其他设备登录',
  confirm: '确定',
  orderLabel: '[订单信息]',
  noticeLabel: '[系统通知]',
  sendOrder: '发送订单信息',
  sendFailed: '发送失败，请重试',
} as const;
