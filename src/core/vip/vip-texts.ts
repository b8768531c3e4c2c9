/** The VIP purchase area's Chinese texts: the spec's exact ones and the ones decided where it gives only meaning. */
export const VipTexts = {
  // Spec, exact.
  renew: '续费',
  open: '开通',
  vipMember: 'VIP会员',
  scannedGiftMessage: '当前登录账号与扫码账号不一致，是否帮好友开通VIP？',
  scannedGiftConfirm: '帮好友开通',
  // Decided (the spec gives the meaning only).
  choosePackage: '请选择套餐',
  choosePayType: '请选择支付方式',
  unsupportedPayType: '暂不支持该支付方式',
  activityPayType: '活动价仅支持银行卡或在线支付',
  jumpToPayment: '即将跳转到支付页面',
  badGateway: '支付地址无效，请重试',
  noCustomerService: '暂无可用客服，请稍后再试',
  ok: '确定',
  cancel: '取消',
  purchaseBlocked: '当前无法购买VIP会员',
  payTypesFailed: '加载支付方式失败',
  leaveMessage: '确定要放弃开通VIP会员吗？',
  leaveConfirm: '确定离开',
  cancelLeave: '继续开通',
  notLoggedIn: '未登录，登录后即可开通VIP会员',
  openVipPrompt: '开通VIP，尊享会员特权',
  vipActive: '已开通VIP会员',
  expirySuffix: '到期',
} as const;
