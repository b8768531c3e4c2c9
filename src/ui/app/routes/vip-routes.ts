import type { AppRoute } from '../route-table.ts';

/** VIP purchase and payment routes (other spec document); their screens arrive with the VIP issue. */
export const vipRoutes: AppRoute[] = [
  { path: '/openVip', title: '开通VIP会员', depth: 2, noTitle: true, load: () => import('../../vip/purchase-screen.tsx').then((m) => ({ default: m.OpenVipScreen })) },
  { path: '/giveVip', title: '赠送VIP会员', depth: 2, load: () => import('../../vip/purchase-screen.tsx').then((m) => ({ default: m.GiveVipScreen })) },
  { path: '/exchangeVip', title: '兑换VIP', depth: 2, load: () => import('../../vip-redeem/vip-redeem-screens.tsx').then((m) => ({ default: m.ExchangeVipScreen })) },
  { path: '/selectPack', title: '选择套餐', depth: 3, load: () => import('../../vip-redeem/vip-redeem-screens.tsx').then((m) => ({ default: m.SelectPackScreen })) },
  { path: '/notice', title: '支付通知', depth: 3, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.NoticeScreen })) },
  { path: '/choseAddress', title: '选择地址', depth: 3, load: () => import('../../vip/address-screens.tsx').then((m) => ({ default: m.ChoseAddressScreen })) },
  { path: '/addAddress', title: '添加地址', depth: 4, load: () => import('../../vip/address-screens.tsx').then((m) => ({ default: m.AddAddressScreen })) },
  // An allowed site's page inside the app (a help article's link: core/help/article-links.ts), never a payment gateway.
  { path: '/iframe', title: '详情', depth: 3, load: () => import('../../help/frame-page-screen.tsx').then((m) => ({ default: m.FramePageScreen })) },
  { path: '/payResult', title: '支付结果', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.PayResultScreen })) },
  { path: '/zfbPay', title: '支付', depth: 3, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayScreen })) },
  { path: '/zfbPaySuccess', title: '支付成功', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPaySuccessScreen })) },
  { path: '/zfbPayUnpaid', title: '未支付', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayUnpaidScreen })) },
  { path: '/zfbPayConfirm', title: '确认支付', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayConfirmScreen })) },
  { path: '/zfbPayCancel', title: '取消支付', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayCancelScreen })) },
  { path: '/zfbPayNotSupport', title: '暂不支持', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayNotSupportScreen })) },
  { path: '/unablePay', title: '无法支付', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.UnablePayScreen })) },
  { path: '/zfbPayUnpaidSubmit', title: '提交凭证', depth: 5, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.ZfbPayUnpaidSubmitScreen })) },
  { path: '/tcgPay', title: '支付', depth: 3, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.TcgPayScreen })) },
  { path: '/tcgPaySuccess', title: '支付成功', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.TcgPaySuccessScreen })) },
  { path: '/appeal', title: '申诉', depth: 4, load: () => import('../../vip/payment-screens.tsx').then((m) => ({ default: m.AppealScreen })) },
  { path: '/openVipRecords', title: '开通记录', depth: 3, load: () => import('../../vip-redeem/vip-redeem-screens.tsx').then((m) => ({ default: m.VipRecordsScreen })) },
  { path: '/bargainHelp', title: '帮TA砍一刀', depth: 2, noTitle: true, load: () => import('../../vip/activity-panels.tsx').then((m) => ({ default: m.BargainHelpScreen })) },
];
