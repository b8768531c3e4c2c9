/**
 * The operator console's ad calls (广告, issue 33), declared once for the console, the reference server
 * (server/ads/console-routes.ts) and the fake (adapters/http/fake-console-ads-api.ts): every ad of the four lists
 * with its counts, and a change of one (on or off, its words, its link, its schedule). Owners and editors only.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { Ret } from '../request/ret.ts';
import { ConsoleAccessRet } from '../shared-kernel/console-access.ts';
import { ConsoleAdLimits, ConsoleAdTexts } from './admin-ads-texts.ts';

const AD_POSITIONS = ['kaiping', 'zanting', 'chaBo', 'danmu'] as const;
/** The ad lists: start (kaiping), pause (zanting), inserted (chaBo), barrage (danmu). */
export type ConsoleAdPosition = (typeof AD_POSITIONS)[number];

export const ConsoleAdRet = {
  /** No ad with that id. */
  NotFound: 9520,
  /** The schedule ends before (or when) it starts. */
  BadSchedule: 9521,
  /** The picture is not a JPG, PNG or WebP (by its content), or larger than 10 MB. */
  BadPicture: 9522,
  /** A new ad's picture was not made by UploadPicture here. */
  PictureNotOurs: 9523,
} as const;

/** The in-app pages an ad may lead to (its appParam's pagePath). */
export const AD_APP_PAGES = ['/openVip', '/vip', '/rank', '/invitation', '/myGold', '/app-download'] as const;
export type AdAppPage = (typeof AD_APP_PAGES)[number];

const FORBIDDEN = ConsoleAccessRet.Forbidden;

/** An ad as the console lists it: where it shows, its picture, words and link, on or off, its schedule (Unix ms, or none) and counts. */
const consoleAd = object({
  id: wire.id,
  position: picklist(AD_POSITIONS),
  showURL: wire.text,
  title: wire.text,
  linkURL: wire.text,
  /** The in-app page a tap leads to ('' for none). */
  appPage: wire.text,
  enabled: wire.flag,
  startsAt: wire.amountOrNull,
  endsAt: wire.amountOrNull,
  views: wire.count,
  tracks: wire.count,
});

export type ConsoleAd = InferOutput<typeof consoleAd>;

/** What a new ad or a change says besides its list and picture. */
const adFields = {
  enabled: { kind: 'int', min: 0, max: 1 },
  title: { kind: 'text', max: ConsoleAdLimits.maxTitle, trim: true, optional: true, keepsEmpty: true, badMessage: ConsoleAdTexts.titleLong },
  linkURL: { kind: 'text', max: ConsoleAdLimits.maxLink, trim: true, optional: true, keepsEmpty: true, pattern: /^(https?:\/\/\S+|\/[^\s/]\S*)$/, badMessage: ConsoleAdTexts.linkInvalid },
  appPage: { kind: 'text', max: 40, optional: true, keepsEmpty: true, oneOf: AD_APP_PAGES },
  startsAt: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, wide: true, optional: true, emptyIsNone: true },
  endsAt: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, wide: true, optional: true, emptyIsNone: true },
} as const;

export const ConsoleAdCalls = {
  /** Every ad, by list and order. */
  list: call({ method: 'GET', path: '/api/admin/Ads/List', carrier: 'query', params: {}, answer: wire.items(consoleAd), refusals: [FORBIDDEN] }),
  /** Changes an ad: on or off, its words, its link ('' for none), its schedule (0 or absent for none). */
  update: call({
    method: 'POST',
    path: '/api/admin/Ads/Update',
    carrier: 'form',
    params: { id: { kind: 'id' }, ...adFields, showURL: { kind: 'text', max: 300, optional: true } },
    answer: consoleAd,
    // A link or words the rules refuse (1002, with the reason) is the form's to show, as a bad schedule is.
    refusals: [ConsoleAdRet.NotFound, ConsoleAdRet.BadSchedule, ConsoleAdRet.PictureNotOurs, FORBIDDEN, Ret.BadParam],
  }),
  /** A new ad at the end of its list, on a picture UploadPicture made. */
  create: call({
    method: 'POST',
    path: '/api/admin/Ads/Create',
    carrier: 'form',
    params: { position: { kind: 'text', max: 8, oneOf: AD_POSITIONS }, showURL: { kind: 'text', max: 300 }, ...adFields },
    answer: consoleAd,
    refusals: [ConsoleAdRet.BadSchedule, ConsoleAdRet.PictureNotOurs, FORBIDDEN, Ret.BadParam],
  }),
  /**
   * A picture for an ad of `position` (its bytes the body, application/octet-stream): checked by its content (JPG,
   * PNG or WebP, at most 10 MB), cropped to the list's size and kept; answers its address.
   */
  uploadPicture: call({
    method: 'POST',
    path: '/api/admin/Ads/UploadPicture',
    carrier: 'query',
    params: { position: { kind: 'text', max: 8, oneOf: AD_POSITIONS } },
    answer: object({ showURL: wire.text }),
    refusals: [ConsoleAdRet.BadPicture, FORBIDDEN],
  }),
} as const;
