import type { Navigator, Query, RouteLocation } from '../../src/core/ports/navigator.ts';

/** An in-memory history: push adds an entry, replace swaps the current one, back drops it (never the first). */
export class MemoryNavigator implements Navigator {
  private readonly stack: RouteLocation[];
  /** Every address opened with openUrl, oldest first. */
  readonly opened: { url: string; newWindow: boolean }[] = [];

  constructor(path = '/', query: Query = {}) {
    this.stack = [location(path, query)];
  }

  current(): RouteLocation {
    const top = this.stack[this.stack.length - 1]!;
    return { path: top.path, query: { ...top.query } };
  }

  push(path: string, query?: Query): void {
    this.stack.push(location(path, query));
  }

  replace(path: string, query?: Query): void {
    this.stack[this.stack.length - 1] = location(path, query);
  }

  back(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  openUrl(url: string, options: { newWindow: boolean }): void {
    this.opened.push({ url, newWindow: options.newWindow });
  }

  /** The history, oldest first; the last entry is the current location. */
  entries(): RouteLocation[] {
    return this.stack.map((entry) => ({ path: entry.path, query: { ...entry.query } }));
  }
}

/** Like the router: a query written into path is kept, the given one wins on the same keys. */
function location(path: string, query: Query = {}): RouteLocation {
  const at = path.indexOf('?');
  if (at < 0) return { path, query: { ...query } };
  return { path: path.slice(0, at), query: { ...Object.fromEntries(new URLSearchParams(path.slice(at + 1))), ...query } };
}
