import type { ComponentType } from 'react';
import type { createBrowserRouter, RouteObject } from 'react-router-dom';
import { loadChunk, type ChunkTimers } from '../../core/shell/chunk-load.ts';
import { AppShell } from './app-shell.tsx';
import type { RouteHandle } from './route-handle.ts';
import { ScreenScope } from './container-context.tsx';
import { RouteErrorScreen } from './route-error.tsx';
import type { AppRoute } from './route-table.ts';
import { accountRoutes } from './routes/account-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { catalogueRoutes } from './routes/catalogue-routes.ts';
import { helpRoutes } from './routes/help-routes.ts';
import { rootRoutes } from './routes/root-routes.ts';
import { socialRoutes } from './routes/social-routes.ts';
import { vipRoutes } from './routes/vip-routes.ts';

/** Every path of the spec's route table. */
const routeTable: AppRoute[] = [...rootRoutes, ...catalogueRoutes, ...accountRoutes, ...authRoutes, ...vipRoutes, ...socialRoutes, ...helpRoutes];

/** The browser's timers for the lazy loads' 120 s limit (the router is built before the container and its Clock). */
const timers: ChunkTimers = { schedule: (callback, ms) => window.setTimeout(callback, ms), cancelSchedule: (id) => window.clearTimeout(id) };

/**
 * A screen's code; when it cannot be fetched or takes over 120 s, a screen that throws the ChunkLoadError as it
 * renders, so the route's ErrorBoundary shows it. (A `lazy` that rejects is no good: on the first load of the page
 * react-router keeps the route pending and shows its hydration fallback, an empty page, instead of the boundary.)
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  return loadChunk(load, timers).catch((error: unknown) => ({ default: failedScreen(error) }));
}

function failedScreen(error: unknown): ComponentType {
  return function FailedScreen(): never {
    throw error;
  };
}

/** The screen in a container of its own (its view-models and what they share live as long as it). */
function inScreenScope(Screen: ComponentType): ComponentType {
  return function ScopedScreen() {
    return (
      <ScreenScope>
        <Screen />
      </ScreenScope>
    );
  };
}

/** Resolves once the features outside the start core (with 'play', the play features too) are bound (src/composition/lazy-features.ts). */
export type FeaturesReady = (group?: 'play') => Promise<void>;

function toRouteObject(route: AppRoute, features: FeaturesReady): RouteObject {
  const handle: RouteHandle = { title: route.title, route };
  const screen = route.load;
  // Every screen but home's waits for the feature bindings, fetched beside its own code (one chunk for all).
  const load = route.startCore ? screen : () => Promise.all([screen(), features(route.playFeatures ? 'play' : undefined)]).then(([m]) => m);
  return {
    path: route.path,
    handle,
    ErrorBoundary: RouteErrorScreen,
    lazy: () => lazyScreen(load).then((m) => ({ Component: inScreenScope(m.default) })),
  };
}

/** The shell's route id: the rest of the route table is patched under it (createRoutes). */
const SHELL_ROUTE_ID = 'shell';

type PatchRoutesOnNavigation = NonNullable<NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation']>;

/**
 * The router's routes: every screen is loaded lazily, on the first visit to its route. Every route (and the shell
 * around them) shows RouteErrorScreen when its code cannot be loaded or it throws while rendering.
 *
 * At start the router holds only the home routes (what the first load of / needs) and the not-found route; the
 * rest of the route table (about 90 routes) is added by `patchRoutesOnNavigation` the first time a path is not
 * a home route: react-router asks it before settling on the not-found route, on the first load of a deep link as
 * on a later navigation. Creating and ranking every route at start was ≈ 40% of the entry's start-up work.
 */
export function createRoutes(features: FeaturesReady): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigation } {
  const startRoutes = routeTable.filter((route) => route.startCore === true);
  let patched = false;
  return {
    routes: [
      {
        id: SHELL_ROUTE_ID,
        element: <AppShell />,
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: () => null,
        children: [
          ...startRoutes.map((route) => toRouteObject(route, features)),
          {
            path: '*',
            handle: { title: '页面不存在' } satisfies RouteHandle,
            ErrorBoundary: RouteErrorScreen,
            lazy: () => lazyScreen(() => import('../not-found/not-found-screen.tsx').then((m) => ({ default: m.NotFoundScreen }))).then((m) => ({ Component: m.default })),
          },
        ],
      },
    ],
    patchRoutesOnNavigation: ({ patch }) => {
      if (patched) return;
      patched = true;
      patch(
        SHELL_ROUTE_ID,
        routeTable.filter((route) => route.startCore !== true).map((route) => toRouteObject(route, features)),
      );
    },
  };
}
