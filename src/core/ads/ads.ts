import type { Query } from '../ports/navigator.ts';
import * as wire from '../request/answer-values.ts';
import { ad, adLists, type AdInfo, type AdLists } from './ads-protocol.ts';

/** One ad of the ad list as the app keeps it (spec: start ad, ad data; read by ads-protocol.ts's schema). */
export type Ad = AdInfo;

/** The ad list answer: kaiping (start ads), zanting (pause), chaBo (insert), danmu (barrage). */
export type AdsData = AdLists;

/** Spec section 7 and 9. */
export const AdRules = {
  /** The ad types every ad-list call asks for. */
  typeList: '1,2,3,4,5,6,8',
  /** The ad list cache lives this long (session and local storage). */
  listCacheMs: 1_800_000,
  /** The start ad shows again when the page was hidden for more than this. */
  startAdGapMs: 600_000,
  /** The skip countdown, in seconds. */
  countdownSeconds: 4,
  /** One countdown step. */
  countdownStepMs: 1_000,
  /** The countdown starts after this even when the image has not loaded. */
  autoStartMs: 5_000,
} as const;

export const AdKeys = {
  /** Local storage: the start ads (kaiping list) as JSON. */
  startAdList: 'startAdList',
  /** Session and local storage: the cached ad list answer with its time. */
  adsCache: 'adsDataCache',
} as const;

export const AdPaths = {
  appDownload: '/app-download',
  login: '/login',
} as const;

/** The query key that hides the nav bar (embedded pages): no start ad there. */
const HIDE_NAV_BAR_QUERY = 'hideNavBar';

const adList = wire.items(ad);

/** One ad kept (local storage), or null when it has no image to show. */
export function parseAd(value: unknown): Ad | null {
  return wire.parsed(ad, value);
}

/** A list of kept ads; entries without an image are dropped. Null when the value is not a list. */
export function parseAdList(value: unknown): Ad[] | null {
  return Array.isArray(value) ? wire.parsed(adList, value) : null;
}

/** Kept ad list data (the cache); a missing list reads as empty. Null when the value is not an object. */
export function parseAdsData(value: unknown): AdsData | null {
  return typeof value === 'object' && !Array.isArray(value) ? wire.parsed(adLists, value) : null;
}

/** Play pages (/play/…, /watch) never use the ad list cache. */
export function isPlayPath(path: string): boolean {
  return path === '/watch' || path.startsWith('/watch/') || path.startsWith('/play/');
}

/** The start ad is not shown on the download page nor on embedded pages (hideNavBar set). */
export function startAdAllowedAt(path: string, query: Query): boolean {
  if (path.toLowerCase() === AdPaths.appDownload) return false;
  const hide = query[HIDE_NAV_BAR_QUERY];
  return hide === undefined || hide === '';
}

/** The in-app target of an ad: pagePath with its param as query, or null when it has none. */
export function adTarget(ad: Ad): string | null {
  const path = ad.appParam.pagePath.trim();
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const param = ad.appParam.param.trim().replace(/^\?/, '');
  return param ? `${path}${path.includes('?') ? '&' : '?'}${param}` : path;
}

/** An index in [0, count) from a random v4 UUID (its last 32 bits are random). */
export function indexFromUuid(uuid: string, count: number): number {
  if (count <= 0) return -1;
  const bits = Number.parseInt(uuid.replace(/-/g, '').slice(-8), 16);
  return (Number.isFinite(bits) ? bits : 0) % count;
}
