/**
 * Gold's calls, declared once (src/core/request/protocol.ts): the app's GoldService sends them, the reference
 * server (server/gold/routes.ts) serves them, the fake (test/contract/gold-protocol.test.ts) answers them.
 */
import { call } from '../request/protocol.ts';

/** The longest media key a video can have. */
const MAX_MEDIA_KEY = 64;

const GoldProtocolLimits = {
  /** FilterVideoByGold takes at most this many media keys. */
  maxFilterKeys: 50,
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
} as const;

/** The answer codes of gold's calls that the app handles itself. */
export const GoldRet = {
  /** PayVideoByGold: the balance is below the price (msg 金币不足，当前余额N金币; data {@link GoldShortfall}). */
  Insufficient: 7030,
  /** PayVideoByGold: a free video. */
  NotForSale: 7031,
} as const;

/** A paid video as FilterVideoByGold answers it. */
export interface PaidVideo {
  mediaKey: string;
  /** Price in gold. */
  price: number;
  /** Bought by the caller (always false for a visitor). */
  unlocked: boolean;
  /** The landscape cover (the gate shows it darkened behind the price). */
  cover: string;
}

/** FilterVideoByGold: the paid videos among the keys asked (free and unknown ones left out), and the balance. */
export interface PaidVideos {
  list: PaidVideo[];
  /** The caller's gold; null for a visitor. */
  balance: number | null;
}

/** PayVideoByGold: the video is the caller's (now, or already: then nothing was debited and `paid` is 0). */
export interface VideoUnlocked {
  mediaKey: string;
  price: number;
  paid: number;
  balance: number;
  alreadyUnlocked: boolean;
}

/** The data of PayVideoByGold's refusal {@link GoldRet.Insufficient}. */
export interface GoldShortfall {
  mediaKey: string;
  price: number;
  balance: number;
}

/** One entry of the gold history. */
export interface GoldRecord {
  id: number;
  /** Signed: positive credits, negative debits. */
  amount: number;
  /** The balance right after. */
  balance: number;
  /** sign_in, unlock, grant, … */
  reason: string;
  /** The unlocked video (unlock entries), or null. */
  mediaKey: string | null;
  videoTitle: string | null;
  note: string;
  /** Unix milliseconds. */
  time: number;
}

/** GetGoldRecords: one page of the history, newest first, with the balance. */
export interface GoldRecordPage {
  balance: number;
  list: GoldRecord[];
  page: number;
  pageSize: number;
  total: number;
}

export const GoldCalls = {
  /** Which of the given videos are paid, and whether the caller may play them. Visitors may ask. */
  paidVideos: call<PaidVideos>()({
    method: 'GET',
    path: '/api/video/FilterVideoByGold',
    carrier: 'query',
    params: {
      mediaKeys: { kind: 'list', maxItems: GoldProtocolLimits.maxFilterKeys, maxLength: MAX_MEDIA_KEY, tooManyMessage: `mediaKeys最多${GoldProtocolLimits.maxFilterKeys}个` },
    },
  }),
  /** Unlocks a paid video with gold, once per user and video; a second call debits nothing. Signed in only. */
  unlock: call<VideoUnlocked>()({
    method: 'GET',
    path: '/api/video/PayVideoByGold',
    carrier: 'query',
    params: { mediaKey: { kind: 'text', max: MAX_MEDIA_KEY, trim: true } },
    refusals: [GoldRet.Insufficient, GoldRet.NotForSale],
  }),
  /** The caller's gold history, paged. Signed in only. */
  records: call<GoldRecordPage>()({
    method: 'GET',
    path: '/api/user/GetGoldRecords',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: GoldProtocolLimits.maxPage, fallback: 1 },
      pageSize: {
        kind: 'int',
        min: 1,
        max: GoldProtocolLimits.maxPageSize,
        fallback: GoldProtocolLimits.defaultPageSize,
        rangeMessage: `每页数量为1-${GoldProtocolLimits.maxPageSize}`,
      },
    },
  }),
} as const;
