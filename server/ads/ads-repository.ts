import { AdCalls, type AdAppParam, type AdInfo, type AdLists, type AdPosition } from '../../src/core/ads/ads-protocol.ts';
import type { Queryable } from '../db/database.ts';

/** The ad type number of each list (the client's typeList asks for 1,2,3,4,5,6,8; 5, 6 and 8 have no list here). */
export const AD_TYPE_OF: Readonly<Record<AdPosition, number>> = { kaiping: 1, zanting: 2, chaBo: 3, danmu: 4 };

interface AdRow {
  id: number;
  ad_type: number;
  position: AdPosition;
  show_url: string;
  link_url: string;
  app_param: Partial<AdAppParam> | null;
  title: string;
  tracking_url: string;
}

function adViewUrl(id: number): string {
  return `${AdCalls.view.path}?id=${id}`;
}

function toAdView(row: AdRow): AdInfo {
  const param = row.app_param ?? {};
  return {
    id: row.id,
    showURL: row.show_url,
    linkURL: row.link_url,
    viewURL: adViewUrl(row.id),
    appParam: {
      device: param.device ?? '',
      type: param.type ?? '',
      pagePath: param.pagePath ?? '',
      param: param.param ?? '',
      isNeedLogin: param.isNeedLogin === true,
      webUrl: param.webUrl ?? '',
    },
    title: row.title,
    trackingURL: row.tracking_url,
  };
}

/** Enabled ads of the given types in their schedule at `now`, for every region or this one, for every video or this one. */
export async function listAds(db: Queryable, filter: { types: number[]; region: string | null; mediaKey: string | null; now: Date }): Promise<AdLists> {
  const rows = await db.query<AdRow>(
    `SELECT id, ad_type, position, show_url, link_url, app_param, title, tracking_url FROM ads
      WHERE enabled AND ad_type = ANY($1::int[])
        AND (region IS NULL OR region = $2)
        AND (media_key IS NULL OR media_key = $3)
        AND (starts_at IS NULL OR starts_at <= $4)
        AND (ends_at IS NULL OR ends_at > $4)
      ORDER BY sort, id`,
    [filter.types, filter.region, filter.mediaKey, filter.now],
  );
  const data: AdLists = { kaiping: [], zanting: [], chaBo: [], danmu: [] };
  for (const row of rows) data[row.position].push(toAdView(row));
  return data;
}

/** The demo tracking address of an ad (what a third party's tracking pixel would be). */
export function adTrackUrl(id: number): string {
  return `${AdCalls.track.path}?id=${id}`;
}

/** Counts one tracking hit; false when there is no such ad. */
export async function countAdTrack(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('UPDATE ads SET track_count = track_count + 1 WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Counts one view; false when there is no such ad. */
export async function countAdView(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('UPDATE ads SET view_count = view_count + 1 WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** An ad as the operator console sees it (every field it shows and changes, and its counts). */
export interface ConsoleAdRow {
  id: number;
  position: AdPosition;
  showURL: string;
  title: string;
  linkURL: string;
  /** The in-app page a tap leads to ('' for none): the app_param's pagePath when its type is a page. */
  appPage: string;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  views: number;
  tracks: number;
}

interface ConsoleRow {
  id: number;
  position: AdPosition;
  show_url: string;
  title: string;
  link_url: string;
  app_param: Partial<AdAppParam> | null;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  view_count: number;
  track_count: number;
}

const CONSOLE_COLUMNS = 'id, position, show_url, title, link_url, app_param, enabled, starts_at, ends_at, view_count, track_count';
const POSITION_ORDER = `array_position(ARRAY['kaiping', 'zanting', 'chaBo', 'danmu'], position)`;

function toConsoleAd(row: ConsoleRow): ConsoleAdRow {
  return {
    id: row.id,
    position: row.position,
    showURL: row.show_url,
    title: row.title,
    linkURL: row.link_url,
    appPage: row.app_param?.type === 'page' ? (row.app_param.pagePath ?? '') : '',
    enabled: row.enabled,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    views: Number(row.view_count),
    tracks: Number(row.track_count),
  };
}

/** Every ad, by list, then in each list's order. */
export async function listConsoleAds(db: Queryable): Promise<ConsoleAdRow[]> {
  return (await db.query<ConsoleRow>(`SELECT ${CONSOLE_COLUMNS} FROM ads ORDER BY ${POSITION_ORDER}, sort, id`)).map(toConsoleAd);
}

/** One ad, locked for the transaction (a change reads it first: its before). */
export async function findConsoleAd(db: Queryable, id: number): Promise<ConsoleAdRow | null> {
  const rows = await db.query<ConsoleRow>(`SELECT ${CONSOLE_COLUMNS} FROM ads WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? toConsoleAd(rows[0]) : null;
}

/** What the console sets of an ad. */
export type ConsoleAdChange = Pick<ConsoleAdRow, 'showURL' | 'enabled' | 'title' | 'linkURL' | 'appPage' | 'startsAt' | 'endsAt'>;

/**
 * Where a tap leads in the app: the in-app page when there is one, else the link opened in a new window, else nowhere.
 * What the console does not show of the ad's own (a page's query, whether it needs a login) is kept while its page or
 * link stays the same.
 */
function appParamOf(change: Pick<ConsoleAdChange, 'appPage' | 'linkURL'>, before: Partial<AdAppParam> | null): AdAppParam {
  const none: AdAppParam = { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '' };
  const made: AdAppParam = change.appPage !== ''
    ? { ...none, device: 'h5', type: 'page', pagePath: change.appPage }
    : change.linkURL !== '' ? { ...none, device: 'h5', type: 'link', webUrl: change.linkURL } : none;
  const same = before !== null && before.type === made.type && (before.pagePath ?? '') === made.pagePath && (before.webUrl ?? '') === made.webUrl;
  return same ? { ...made, param: before.param ?? '', isNeedLogin: before.isNeedLogin === true } : made;
}

/** Changes a locked ad (its app_param kept where its page or link stays the same). */
export async function updateConsoleAd(db: Queryable, id: number, change: ConsoleAdChange): Promise<ConsoleAdRow> {
  const before = (await db.query<{ app_param: Partial<AdAppParam> | null }>('SELECT app_param FROM ads WHERE id = $1', [id]))[0]?.app_param ?? null;
  const rows = await db.query<ConsoleRow>(
    `UPDATE ads SET show_url = $2, enabled = $3, title = $4, link_url = $5, app_param = $6, starts_at = $7, ends_at = $8 WHERE id = $1 RETURNING ${CONSOLE_COLUMNS}`,
    [id, change.showURL, change.enabled, change.title, change.linkURL, JSON.stringify(appParamOf(change, before)), change.startsAt, change.endsAt],
  );
  return toConsoleAd(rows[0]!);
}

/** A new ad at the end of its list. */
export async function insertConsoleAd(db: Queryable, position: AdPosition, change: ConsoleAdChange): Promise<ConsoleAdRow> {
  const rows = await db.query<ConsoleRow>(
    `INSERT INTO ads (ad_type, position, show_url, enabled, title, link_url, app_param, starts_at, ends_at, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT COALESCE(MAX(sort), -1) + 1 FROM ads WHERE position = $2))
     RETURNING ${CONSOLE_COLUMNS}`,
    [AD_TYPE_OF[position], position, change.showURL, change.enabled, change.title, change.linkURL, JSON.stringify(appParamOf(change, null)), change.startsAt, change.endsAt],
  );
  return toConsoleAd(rows[0]!);
}
