export type Query = Record<string, string>;

export interface RouteLocation {
  path: string;
  query: Query;
}

/** Routing intents. */
export interface Navigator {
  current(): RouteLocation;
  push(path: string, query?: Query): void;
  replace(path: string, query?: Query): void;
  back(): void;
  /** Leaves the app for an address (a web page, or an app's deep link): in a new window, or in this one. */
  openUrl(url: string, options: { newWindow: boolean }): void;
}
export const Navigator = Symbol('Navigator');
