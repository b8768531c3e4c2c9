import type { Navigator, Query, RouteLocation, RouteState } from '../../src/core/ports/navigator.ts';

/** The parts of a react-router data router (createBrowserRouter / createMemoryRouter) the navigator uses. */
export interface DataRouterLike {
  readonly state: { readonly location: { readonly pathname: string; readonly search: string; readonly state?: unknown } };
  navigate(to: string | number, options?: { replace?: boolean; state?: unknown }): unknown;
}

/** The parts of a window openUrl uses. */
export interface WindowLike {
  open(url: string, target: string): unknown;
  readonly location: { assign(url: string): void };
}

/** Routing intents carried out by a react-router data router; openUrl leaves through the window. */
export class RouterNavigator implements Navigator {
  constructor(
    private readonly router: DataRouterLike,
    private readonly win: () => WindowLike = () => window,
  ) {}

  current(): RouteLocation {
    const { pathname, search, state } = this.router.state.location;
    const location: RouteLocation = { path: pathname, query: Object.fromEntries(new URLSearchParams(search)) };
    const params = routeState(state);
    if (params) location.state = params;
    return location;
  }

  /** Route parameters go into the history entry's state (react-router's location.state), not the address. */
  push(path: string, query?: Query, state?: RouteState): void {
    if (state) void this.router.navigate(href(path, query), { state: { ...state } });
    else void this.router.navigate(href(path, query));
  }

  replace(path: string, query?: Query, state?: RouteState): void {
    void this.router.navigate(href(path, query), state ? { replace: true, state: { ...state } } : { replace: true });
  }

  back(): void {
    void this.router.navigate(-1);
  }

  openUrl(url: string, options: { newWindow: boolean }): void {
    if (options.newWindow) this.win().open(url, '_blank');
    else this.win().location.assign(url);
  }
}

/** path?query; a query already in path is kept, the given one wins on the same keys. */
function href(path: string, query: Query = {}): string {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  for (const [key, value] of Object.entries(query)) search.set(key, value);
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** The route parameters of a history entry: its state when that is an object of strings (another's state reads none). */
function routeState(state: unknown): RouteState | null {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return null;
  const entries = Object.entries(state as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
