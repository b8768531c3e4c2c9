import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { pageTitle } from './brand.ts';
import type { AppRoute } from './route-table.ts';

export interface RouteHandle {
  title?: string;
  route?: AppRoute;
}

/** The frame around every screen: keeps the page title in step with the route. */
export function AppShell() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <div className="app">
      <Outlet />
    </div>
  );
}
