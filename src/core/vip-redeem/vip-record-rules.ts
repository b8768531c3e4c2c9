/** How a VIP record reads (开通记录): its pay type, state, amount and expiry lines. */
import { VipRecordKind, type VipRecord } from './vip-redeem-protocol.ts';
import { VipRecordTexts } from './vip-redeem-texts.ts';

/** The pay types' names (vip-protocol PayType: -1 card, 0 and 1 alipay-style, 2 tcg, 3 manual, 5 gateway). */
const PAY_TYPE_NAMES: Readonly<Record<number, string>> = {
  [-1]: '银行卡',
  0: '支付宝',
  1: '微信',
  2: 'TCG支付',
  3: '人工客服',
  5: '在线支付',
};

/** 支付宝 / 微信 / 兑换码 / 赠送 / 活动 …: how it was paid for (a gift received is 赠送, whatever the giver paid with). */
export function payTypeLabel(record: Pick<VipRecord, 'kind' | 'payType'>): string {
  switch (record.kind) {
    case VipRecordKind.Redeem:
      return VipRecordTexts.redeemCode;
    case VipRecordKind.GiftReceived:
      return VipRecordTexts.gift;
    case VipRecordKind.Activity:
      return VipRecordTexts.activity;
    case VipRecordKind.Purchase:
    case VipRecordKind.GiftGiven:
      return record.payType === null ? VipRecordTexts.otherPayType : (PAY_TYPE_NAMES[record.payType] ?? VipRecordTexts.otherPayType);
  }
}

export function stateLabel(state: VipRecord['state']): string {
  return VipRecordTexts.states[state];
}

/** ¥58.00 / €7.99 / €0.00. */
export function amountLabel(record: Pick<VipRecord, 'amount' | 'currencySymbol'>): string {
  return `${record.currencySymbol}${record.amount.toFixed(2)}`;
}

/** 黄金VIP·黄金月卡 30天 */
export function recordTitle(record: Pick<VipRecord, 'categoryName' | 'packageName' | 'days'>): string {
  return `${record.categoryName}·${record.packageName} ${record.days}天`;
}

/** What the record did to whom: 赠送给 昵称 / 来自 昵称 的赠送 / 兑换码 ****ABCD / 砍价免费领取; '' for one's own purchase. */
export function recordNote(record: Pick<VipRecord, 'kind' | 'counterpart' | 'codeHint'>): string {
  const name = record.counterpart === null ? '' : record.counterpart.nickName || `用户${record.counterpart.uid}`;
  switch (record.kind) {
    case VipRecordKind.GiftGiven:
      return `赠送给 ${name}`;
    case VipRecordKind.GiftReceived:
      return `来自 ${name} 的赠送`;
    case VipRecordKind.Redeem:
      return record.codeHint === '' ? '' : `兑换码 ****${record.codeHint}`;
    case VipRecordKind.Activity:
      return '砍价免费领取';
    case VipRecordKind.Purchase:
      return '';
  }
}

/** VIP有效期至 YYYY-MM-DD, or '' when the record changed none of the user's time (or it is not known). */
export function expiryLine(record: Pick<VipRecord, 'vipExpireDate'>): string {
  return record.vipExpireDate === '' ? '' : `VIP有效期至 ${record.vipExpireDate}`;
}
