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
}
export const Navigator = Symbol('Navigator');
