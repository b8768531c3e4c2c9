/** The messages of the redeem answers (VipRedeemRet; exact texts shown to the user). */
export const VipRedeemTexts = {
  notFound: '兑换码不存在',
  used: '兑换码已被使用',
  expired: '兑换码已过期',
  tooManyTries: '尝试次数过多，请稍后再试',
  choosePackage: '请选择要兑换的套餐',
  packageNotAllowed: '该兑换码不能兑换此套餐',
  /** 兑换成功，VIP有效期至 YYYY-MM-DD */
  redeemed: (vipExpireDate: string) => `兑换成功，VIP有效期至 ${vipExpireDate}`,
} as const;

export const VipRecordTexts = {
  title: '开通记录',
  empty: '暂无开通记录',
  redeemCode: '兑换码',
  gift: '赠送',
  activity: '活动',
  otherPayType: '其他',
  /** By VipRecordState. */
  states: { success: '成功', pending: '待支付', closed: '已关闭' },
} as const;
