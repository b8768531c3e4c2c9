import type { RouteObject } from 'react-router-dom';
import { AppShell, type RouteHandle } from './app-shell.tsx';

const handle = (title: string): RouteHandle => ({ title });

/** The route table. Every screen is loaded lazily, on the first visit to its route. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: () => null,
    children: [
      { path: '/', handle: handle('首页'), lazy: () => import('../home/home-screen.tsx').then((m) => ({ Component: m.HomeScreen })) },
      { path: '/login', handle: handle('登录'), lazy: () => import('../login/login-screen.tsx').then((m) => ({ Component: m.LoginScreen })) },
      { path: '/register', handle: handle('注册'), lazy: () => import('../login/register-screen.tsx').then((m) => ({ Component: m.RegisterScreen })) },
      { path: '/user', handle: handle('我的'), lazy: () => import('../user/user-screen.tsx').then((m) => ({ Component: m.UserScreen })) },
      { path: '*', handle: handle('页面不存在'), lazy: () => import('../not-found/not-found-screen.tsx').then((m) => ({ Component: m.NotFoundScreen })) },
    ],
  },
];
