import type { AppRoute } from '../route-table.ts';

/** Help, download, feedback and test routes; their screens arrive with the help issue. */
export const helpRoutes: AppRoute[] = [
  { path: '/help', title: '帮助中心', depth: 2, load: () => import('../../help/help-center-screen.tsx').then((m) => ({ default: m.HelpCenterScreen })) },
  { path: '/helpDetail', title: '帮助详情', depth: 3, noTitle: true, load: () => import('../../help/help-detail-screen.tsx').then((m) => ({ default: m.HelpDetailScreen })) },
  { path: '/activityRules', title: '活动规则', depth: 3, load: () => import('../../vip/activity-panels.tsx').then((m) => ({ default: m.ActivityRulesScreen })) },
  { path: '/tvhelpCenter', title: '帮助中心', depth: 1, noTitle: true, load: () => import('../../help/tv-help-screens.tsx').then((m) => ({ default: m.TvHelpCenterScreen })) },
  { path: '/tvdeal', title: '帮助详情', depth: 2, noTitle: true, load: () => import('../../help/tv-help-screens.tsx').then((m) => ({ default: m.TvDealScreen })) },
  { path: '/feedback', title: '意见反馈', depth: 3, load: () => import('../../feedback/feedback-screens.tsx').then((m) => ({ default: m.SuggestionScreen })) },
  { path: '/playFeedBack', title: '播放反馈', depth: 3, load: () => import('../../feedback/feedback-screens.tsx').then((m) => ({ default: m.PlayFeedbackScreen })) },
  { path: '/app-download', title: '下载APP', depth: 1, load: () => import('../../download/download-screen.tsx').then((m) => ({ default: m.DownloadScreen })) },
  { path: '/test', title: '测试', depth: 1, load: () => import('../../shell/diagnostics-screen.tsx').then((m) => ({ default: m.TestScreen })) },
  { path: '/mobileTest', title: '测试', depth: 1, load: () => import('../../shell/diagnostics-screen.tsx').then((m) => ({ default: m.MobileTestScreen })) },
];
