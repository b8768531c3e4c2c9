import type { RouteLocation } from '../ports/navigator.ts';

/** The address a login should come back to (the `redirect` query of /login): path plus query. */
export function returnAddress(here: RouteLocation): string {
  const query = new URLSearchParams(here.query).toString();
  return query ? `${here.path}?${query}` : here.path;
}
