import type { AppServices } from '../app-services.ts';
import { findVideoId } from '../catalogue/catalogue-repository.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { goldBalance, goldRecords, paidVideos, payForVideo } from './gold-repository.ts';

const GoldLimits = {
  /** FilterVideoByGold takes at most this many media keys. */
  maxFilterKeys: 50,
  maxMediaKey: 64,
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
} as const;

const GoldPaths = {
  filter: '/api/video/FilterVideoByGold',
  pay: '/api/video/PayVideoByGold',
  records: '/api/user/GetGoldRecords',
} as const;

/** 金币不足，当前余额N金币 (at most 30 characters for any balance). */
function goldInsufficientMessage(balance: number): string {
  return `${RetMessage.GoldInsufficient}，当前余额${balance}金币`;
}

function mediaKeyOf(params: Params): string {
  const key = params.string('mediaKey').trim();
  if (key === '' || key.length > GoldLimits.maxMediaKey) throw badParam('mediaKey');
  return key;
}

/** mediaKeys: comma-separated, 1 to 50 distinct keys of at most 64 characters. */
function mediaKeysOf(params: Params): string[] {
  const keys = params.string('mediaKeys').split(',').map((key) => key.trim());
  if (keys.some((key) => key === '' || key.length > GoldLimits.maxMediaKey)) throw badParam('mediaKeys');
  const distinct = [...new Set(keys)];
  if (distinct.length > GoldLimits.maxFilterKeys) throw badParam('mediaKeys', `mediaKeys最多${GoldLimits.maxFilterKeys}个`);
  return distinct;
}

export function registerGoldRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * Which of the given videos are paid: `{ list: [{ mediaKey, price, unlocked, cover }], balance }` (free and
   * unknown keys left out; balance null for a visitor).
   */
  api.get(GoldPaths.filter, 'optional', async ({ auth, params }) => {
    const keys = mediaKeysOf(params);
    const userId = auth?.user.id ?? null;
    return {
      list: await paidVideos(db, keys, userId),
      balance: userId === null ? null : await goldBalance(db, userId),
    };
  });

  /**
   * Unlocks a paid video with gold, once per user and video: `{ mediaKey, price, paid, balance,
   * alreadyUnlocked }`. A second call (a double tap) debits nothing and says so.
   */
  api.get(GoldPaths.pay, 'required', async ({ auth, params }) => {
    const mediaKey = mediaKeyOf(params);
    const videoId = await findVideoId(db, mediaKey);
    if (videoId === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    const outcome = await payForVideo(db, auth.user.id, videoId, clock.now());
    switch (outcome.kind) {
      case 'free':
        throw new ApiError(Ret.VideoNotForSale, RetMessage.VideoNotForSale);
      case 'insufficient':
        throw new ApiError(Ret.GoldInsufficient, goldInsufficientMessage(outcome.balance), {
          mediaKey,
          price: outcome.price,
          balance: outcome.balance,
        });
      case 'already':
        return ok({ mediaKey, price: outcome.price, paid: 0, balance: outcome.balance, alreadyUnlocked: true }, RetMessage.GoldAlreadyUnlocked);
      case 'paid':
        return ok({ mediaKey, price: outcome.price, paid: outcome.price, balance: outcome.balance, alreadyUnlocked: false }, RetMessage.GoldUnlocked);
    }
  });

  /** The caller's gold history (newest first, paged) with the balance: `{ balance, list, page, pageSize, total }`. */
  api.get(GoldPaths.records, 'required', async ({ auth, params }) => {
    const { page, pageSize } = params.paging(GoldLimits);
    return goldRecords(db, auth.user.id, page, pageSize);
  });
}
