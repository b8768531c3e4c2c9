/**
 * Older-site links (spec shell §9: "A link to an older site opens in a new window; a helper can close the
 * window"). The spec names neither the address nor where the link is: see docs/decisions.md.
 */

declare const __OLDER_SITE_URL__: string | undefined;

/**
 * The older site's address: OLDER_SITE_URL when the app was built (like API_BASE), else '' and no link is offered.
 * (Outside a build, e.g. in unit tests, the constant is not defined.)
 */
export const OLDER_SITE_URL: string = typeof __OLDER_SITE_URL__ === 'string' ? __OLDER_SITE_URL__ : '';

/** The parts of a window the helpers use. */
export interface OpenerWindow {
  open(url: string, target: string): WindowProxy | null;
}

let opened: WindowProxy | null = null;

/**
 * Opens the older site in a new window and keeps a handle on it, so closeOlderSite can close it. `noopener` is not
 * allowed here: with it window.open returns null, and cutting `opener` after opening lets Chromium move the
 * window to a browsing context group of its own when it loads the other site, which leaves the handle dead (close()
 * does nothing). The older site is the operator's own, so the window keeps its opener. A window already open is
 * closed first (one older-site window at a time). False when the browser blocked the window.
 */
export function openOlderSite(url: string = OLDER_SITE_URL, win: OpenerWindow = window): boolean {
  closeOlderSite();
  const child = win.open(url, '_blank');
  if (!child) return false;
  opened = child;
  return true;
}

/** Whether the older-site window is open (the user may have closed it). */
export function isOlderSiteOpen(): boolean {
  return opened !== null && !opened.closed;
}

/** Closes the older-site window opened by openOlderSite, if it is still open. True when there was one to close. */
export function closeOlderSite(): boolean {
  const child = opened;
  opened = null;
  if (!child || child.closed) return false;
  child.close();
  return true;
}
