import type { Clock, TimerId } from '../ports/clock.ts';
import type { Navigator, Query } from '../ports/navigator.ts';
import type { PageVisibility, Unsubscribe } from '../ports/page-visibility.ts';

export const OpenAppRules = {
  /** The deep link gets this long to open the app before the download page opens (spec section 9). */
  deepLinkTimeoutMs: 2_000,
  /** The app's URL scheme. */
  deepLinkBase: 'qiyu://open',
  /** Where a phone without the app goes. */
  downloadPath: '/app-download',
  /** A query flag that opens the popup (shared links: ?openApp=1). */
  showQuery: 'openApp',
} as const;

/** The deep link that opens this page in the app: qiyu://open?path=<path and query>. */
export function deepLinkFor(path: string, query: Query): string {
  const rest = new URLSearchParams(Object.entries(query).filter(([key]) => key !== OpenAppRules.showQuery));
  const search = rest.toString();
  return `${OpenAppRules.deepLinkBase}?path=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

/** True when the query asks for the popup (?openApp=1). */
export function openAppRequested(query: Query): boolean {
  const value = query[OpenAppRules.showQuery];
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * The open-the-app popup (spec section 2): while shown, navigation is blocked and a blocked navigation
 * closes it; it hides on route change. Opening tries the app's deep link; when the page is still in view
 * 2 s later (no app took over), the download page opens.
 */
export class OpenAppController {
  private shown = false;
  private readonly listeners = new Set<(visible: boolean) => void>();
  private fallbackTimer: TimerId | null = null;
  private stopWatching: Unsubscribe | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly navigator: Navigator,
    private readonly visibility: PageVisibility,
  ) {}

  visible(): boolean {
    return this.shown;
  }

  subscribe(listener: (visible: boolean) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  show(): void {
    this.set(true);
  }

  hide(): void {
    this.set(false);
  }

  /** A navigation was blocked while the popup showed: the popup closes, the page stays. */
  navigationBlocked(): void {
    this.set(false);
  }

  routeChanged(): void {
    this.set(false);
  }

  /** Tries the deep link; falls back to the download page after 2 s unless the page was left meanwhile. */
  openApp(): void {
    const here = this.navigator.current();
    this.set(false);
    this.cancelFallback();
    let left = false;
    this.stopWatching = this.visibility.onChange((visible) => {
      if (!visible) left = true;
    });
    this.fallbackTimer = this.clock.schedule(() => {
      this.fallbackTimer = null;
      this.stopWatching?.();
      this.stopWatching = null;
      if (!left && this.visibility.isVisible()) this.navigator.push(OpenAppRules.downloadPath);
    }, OpenAppRules.deepLinkTimeoutMs);
    this.navigator.openUrl(deepLinkFor(here.path, here.query), { newWindow: false });
  }

  private cancelFallback(): void {
    if (this.fallbackTimer !== null) this.clock.cancelSchedule(this.fallbackTimer);
    this.fallbackTimer = null;
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private set(visible: boolean): void {
    if (this.shown === visible) return;
    this.shown = visible;
    for (const listener of [...this.listeners]) listener(visible);
  }
}
