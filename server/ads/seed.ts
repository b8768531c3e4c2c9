import type { Queryable } from '../db/database.ts';
import { demoAdUrl } from '../media/demo-images.ts';
import type { AdAppParam, AdPosition } from '../../src/core/ads/ads-protocol.ts';
import { AD_TYPE_OF, adTrackUrl } from './ads-repository.ts';

interface SeedAd {
  key: string;
  showUrl: string;
  linkUrl: string;
  appParam: AdAppParam;
}

const noApp: AdAppParam = { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '' };

/** Start ads on their own portrait pictures (scripts/make-demo-images.ts draws their words): one opening an in-app page, one that needs login, one opening a link in a new window. */
export const SEED_START_ADS: readonly SeedAd[] = [
  { key: 'kaiping-1', showUrl: demoAdUrl('kaiping-1'), linkUrl: '', appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/rank' } },
  { key: 'kaiping-2', showUrl: demoAdUrl('kaiping-2'), linkUrl: '', appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/openVip', param: 'from=ad', isNeedLogin: true } },
  { key: 'kaiping-3', showUrl: demoAdUrl('kaiping-3'), linkUrl: '/app-download', appParam: { ...noApp, device: 'h5', type: 'link', webUrl: '/app-download' } },
];

interface SeedPlayAd extends SeedAd {
  position: Exclude<AdPosition, 'kaiping'>;
  /** Only while playing this video; null for every video. */
  mediaKey: string | null;
  title: string;
  /** Whether the ad gets the demo tracking address (the server's AdTrack, standing in for a third party). */
  tracked: boolean;
}

/** The video the pause and inserted demo ads play on (kept off the other journeys' videos). */
export const PLAY_AD_MEDIA_KEY = 'movie-07';

/**
 * Play ads: the pause ad (zanting) and the inserted ad (chaBo) on movie-07, and the barrage ad (danmu) on
 * every video, its words in `title` (drawn as a barrage by the barrage feature).
 */
export const SEED_PLAY_ADS: readonly SeedPlayAd[] = [
  {
    key: 'zanting-1', position: 'zanting', mediaKey: PLAY_AD_MEDIA_KEY, showUrl: demoAdUrl('zanting-1'), linkUrl: '',
    appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/openVip', param: 'from=pause-ad' }, title: '开通VIP会员，暂停也无广告', tracked: true,
  },
  {
    key: 'chabo-1', position: 'chaBo', mediaKey: PLAY_AD_MEDIA_KEY, showUrl: demoAdUrl('chabo-1'), linkUrl: '/app-download',
    appParam: { ...noApp, device: 'h5', type: 'link', webUrl: '/app-download' }, title: '下载奇遇APP，看片更流畅', tracked: true,
  },
  {
    key: 'danmu-1', position: 'danmu', mediaKey: null, showUrl: demoAdUrl('danmu-1'), linkUrl: '',
    appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/openVip' }, title: '开通VIP会员，海量大片免广告畅看', tracked: false,
  },
];

/** Inserts the demo start and play ads that are missing (idempotent); ads still on the old shared demo pictures get their own. */
export async function seedAds(db: Queryable): Promise<void> {
  for (const [index, ad] of SEED_START_ADS.entries()) {
    await db.query(
      `INSERT INTO ads (ad_type, position, show_url, link_url, app_param, sort, seed_key)
       VALUES ($1, 'kaiping', $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (seed_key) DO UPDATE SET show_url = EXCLUDED.show_url WHERE ads.show_url ~ '^/media/demo/(poster|cover)-[0-9]+[.]jpg$'`,
      [AD_TYPE_OF.kaiping, ad.showUrl, ad.linkUrl, JSON.stringify(ad.appParam), index, ad.key],
    );
  }
  for (const [index, ad] of SEED_PLAY_ADS.entries()) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO ads (ad_type, position, show_url, link_url, app_param, media_key, title, sort, seed_key)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)
       ON CONFLICT (seed_key) DO UPDATE SET show_url = EXCLUDED.show_url WHERE ads.show_url ~ '^/media/demo/(poster|cover)-[0-9]+[.]jpg$'
       RETURNING id`,
      [AD_TYPE_OF[ad.position], ad.position, ad.showUrl, ad.linkUrl, JSON.stringify(ad.appParam), ad.mediaKey, ad.title, index, ad.key],
    );
    const id = rows[0]?.id;
    if (id !== undefined && ad.tracked) await db.query('UPDATE ads SET tracking_url = $1 WHERE id = $2', [adTrackUrl(id), id]);
  }
}
