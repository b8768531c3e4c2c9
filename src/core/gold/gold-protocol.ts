/**
 * Gold's calls, declared once (src/core/request/protocol.ts): the app's GoldService sends them, the reference
 * server (server/gold/routes.ts) serves them, the fake (test/contract/gold-protocol.test.ts) answers them.
 */
import { array, object, pipe, transform, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageEntries, withTotal } from '../shared-kernel/video.ts';

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

/**
 * A paid video as FilterVideoByGold answers it: its price in gold, whether the caller bought it (always false for a
 * visitor) and its landscape cover (the gate shows it darkened behind the price).
 */
const paidVideo = object({ mediaKey: wire.key, price: wire.amount(), unlocked: wire.flag, cover: wire.text });

export type PaidVideo = InferOutput<typeof paidVideo>;

/**
 * FilterVideoByGold: the paid videos among the keys asked (free and unknown ones left out), and the caller's gold
 * (null for a visitor). A video left out plays free, so a list that does not read (or an entry of it) makes the whole
 * answer none (null) rather than a video free.
 */
const paidVideos = object({ list: array(paidVideo), balance: wire.amountOrNull });

export type PaidVideos = InferOutput<typeof paidVideos>;

/** PayVideoByGold: the video is the caller's (now, or already: then nothing was debited and `paid` is 0). */
const videoUnlocked = object({ mediaKey: wire.text, price: wire.amount(), paid: wire.amount(), balance: wire.amount(), alreadyUnlocked: wire.flag });

export type VideoUnlocked = InferOutput<typeof videoUnlocked>;

/** The data of PayVideoByGold's refusal {@link GoldRet.Insufficient}. */
export interface GoldShortfall {
  mediaKey: string;
  price: number;
  balance: number;
}

/**
 * One entry of the gold history: the amount signed (positive credits, negative debits), the balance right after, why
 * (sign_in, unlock, grant, …), the unlocked video of an unlock entry (else null), the note and the time (Unix ms).
 * Without an id it is left out.
 */
const goldRecord = object({
  id: wire.id,
  amount: wire.number(),
  balance: wire.number(),
  reason: wire.text,
  mediaKey: wire.orNull(wire.key),
  videoTitle: wire.orNull(wire.key),
  note: wire.text,
  time: wire.amount(),
});

export type GoldRecord = InferOutput<typeof goldRecord>;

/** GetGoldRecords: one page of the history, newest first, with the balance. */
const goldRecordPage = pipe(object({ ...pageEntries(goldRecord), balance: wire.amount() }), transform(withTotal));

export type GoldRecordPage = InferOutput<typeof goldRecordPage>;

export const GoldCalls = {
  /** Which of the given videos are paid, and whether the caller may play them. Visitors may ask. */
  paidVideos: call({
    method: 'GET',
    path: '/api/video/FilterVideoByGold',
    carrier: 'query',
    params: {
      mediaKeys: { kind: 'list', maxItems: GoldProtocolLimits.maxFilterKeys, maxLength: MAX_MEDIA_KEY, tooManyMessage: `mediaKeys最多${GoldProtocolLimits.maxFilterKeys}个` },
    },
    answer: wire.orNull(paidVideos),
  }),
  /** Unlocks a paid video with gold, once per user and video; a second call debits nothing. Signed in only. */
  unlock: call({
    method: 'GET',
    path: '/api/video/PayVideoByGold',
    carrier: 'query',
    params: { mediaKey: { kind: 'text', max: MAX_MEDIA_KEY, trim: true } },
    answer: videoUnlocked,
    refusals: [GoldRet.Insufficient, GoldRet.NotForSale],
  }),
  /** The caller's gold history, paged. Signed in only. */
  records: call({
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
    answer: goldRecordPage,
  }),
} as const;
