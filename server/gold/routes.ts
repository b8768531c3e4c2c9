import type { AppServices } from '../app-services.ts';
import { findVideoId } from '../catalogue/catalogue-repository.ts';
import { GoldCalls, type GoldShortfall } from '../../src/core/gold/gold-protocol.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { goldBalance, goldRecords, paidVideos, payForVideo } from './gold-repository.ts';

/** 金币不足，当前余额N金币 (at most 30 characters for any balance). */
function goldInsufficientMessage(balance: number): string {
  return `${RetMessage.GoldInsufficient}，当前余额${balance}金币`;
}

export function registerGoldRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * Which of the given videos are paid: `{ list: [{ mediaKey, price, unlocked, cover }], balance }` (free and
   * unknown keys left out; balance null for a visitor).
   */
  serve(api, GoldCalls.paidVideos, 'optional', async ({ auth, input }) => {
    const userId = auth?.user.id ?? null;
    return {
      list: await paidVideos(db, input.mediaKeys, userId),
      balance: userId === null ? null : await goldBalance(db, userId),
    };
  });

  /**
   * Unlocks a paid video with gold, once per user and video: `{ mediaKey, price, paid, balance,
   * alreadyUnlocked }`. A second call (a double tap) debits nothing and says so.
   */
  serve(api, GoldCalls.unlock, 'required', async ({ auth, input: { mediaKey } }) => {
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
        } satisfies GoldShortfall);
      case 'already':
        return ok({ mediaKey, price: outcome.price, paid: 0, balance: outcome.balance, alreadyUnlocked: true }, RetMessage.GoldAlreadyUnlocked);
      case 'paid':
        return ok({ mediaKey, price: outcome.price, paid: outcome.price, balance: outcome.balance, alreadyUnlocked: false }, RetMessage.GoldUnlocked);
    }
  });

  /** The caller's gold history (newest first, paged) with the balance: `{ balance, list, page, pageSize, total }`. */
  serve(api, GoldCalls.records, 'required', async ({ auth, input: { page, pageSize } }) => goldRecords(db, auth.user.id, page, pageSize));
}
