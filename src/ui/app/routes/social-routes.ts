import type { AppRoute } from '../route-table.ts';

/** The posting pages (lazy chunks: the cover editor apart, being the heaviest). */
const postsScreens = () => import('../../posting/posts-screens.tsx');
const videoScreens = () => import('../../posting/video-screens.tsx');
const locationScreens = () => import('../../posting/location-screens.tsx');
/** 收到的赞 and 评论和回复. */
const interactionScreens = () => import('../../interactions/interactions-screens.tsx');

/** Messaging, follow/block and posting routes. */
export const socialRoutes: AppRoute[] = [
  { path: '/chat', name: 'Chat', title: '聊天', depth: 3, load: () => import('../../messaging/chat-screen.tsx').then((m) => ({ default: m.ChatScreen })) },
  { path: '/chatSet', title: '聊天设置', depth: 4, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.ChatSetScreen })) },
  { path: '/complaint', title: '举报', depth: 5, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.ComplaintScreen })) },
  { path: '/message', title: '消息', depth: 1, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.MessageScreen })) },
  { path: '/systemMessage', title: '系统消息', depth: 2, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.SystemMessageScreen })) },
  { path: '/systemMessageDetail', title: '消息详情', depth: 3, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.SystemMessageDetailScreen })) },
  { path: '/fansRecords', title: '粉丝', depth: 2, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.FansRecordsScreen })) },
  { path: '/getLike', title: '收到的赞', depth: 2, load: () => interactionScreens().then((m) => ({ default: m.ReceivedLikesScreen })) },
  { path: '/commentAndReply', title: '评论和回复', depth: 2, load: () => interactionScreens().then((m) => ({ default: m.CommentAndReplyScreen })) },
  { path: '/privateMessage', title: '私信', depth: 2, load: () => import('../../messaging/message-screens.tsx').then((m) => ({ default: m.PrivateMessageScreen })) },
  { path: '/userListPage', title: '用户列表', depth: 2, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.UserListScreen })) },
  { path: '/blacklist', title: '黑名单', depth: 3, load: () => import('../../social/social-screens.tsx').then((m) => ({ default: m.BlacklistScreen })) },
  { path: '/myDynamic', title: '我的动态', depth: 2, load: () => postsScreens().then((m) => ({ default: m.MyPostsScreen })) },
  { path: '/publishDynamic', title: '发布动态', depth: 3, load: () => import('../../posting/publish-screen.tsx').then((m) => ({ default: m.PublishScreen })) },
  { path: '/previewDynamicVideo', title: '预览视频', depth: 4, load: () => videoScreens().then((m) => ({ default: m.PreviewVideoScreen })) },
  { path: '/dynamicVideoAddPoster', title: '添加封面', depth: 4, load: () => videoScreens().then((m) => ({ default: m.AddPosterScreen })) },
  { path: '/dynamicVideoEditPoster', title: '编辑封面', depth: 5, load: () => import('../../posting/edit-poster-screen.tsx').then((m) => ({ default: m.EditPosterScreen })) },
  { path: '/selectVideoPreview', title: '选择视频', depth: 4, load: () => videoScreens().then((m) => ({ default: m.SelectVideoPreviewScreen })) },
  { path: '/getUserLocation', title: '所在位置', depth: 4, load: () => locationScreens().then((m) => ({ default: m.LocationScreen })) },
  { path: '/searchUserLocation', title: '搜索位置', depth: 5, load: () => locationScreens().then((m) => ({ default: m.SearchLocationScreen })) },
];
