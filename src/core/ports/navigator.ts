export type Query = Record<string, string>;

/**
 * Route parameters that travel with a navigation but not in the address (the spec's "route params", e.g. the
 * chat's type and msgParams): kept in the history entry, gone when the address is loaded afresh.
 */
export type RouteState = Record<string, string>;

export interface RouteLocation {
  path: string;
  query: Query;
  /** Present only when the navigation carried route parameters. */
  state?: RouteState;
}

/** Routing intents. */
export interface Navigator {
  current(): RouteLocation;
  push(path: string, query?: Query, state?: RouteState): void;
  replace(path: string, query?: Query, state?: RouteState): void;
  back(): void;
  /** Leaves the app for an address (a web page, or an app's deep link): in a new window, or in this one. */
  openUrl(url: string, options: { newWindow: boolean }): void;
}
export const Navigator = Symbol('Navigator');
