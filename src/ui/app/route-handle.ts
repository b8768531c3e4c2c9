import type { AppRoute } from './route-table.ts';

/** What a route hands to the shell and the screens through react-router's match handle. */
export interface RouteHandle {
  title?: string;
  route?: AppRoute;
}
