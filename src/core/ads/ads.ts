import type { Query } from '../ports/navigator.ts';
import { fieldsOf, flagOf, textOf } from '../request/answer-values.ts';
import type { AdAppParam } from './ads-protocol.ts';

/** One ad of the ad list as the app keeps it (spec: start ad, ad data; the wire form is ads-protocol.ts's AdInfo). */
export interface Ad {
  id: number;
  /** The image. */
  showURL: string;
  /** Opened in a new window on tap ('' for none). */
  linkURL: string;
  /** POSTed to once when the ad is viewed ('' for none). */
  viewURL: string;
  appParam: AdAppParam;
  /** The ad's words (the barrage ad's text, a caption for the pause and inserted ads); absent when none. */
  title?: string;
  /** A tracking address GET once per showing of a play ad; absent when none. */
  trackingURL?: string;
}

/** The ad list answer: kaiping (start ads), zanting (pause), chaBo (insert), danmu (barrage). */
export interface AdsData {
  kaiping: Ad[];
  zanting: Ad[];
  chaBo: Ad[];
  danmu: Ad[];
}

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

function parseAppParam(value: unknown): AdAppParam {
  const raw = fieldsOf(value);
  return {
    device: textOf(raw.device),
    type: textOf(raw.type),
    pagePath: textOf(raw.pagePath),
    param: textOf(raw.param),
    isNeedLogin: flagOf(raw.isNeedLogin),
    webUrl: textOf(raw.webUrl),
  };
}

/** One ad, or null when it has no image to show. */
export function parseAd(value: unknown): Ad | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const showURL = textOf(raw.showURL);
  if (!showURL) return null;
  const id = typeof raw.id === 'number' && Number.isFinite(raw.id) ? raw.id : Number(textOf(raw.id)) || 0;
  const title = textOf(raw.title).trim();
  const trackingURL = textOf(raw.trackingURL).trim();
  return {
    id,
    showURL,
    linkURL: textOf(raw.linkURL),
    viewURL: textOf(raw.viewURL),
    appParam: parseAppParam(raw.appParam),
    ...(title ? { title } : {}),
    ...(trackingURL ? { trackingURL } : {}),
  };
}

/** A list of ads; entries without an image are dropped. Null when the value is not a list. */
export function parseAdList(value: unknown): Ad[] | null {
  if (!Array.isArray(value)) return null;
  return value.map(parseAd).filter((ad): ad is Ad => ad !== null);
}

/** The ad list answer; a missing list reads as empty. Null when the value is not an object. */
export function parseAdsData(value: unknown): AdsData | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const list = (name: keyof AdsData) => parseAdList(raw[name]) ?? [];
  return { kaiping: list('kaiping'), zanting: list('zanting'), chaBo: list('chaBo'), danmu: list('danmu') };
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
