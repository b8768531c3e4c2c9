import { AdCalls } from '../../src/core/ads/ads-protocol.ts';
import type { AdAppParam, AdInfo, AdLists, AdPosition } from '../../src/core/ads/ads-protocol.ts';
import { fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp } from './fake-http.ts';

/** An ad as the imitation holds it: its list, for every region or one, for every video or one, and its counts. */
export interface FakeAd {
  id: number;
  position: AdPosition;
  showURL: string;
  linkURL: string;
  appParam: AdAppParam;
  title: string;
  trackingURL: string;
  /** Upper-case two letters, or null for every region. */
  region: string | null;
  mediaKey: string | null;
  views: number;
  tracks: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeAdsState {
  readonly ads: FakeAd[];
}

/** The ad type number of each list (5, 6 and 8 have no list). */
const TYPE_OF: Readonly<Record<AdPosition, number>> = { kaiping: 1, zanting: 2, chaBo: 3, danmu: 4 };

/**
 * An in-memory imitation of the reference server's ad calls, answering what ads-protocol.ts declares and checking
 * their parameters as declared (test/contract/ads-protocol.test.ts runs one suite against it and the server).
 */
export function installFakeAdsApi(http: FakeHttp): FakeAdsState {
  const state: FakeAdsState = { ads: [] };

  const { serve } = fakeApi(http);
  const find = (id: number): FakeAd => {
    const ad = state.ads.find((a) => a.id === id);
    if (!ad) throw refuse(1070, '广告不存在');
    return ad;
  };

  serve(AdCalls.list, 'optional', ({ typeList, mediaKey, region }) => {
    const types = new Set(typeList.split(',').map(Number));
    const lists: AdLists = { kaiping: [], zanting: [], chaBo: [], danmu: [] };
    for (const ad of state.ads) {
      const fits = types.has(TYPE_OF[ad.position]) && (ad.region === null || ad.region === region?.toUpperCase()) && (ad.mediaKey === null || ad.mediaKey === mediaKey);
      if (!fits) continue;
      const info: AdInfo = { id: ad.id, showURL: ad.showURL, linkURL: ad.linkURL, viewURL: `${AdCalls.view.path}?id=${ad.id}`, appParam: ad.appParam, title: ad.title, trackingURL: ad.trackingURL };
      lists[ad.position].push(info);
    }
    return ok(lists);
  });

  serve(AdCalls.view, 'optional', ({ id }) => {
    find(id).views += 1;
    return ok(null);
  });

  serve(AdCalls.track, 'optional', ({ id }) => {
    find(id).tracks += 1;
    return ok(null);
  });

  return state;
}
