/**
 * The ads' calls, declared once (src/core/request/protocol.ts): the app's AdListService sends GetAdsDataList, the
 * reference server (server/ads/routes.ts) serves all three, the fake (adapters/http/fake-ads-api.ts) answers them.
 * AdView and AdTrack are not sent through their declarations: the app POSTs to an ad's viewURL and GETs its
 * trackingURL as the answer gives them (spec §7), which the server makes from these paths.
 */
import { call } from '../request/protocol.ts';

/** The lists of the answer: kaiping (start ads), zanting (pause), chaBo (inserted), danmu (barrage). */
export type AdPosition = 'kaiping' | 'zanting' | 'chaBo' | 'danmu';

/** Where a tap on an ad leads inside the app (spec: ad data, appParam). */
export interface AdAppParam {
  device: string;
  type: string;
  pagePath: string;
  param: string;
  isNeedLogin: boolean;
  webUrl: string;
}

/** One ad as GetAdsDataList answers it. */
export interface AdInfo {
  id: number;
  /** The image. */
  showURL: string;
  /** Opened in a new window on tap ('' for none). */
  linkURL: string;
  /** POSTed to once when the ad is viewed. */
  viewURL: string;
  appParam: AdAppParam;
  /** The ad's words: the barrage ad's text, a caption for the others ('' for none). */
  title: string;
  /** A third party's tracking address the client GETs once per showing ('' for none). */
  trackingURL: string;
}

/** GetAdsDataList: the enabled ads of the types asked, by list. */
export type AdLists = Record<AdPosition, AdInfo[]>;

/** typeList: 1 to 20 type numbers of one or two digits, comma separated (whitespace removed). */
const TYPE_LIST = /^\d{1,2}(,\d{1,2}){0,19}$/;

export const AdCalls = {
  /** The ads of the types asked, for every region or this one (two letters), for every video or this one. */
  list: call<AdLists>()({
    method: 'GET',
    path: '/api/Video/GetAdsDataList',
    carrier: 'query',
    params: {
      typeList: { kind: 'text', max: 60, squash: true, pattern: TYPE_LIST },
      mediaKey: { kind: 'text', max: 64, pattern: /^[A-Za-z0-9_-]{1,64}$/, optional: true },
      region: { kind: 'text', max: 2, pattern: /^[A-Za-z]{2}$/, optional: true },
    },
  }),
  /** Counts a view of the ad (its viewURL); 1070 广告不存在 for no such ad. */
  view: call<null>()({ method: 'POST', path: '/api/Video/AdView', carrier: 'query', params: { id: { kind: 'id' } } }),
  /** Counts a tracking hit of the ad (the seeded play ads' trackingURL); 1070 广告不存在 for no such ad. */
  track: call<null>()({ method: 'GET', path: '/api/Video/AdTrack', carrier: 'query', params: { id: { kind: 'id' } } }),
} as const;
