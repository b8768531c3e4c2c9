import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret } from '../http/ret.ts';
import type { RateLimitClaim, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { normalizeRedeemCode } from '../../src/core/vip-redeem/redeem-code.ts';
import { VipRedeemCalls, type RedeemChoice } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { VipRedeemTexts } from '../../src/core/vip-redeem/vip-redeem-texts.ts';
import { redeemCode } from './redeem-codes.ts';
import { vipRecords } from './vip-records.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Redeem tries (a wrong, used or expired code counts; a redeemed one and a choice code's package prompt are given
 * back): per account, and per address (many accounts from one place). 80-bit codes cannot be guessed anyway; the
 * limits keep a script from trying.
 */
const REDEEM_TRIES_PER_USER: RateLimitRule = { name: 'redeem:user', max: 10, windowMs: HOUR };
const REDEEM_TRIES_PER_IP: RateLimitRule = { name: 'redeem:ip', max: 30, windowMs: HOUR };

export function registerVipRedeemRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, limiter, realtime } = services;

  /** Claims a try for the account and the address, or refuses (7043) with neither kept. */
  const claimTries = async (userId: number, address: string): Promise<RateLimitClaim[]> => {
    const user = await limiter.claim(REDEEM_TRIES_PER_USER, String(userId));
    const ip = user === null ? null : await limiter.claim(REDEEM_TRIES_PER_IP, address);
    if (user === null || ip === null) {
      await user?.release();
      throw new ApiError(Ret.RedeemTooManyTries, VipRedeemTexts.tooManyTries);
    }
    return [user, ip];
  };

  /** Redeems a code for the caller: 兑换成功，VIP有效期至 YYYY-MM-DD; a choice code without packageId answers 7044 with its packages. */
  serve(api, VipRedeemCalls.redeem, 'required', async ({ auth, input, request }) => {
    const claims = await claimTries(auth.user.id, request.ip);
    const attempt = await redeemCode(db, auth.user.id, normalizeRedeemCode(input.code), input.packageId, clock.now());
    // The code was real: the tries are given back.
    await Promise.all(claims.map((claim) => claim.release()));
    if (attempt.kind === 'choose') {
      throw new ApiError(Ret.RedeemChoosePackage, VipRedeemTexts.choosePackage, { packages: attempt.packages } satisfies RedeemChoice);
    }
    realtime.userChanged(auth.user.id);
    return ok(attempt.done, VipRedeemTexts.redeemed(attempt.done.vipExpireDate));
  });

  /** The caller's VIP records, newest first: `{ list, page, pageSize, total }`. */
  serve(api, VipRedeemCalls.records, 'required', async ({ auth, input: { page, pageSize } }) => vipRecords(db, auth.user.id, page, pageSize, clock.now()));
}
