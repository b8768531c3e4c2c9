import type { Navigator, Query, RouteLocation, RouteState } from '../../src/core/ports/navigator.ts';

/** An in-memory history: push adds an entry, replace swaps the current one, back drops it (never the first). */
export class MemoryNavigator implements Navigator {
  private readonly stack: RouteLocation[];
  /** Every address opened with openUrl, oldest first. */
  readonly opened: { url: string; newWindow: boolean }[] = [];

  constructor(path = '/', query: Query = {}) {
    this.stack = [location(path, query)];
  }

  current(): RouteLocation {
    return copy(this.stack[this.stack.length - 1]!);
  }

  push(path: string, query?: Query, state?: RouteState): void {
    this.stack.push(location(path, query, state));
  }

  replace(path: string, query?: Query, state?: RouteState): void {
    this.stack[this.stack.length - 1] = location(path, query, state);
  }

  back(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  openUrl(url: string, options: { newWindow: boolean }): void {
    this.opened.push({ url, newWindow: options.newWindow });
  }

  /** The history, oldest first; the last entry is the current location. */
  entries(): RouteLocation[] {
    return this.stack.map(copy);
  }
}

/** Like the router: a query written into path is kept, the given one wins on the same keys; route state apart. */
function location(path: string, query: Query = {}, state?: RouteState): RouteLocation {
  const at = path.indexOf('?');
  const entry: RouteLocation =
    at < 0 ? { path, query: { ...query } } : { path: path.slice(0, at), query: { ...Object.fromEntries(new URLSearchParams(path.slice(at + 1))), ...query } };
  if (state && Object.keys(state).length > 0) entry.state = { ...state };
  return entry;
}

function copy(entry: RouteLocation): RouteLocation {
  return entry.state ? { path: entry.path, query: { ...entry.query }, state: { ...entry.state } } : { path: entry.path, query: { ...entry.query } };
}
