import type { AppRoute } from '../route-table.ts';

/** Messaging, follow/block and posting routes; their screens arrive with the messaging and posting issues. */
export const socialRoutes: AppRoute[] = [
  { path: '/chat', name: 'Chat', title: '聊天', depth: 3, load: () => import('../../messaging/chat-screen.tsx').then((m) => ({ default: m.ChatScreen })) },
  { path: '/chatSet', title: '聊天设置', depth: 4, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.ChatSetScreen })) },
  { path: '/complaint', title: '举报', depth: 5, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.ComplaintScreen })) },
  { path: '/message', title: '消息', depth: 1, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.MessageScreen })) },
  { path: '/systemMessage', title: '系统消息', depth: 2, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.SystemMessageScreen })) },
  { path: '/systemMessageDetail', title: '消息详情', depth: 3, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.SystemMessageDetailScreen })) },
  { path: '/fansRecords', title: '粉丝', depth: 2, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.FansRecordsScreen })) },
  { path: '/getLike', title: '收到的赞', depth: 2, load: null },
  { path: '/commentAndReply', title: '评论和回复', depth: 2, load: null },
  { path: '/privateMessage', title: '私信', depth: 2, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.PrivateMessageScreen })) },
  { path: '/userListPage', title: '用户列表', depth: 2, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.UserListScreen })) },
  { path: '/blacklist', title: '黑名单', depth: 3, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.BlacklistScreen })) },
  { path: '/myDynamic', title: '我的动态', depth: 2, load: null },
  { path: '/publishDynamic', title: '发布动态', depth: 3, load: null },
  { path: '/previewDynamicVideo', title: '预览视频', depth: 4, load: null },
  { path: '/dynamicVideoAddPoster', title: '添加封面', depth: 4, load: null },
  { path: '/dynamicVideoEditPoster', title: '编辑封面', depth: 5, load: null },
  { path: '/selectVideoPreview', title: '选择视频', depth: 4, load: null },
  { path: '/getUserLocation', title: '所在位置', depth: 4, load: null },
  { path: '/searchUserLocation', title: '搜索位置', depth: 5, load: null },
];
