import type { Queryable } from '../db/database.ts';
import { DEMO_POSTER_URLS } from '../media/demo-images.ts';
import { AD_TYPE_OF, type AdAppParam } from './ads-repository.ts';

interface SeedAd {
  key: string;
  showUrl: string;
  linkUrl: string;
  appParam: AdAppParam;
}

const noApp: AdAppParam = { device: '', type: '', pagePath: '', param: '', isNeedLogin: false, webUrl: '' };

/** Start ads on portrait demo posters: one opening an in-app page, one that needs login, one opening a link in a new window. */
export const SEED_START_ADS: readonly SeedAd[] = [
  { key: 'kaiping-1', showUrl: DEMO_POSTER_URLS[0]!, linkUrl: '', appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/rank' } },
  { key: 'kaiping-2', showUrl: DEMO_POSTER_URLS[1]!, linkUrl: '', appParam: { ...noApp, device: 'h5', type: 'page', pagePath: '/openVip', param: 'from=ad', isNeedLogin: true } },
  { key: 'kaiping-3', showUrl: DEMO_POSTER_URLS[2]!, linkUrl: '/app-download', appParam: { ...noApp, device: 'h5', type: 'link', webUrl: '/app-download' } },
];

/** Inserts the demo start ads that are missing (idempotent). */
export async function seedAds(db: Queryable): Promise<void> {
  for (const [index, ad] of SEED_START_ADS.entries()) {
    await db.query(
      `INSERT INTO ads (ad_type, position, show_url, link_url, app_param, sort, seed_key)
       VALUES ($1, 'kaiping', $2, $3, $4::jsonb, $5, $6) ON CONFLICT (seed_key) DO NOTHING`,
      [AD_TYPE_OF.kaiping, ad.showUrl, ad.linkUrl, JSON.stringify(ad.appParam), index, ad.key],
    );
  }
}
