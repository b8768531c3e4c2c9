import type { AppRoute } from '../route-table.ts';

/** The playback pages around the player (one chunk). */
const playbackScreens = () => import('../../playback/playback-screens.tsx');

/** Browsing and playback routes. */
export const catalogueRoutes: AppRoute[] = [
  { path: '/moreFocus', title: '更多关注', depth: 1, load: () => import('../../focus/more-focus-screen.tsx').then((m) => ({ default: m.MoreFocusScreen })) },
  { path: '/typePage', title: '分类', depth: 1, load: () => import('../../catalogue/type-page-screen.tsx').then((m) => ({ default: m.TypePageScreen })) },
  { path: '/watching', title: '大家在看', depth: 1, load: () => playbackScreens().then((m) => ({ default: m.WatchingScreen })) },
  { path: '/historicalRecords', title: '观看记录', depth: 2, load: () => import('../../catalogue/my-videos-screens.tsx').then((m) => ({ default: m.HistoryScreen })) },
  { path: '/list/:category', title: '片库', cacheable: true, depth: 1, load: () => import('../../catalogue/list-screen.tsx').then((m) => ({ default: m.ListScreen })) },
  { path: '/miniVideoChannel', title: '频道', cacheable: true, depth: 1, load: () => import('../../catalogue/mini-video-channel-screen.tsx').then((m) => ({ default: m.MiniVideoChannelScreen })) },
  { path: '/channelNavigation/:category', name: 'ChannelNavigation', title: '频道', depth: 1, load: () => import('../../catalogue/channel-navigation.tsx').then((m) => ({ default: m.ChannelNavigation })) },
  { path: '/navigation', title: '频道导航', depth: 1, load: () => import('../../catalogue/navigation-screen.tsx').then((m) => ({ default: m.NavigationScreen })) },
  { path: '/searchPage', title: '搜索', cacheable: true, depth: 1, load: () => import('../../catalogue/search-screen.tsx').then((m) => ({ default: m.SearchScreen })) },
  { path: '/watch', title: '播放', depth: 2, load: () => playbackScreens().then((m) => ({ default: m.WatchScreen })) },
  { path: '/play/:mediaKey', name: 'Play', title: '播放', depth: 2, noTitle: true, playFeatures: true, load: () => import('../../playback/play-screen.tsx').then((m) => ({ default: m.PlayScreen })) },
  { path: '/albumDetail', title: '专辑', depth: 2, load: () => playbackScreens().then((m) => ({ default: m.AlbumDetailScreen })) },
  { path: '/dynamicDetail', title: '动态详情', depth: 3, load: () => import('../../posting/posts-screens.tsx').then((m) => ({ default: m.PostDetailScreen })) },
  { path: '/space/:id', name: 'Space', title: '个人空间', depth: 2, load: () => import('../../catalogue/space-screen.tsx').then((m) => ({ default: m.SpaceScreen })) },
  { path: '/choseEpisodes', title: '选集', depth: 3, load: () => playbackScreens().then((m) => ({ default: m.ChoseEpisodesScreen })) },
  { path: '/myCollection', title: '我的收藏', depth: 2, load: () => import('../../catalogue/my-videos-screens.tsx').then((m) => ({ default: m.CollectionScreen })) },
  { path: '/playDownload', title: '下载', depth: 3, load: () => playbackScreens().then((m) => ({ default: m.PlayDownloadScreen })) },
];
