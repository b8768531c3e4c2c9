import type { AppRoute } from '../route-table.ts';

/** VIP purchase and payment routes (other spec document); their screens arrive with the VIP issue. */
export const vipRoutes: AppRoute[] = [
  { path: '/openVip', title: '开通VIP会员', depth: 2, load: null },
  { path: '/giveVip', title: '赠送VIP会员', depth: 2, load: null },
  { path: '/exchangeVip', title: '兑换VIP', depth: 2, load: null },
  { path: '/selectPack', title: '选择套餐', depth: 3, load: null },
  { path: '/notice', title: '支付通知', depth: 3, load: null },
  { path: '/choseAddress', title: '选择地址', depth: 3, load: null },
  { path: '/addAddress', title: '添加地址', depth: 4, load: null },
  { path: '/iframe', title: '支付', depth: 3, load: null },
  { path: '/payResult', title: '支付结果', depth: 4, load: null },
  { path: '/zfbPay', title: '支付', depth: 3, load: null },
  { path: '/zfbPaySuccess', title: '支付成功', depth: 4, load: null },
  { path: '/zfbPayUnpaid', title: '未支付', depth: 4, load: null },
  { path: '/zfbPayConfirm', title: '确认支付', depth: 4, load: null },
  { path: '/zfbPayCancel', title: '取消支付', depth: 4, load: null },
  { path: '/zfbPayNotSupport', title: '暂不支持', depth: 4, load: null },
  { path: '/unablePay', title: '无法支付', depth: 4, load: null },
  { path: '/zfbPayUnpaidSubmit', title: '提交凭证', depth: 5, load: null },
  { path: '/tcgPay', title: '支付', depth: 3, load: null },
  { path: '/tcgPaySuccess', title: '支付成功', depth: 4, load: null },
  { path: '/appeal', title: '申诉', depth: 4, load: null },
  { path: '/openVipRecords', title: '开通记录', depth: 3, load: null },
];
