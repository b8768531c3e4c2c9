/** What a shipping address may hold (beside the texts that quote them; the protocol, the rules and the server read them from here). */
export const AddressRules = {
  maxAddresses: 20,
  maxName: 20,
  maxRegion: 60,
  minDetail: 4,
  maxDetail: 120,
  /**
   * A phone a courier can call: a mainland mobile (11 digits from 1[3-9]), or another number of 6 to 15 digits with
   * its calling code (+852 …), spaces and dashes allowed between the digits.
   */
  phone: /^(?:1[3-9][0-9]{9}|\+[0-9]{1,4}[ -]?[0-9][0-9 -]{4,16}[0-9])$/,
} as const;

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

export const AddressTexts = {
  NotFound: '收货地址不存在',
  LimitReached: `最多保存${AddressRules.maxAddresses}个收货地址`,
  Required: '请选择收货地址',
  NameMissing: '请填写收货人',
  NameTooLong: `收货人最多${AddressRules.maxName}个字`,
  PhoneBad: '请填写正确的手机号码',
  RegionMissing: '请填写所在地区',
  RegionTooLong: `所在地区最多${AddressRules.maxRegion}个字`,
  DetailBad: `详细地址请填写${AddressRules.minDetail}到${AddressRules.maxDetail}个字`,
  Saved: '保存成功',
  Deleted: '已删除',
} as const;

export const ShareTexts = {
  // Spec, exact.
  copyFailed: 'Copy failed',
  // Decided.
  copied: '已复制分享文案，请前往分享',
  notShared: '请先复制文案并前往分享后再确认',
} as const;

/** The purchase screen's own texts (decided where the spec gives the meaning only). */
export const PurchaseTexts = {
  networkError: '网络不可用，请检查网络后刷新',
  refresh: '刷新',
  empty: '暂无可购买的套餐',
  loading: '正在加载',
  pay: '立即支付',
  paying: '支付中…',
  total: '合计',
  terms: '《VIP会员服务协议》',
  termsLead: '支付即表示同意',
  payMethods: '支付方式',
  vipDetailsTitle: 'VIP会员详情',
  vipDetails: '查看详情',
  giftTo: '赠送给好友',
  validity: (days: number) => `${days}天`,
  gift: (days: number) => `送${days}天`,
  giftAddress: '赠品收货地址',
  giftTag: '赠品',
  chooseAddress: '请选择收货地址',
} as const;

export const PaymentTexts = {
  badOrder: '订单信息无效',
  badParams: '支付参数无效，请返回重新选择套餐',
  paying: '正在支付',
  loading: '正在加载',
  cancelConfirm: '确定取消这个订单吗？',
  cancelled: '订单已取消',
  notPaidYet: '尚未收到付款',
  sandboxNote: '沙箱支付：测试环境，不会真实扣款',
  timeout: '暂未收到支付结果，请稍后在开通记录中查看',
} as const;

export const AddressScreenTexts = {
  empty: '还没有收货地址',
  add: '新增收货地址',
  edit: '编辑收货地址',
  setDefault: '设为默认',
  isDefault: '默认',
  remove: '删除',
  removeConfirm: '确定删除该收货地址吗？',
  loadFailed: '加载失败',
  save: '保存',
  saving: '保存中…',
  defaultSwitch: '设为默认地址',
} as const;

/** The activities' texts (decided; the spec gives the meaning only). */
export const ActivityTexts = {
  join: '参加砍价',
  started: '已参加砍价，快邀请好友帮你砍价吧',
  bargained: '当前砍后价',
  countdown: '距结束',
  copyLink: '复制邀请链接',
  linkCopied: '邀请链接已复制，快发给好友吧',
  copyFailed: 'Copy failed',
  abandon: '放弃砍价',
  abandonConfirm: '确定放弃本次砍价吗？',
  confirmReceive: '确认领取',
  received: '领取成功，VIP时长已到账',
  rules: '活动规则',
  tips: ['价格越高，每次砍价金额越大', '新用户砍价金额是老用户的3倍', '180天及以上套餐可额外多砍一次'],
  buyAtPrice: '支付时按砍后价结算',
  shareTitle: '分享有礼',
  copyShare: '复制分享文案',
  confirmShared: '我已分享',
  thanks: '感谢分享！分享优惠已发放',
  toBuy: '去购买',
  shareDiscount: (text: string) => `分享优惠 -${text}`,
  help: '帮TA砍一刀',
  helped: (cut: string, price: string) => `砍掉${cut}，当前价格${price}`,
  helpLogin: '登录后帮好友砍价',
} as const;
