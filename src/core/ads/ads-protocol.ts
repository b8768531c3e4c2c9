/**
 * The ads' calls, declared once (src/core/request/protocol.ts): the app's AdListService sends GetAdsDataList, the
 * reference server (server/ads/routes.ts) serves all three, the fake (adapters/http/fake-ads-api.ts) answers them.
 * AdView and AdTrack are not sent through their declarations: the app POSTs to an ad's viewURL and GETs its
 * trackingURL as the answer gives them (spec §7), which the server makes from these paths.
 */
import { object, optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

/** The lists of the answer: kaiping (start ads), zanting (pause), chaBo (inserted), danmu (barrage). */
export type AdPosition = 'kaiping' | 'zanting' | 'chaBo' | 'danmu';

/** Where a tap on an ad leads inside the app (spec: ad data, appParam); empty fields when the ad has none. */
const adAppParam = object({ device: wire.text, type: wire.text, pagePath: wire.text, param: wire.text, isNeedLogin: wire.flag, webUrl: wire.text });

export type AdAppParam = InferOutput<typeof adAppParam>;

/** Trimmed text, or none. */
const trimmed = (value: string): string | undefined => value.trim() || undefined;

/**
 * One ad as GetAdsDataList answers it: the image (without one the ad is unreadable, left out of its list), the address
 * opened in a new window on a tap ('' for none), the address POSTed to once when it is viewed, where a tap leads in
 * the app, the ad's words (the barrage ad's text, a caption for the others) and a third party's tracking address the
 * client GETs once per showing: both trimmed, and absent when none.
 */
export const ad = pipe(
  object({
    id: wire.number(),
    showURL: wire.key,
    linkURL: wire.text,
    viewURL: wire.text,
    appParam: optional(pipe(unknown(), transform(wire.fieldsOf), adAppParam), null),
    title: wire.text,
    trackingURL: wire.text,
  }),
  transform(({ title, trackingURL, ...read }) => {
    const words = trimmed(title);
    const tracking = trimmed(trackingURL);
    return { ...read, ...(words ? { title: words } : {}), ...(tracking ? { trackingURL: tracking } : {}) };
  }),
);

export type AdInfo = InferOutput<typeof ad>;

/** GetAdsDataList: the enabled ads of the types asked, by list (a list that is none reads as empty). */
export const adLists = object({ kaiping: wire.items(ad), zanting: wire.items(ad), chaBo: wire.items(ad), danmu: wire.items(ad) });

export type AdLists = InferOutput<typeof adLists>;

/** typeList: 1 to 20 type numbers of one or two digits, comma separated (whitespace removed). */
const TYPE_LIST = /^\d{1,2}(,\d{1,2}){0,19}$/;

export const AdCalls = {
  /** The ads of the types asked, for every region or this one (two letters), for every video or this one. */
  list: call({
    method: 'GET',
    path: '/api/Video/GetAdsDataList',
    carrier: 'query',
    params: {
      typeList: { kind: 'text', max: 60, squash: true, pattern: TYPE_LIST },
      mediaKey: { kind: 'text', max: 64, pattern: /^[A-Za-z0-9_-]{1,64}$/, optional: true },
      region: { kind: 'text', max: 2, pattern: /^[A-Za-z]{2}$/, optional: true },
    },
    answer: adLists,
  }),
  /** Counts a view of the ad (its viewURL); 1070 广告不存在 for no such ad. */
  view: call({ method: 'POST', path: '/api/Video/AdView', carrier: 'query', params: { id: { kind: 'id' } }, answer: wire.none }),
  /** Counts a tracking hit of the ad (the seeded play ads' trackingURL); 1070 广告不存在 for no such ad. */
  track: call({ method: 'GET', path: '/api/Video/AdTrack', carrier: 'query', params: { id: { kind: 'id' } }, answer: wire.none }),
} as const;
