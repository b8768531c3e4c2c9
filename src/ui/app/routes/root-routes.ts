import type { AppRoute } from '../route-table.ts';

const home = () => import('../../home/home-screen.tsx').then((m) => ({ default: m.HomeScreen }));

/** The category aliases of home (spec: route table). */
const HOME_ALIASES = ['movie', 'drama', 'variety', 'anime', 'sport', 'documentary', 'chinese', 'game', 'news', 'yule', 'life', 'music', 'fashion', 'tech', 'tvlive'] as const;

/** The five tab-bar root pages and home's category aliases. */
export const rootRoutes: AppRoute[] = [
  { path: '/', name: 'Home', title: '首页', tabBar: true, cacheable: true, depth: 0, load: home, startCore: true },
  ...HOME_ALIASES.map((alias): AppRoute => ({ path: `/${alias}`, title: '首页', tabBar: true, cacheable: true, depth: 0, load: home, startCore: true })),
  { path: '/discovery', title: '发现', tabBar: true, cacheable: true, depth: 0, load: () => import('../../catalogue/discovery-screen.tsx').then((m) => ({ default: m.DiscoveryScreen })) },
  { path: '/vip', title: 'VIP会员', tabBar: true, depth: 0, load: () => import('../../vip/purchase-screen.tsx').then((m) => ({ default: m.VipScreen })) },
  { path: '/rank', title: '热播榜', tabBar: true, cacheable: true, depth: 0, load: () => import('../../catalogue/rank-screen.tsx').then((m) => ({ default: m.RankScreen })) },
  { path: '/user', title: '我的', tabBar: true, depth: 0, load: () => import('../../user/user-screen.tsx').then((m) => ({ default: m.UserScreen })) },
];
