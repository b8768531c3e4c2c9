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

/** Enabled ads of the given types, for every region or this one, for every video or this one. */
export async function listAds(db: Queryable, filter: { types: number[]; region: string | null; mediaKey: string | null }): Promise<AdLists> {
  const rows = await db.query<AdRow>(
    `SELECT id, ad_type, position, show_url, link_url, app_param, title, tracking_url FROM ads
      WHERE enabled AND ad_type = ANY($1::int[])
        AND (region IS NULL OR region = $2)
        AND (media_key IS NULL OR media_key = $3)
      ORDER BY sort, id`,
    [filter.types, filter.region, filter.mediaKey],
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
