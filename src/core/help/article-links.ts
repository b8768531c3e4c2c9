import type { Query } from '../ports/navigator.ts';
import { FramePageTexts } from './help-texts.ts';

/**
 * Where a help article's links lead, and /iframe, the app's page for a link to an allowed site (issue 31; see
 * docs/decisions.md). A link to a page of the app opens that page; a link to a site the operator allows
 * (FRAME_ORIGINS: a payment provider's help centre, a partner's activity page) opens inside the app at
 * /iframe?url&title, under the app's own bar with its way back; any other link behaves as a link (a new window).
 * /iframe frames nothing but an allowed site's http(s) address, whoever wrote the link, and it never shows a
 * payment gateway: the gateway is opened by the browser itself (spec §7).
 */
const FramePage = {
  path: '/iframe',
  /** The address to show (query). */
  urlParam: 'url',
  /** The bar's title (query): the link's text. */
  titleParam: 'title',
} as const;

/** The longest title the bar takes from a link (the rest is cut). */
const MAX_TITLE = 30;

/** The origin of an http(s) address, or null. */
function httpOrigin(url: URL): string | null {
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
}

function parse(href: string, base?: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** The allowed origins as origins (an entry that is no http(s) address is dropped). */
export function frameOrigins(configured: readonly string[]): string[] {
  return configured.flatMap((entry) => {
    const url = parse(entry.trim());
    const origin = url === null ? null : httpOrigin(url);
    return origin === null ? [] : [origin];
  });
}

export interface ArticleLink {
  href: string;
  text: string;
}

/**
 * A tap on an article's link: the app page to open (a path on the app's own origin, or /iframe for an allowed
 * site), or null when the link is left to the browser.
 */
export function articleLinkTarget(link: ArticleLink, appOrigin: string, allowed: readonly string[]): { path: string; query: Query } | null {
  const url = parse(link.href, appOrigin);
  if (url === null) return null;
  if (url.origin === appOrigin && link.href.startsWith('/') && !link.href.startsWith('//')) {
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
  }
  const origin = httpOrigin(url);
  if (origin === null || !allowed.includes(origin)) return null;
  const title = link.text.replace(/\s+/gu, ' ').trim().slice(0, MAX_TITLE);
  return { path: FramePage.path, query: { [FramePage.urlParam]: url.href, ...(title === '' ? {} : { [FramePage.titleParam]: title }) } };
}

/** What /iframe shows: the allowed site's page under its title, or why not. */
export type FramePageView = { kind: 'frame'; url: string; title: string } | { kind: 'unavailable'; title: string };

export function framePageView(query: Query, allowed: readonly string[]): FramePageView {
  const given = (query[FramePage.titleParam] ?? '').trim().slice(0, MAX_TITLE);
  const title = given === '' ? FramePageTexts.defaultTitle : given;
  const url = parse(query[FramePage.urlParam] ?? '');
  const origin = url === null ? null : httpOrigin(url);
  if (url === null || origin === null || !allowed.includes(origin)) return { kind: 'unavailable', title };
  return { kind: 'frame', url: url.href, title };
}
