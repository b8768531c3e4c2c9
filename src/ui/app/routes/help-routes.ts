import type { AppRoute } from '../route-table.ts';

/** Help, download, feedback and test routes; their screens arrive with the help issue. */
export const helpRoutes: AppRoute[] = [
  { path: '/help', title: '帮助中心', depth: 2, load: null },
  { path: '/helpDetail', title: '帮助详情', depth: 3, noTitle: true, load: null },
  { path: '/activityRules', title: '活动规则', depth: 3, load: () => import('../../vip/activity-panels.tsx').then((m) => ({ default: m.ActivityRulesScreen })) },
  { path: '/tvhelpCenter', title: '帮助中心', depth: 1, load: null },
  { path: '/tvdeal', title: '帮助详情', depth: 2, load: null },
  { path: '/feedback', title: '意见反馈', depth: 3, load: null },
  { path: '/playFeedBack', title: '播放反馈', depth: 3, load: null },
  { path: '/app-download', title: '下载APP', depth: 1, load: null },
  { path: '/test', title: '测试', depth: 1, load: null },
  { path: '/mobileTest', title: '测试', depth: 1, load: null },
];
