import type { RouteObject } from 'react-router-dom';
import { AppShell, type RouteHandle } from './app-shell.tsx';
import type { AppRoute } from './route-table.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { catalogueRoutes } from './routes/catalogue-routes.ts';
import { helpRoutes } from './routes/help-routes.ts';
import { rootRoutes } from './routes/root-routes.ts';
import { socialRoutes } from './routes/social-routes.ts';
import { vipRoutes } from './routes/vip-routes.ts';

/** Every path of the spec's route table. */
export const routeTable: AppRoute[] = [...rootRoutes, ...catalogueRoutes, ...accountRoutes, ...authRoutes, ...vipRoutes, ...socialRoutes, ...helpRoutes];

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, route };
  const load = route.load;
  return {
    path: route.path,
    handle,
    lazy: load
      ? () => load().then((m) => ({ Component: m.default }))
      : () => import('../pending/pending-screen.tsx').then((m) => ({ Component: () => <m.PendingScreen title={route.title} /> })),
  };
}

/** The router's routes: every screen is loaded lazily, on the first visit to its route. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: () => null,
    children: [
      ...routeTable.map(toRouteObject),
      { path: '*', handle: { title: '页面不存在' } satisfies RouteHandle, lazy: () => import('../not-found/not-found-screen.tsx').then((m) => ({ Component: m.NotFoundScreen })) },
    ],
  },
];
