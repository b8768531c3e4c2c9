import { BarrageCalls, BarrageMessages } from '../../src/core/playback/barrage-protocol.ts';
import { normaliseKeyword } from '../../src/core/playback/barrage-rules.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { announceLike } from '../interactions/notices.ts';
import { LikedKind } from '../../src/core/interactions/interactions-protocol.ts';
import { barrageCoin, listShieldedKeywords, listShieldedUsers, readBarrageConfig, unshieldKeyword, unshieldUser } from './barrage-repository.ts';
import { addShieldedKeyword, episodeBarrages, likeBarrage, reportBarrage, saveBarrageConfig, sendBarrage } from './barrage-use-cases.ts';
import { addShieldedUser } from './shield-user.ts';

/**
 * Barrages (spec section 7, "Barrages and blocking"), as src/core/playback/barrage-protocol.ts declares them: the
 * episode's barrages, sending (stored, then relayed to the episode's socket room), likes, reports, the barrage coin,
 * each viewer's blocked users and keywords, and the barrage settings. All GET, as the spec lists them.
 */
export function registerBarrageRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;
  const now = () => new Date(clock.now());

  serve(api, BarrageCalls.list, 'optional', async ({ auth, input }) => ({ list: await episodeBarrages(db, input, auth?.user.id ?? null) }));

  serve(api, BarrageCalls.send, 'required', async ({ auth, input }) => ok(await sendBarrage(services, auth.user, input), BarrageMessages.sent));

  serve(api, BarrageCalls.like, 'required', async ({ auth, input }) => {
    const state = await likeBarrage(db, input.barrageId, auth.user.id, now());
    // 收到的赞 (server/interactions): the barrage's author hears of it.
    if (state.liked) announceLike(services, LikedKind.Barrage, input.barrageId, auth.user.id);
    return ok(state, state.liked ? BarrageMessages.liked : BarrageMessages.unliked);
  });

  serve(api, BarrageCalls.report, 'required', async ({ auth, input }) => {
    await reportBarrage(db, { barrageId: input.barrageId, uid: auth.user.id, reason: input.reason, at: now() });
    return ok(null, BarrageMessages.reported);
  });

  serve(api, BarrageCalls.coin, 'required', async ({ auth }) => barrageCoin(db, auth.user.id));

  serve(api, BarrageCalls.shieldUser, 'required', async ({ auth, input }) => {
    if (input.uid === auth.user.id) throw new ApiError(Ret.ShieldSelf, RetMessage.ShieldSelf);
    return ok({ list: await addShieldedUser(db, clock, auth.user.id, input.uid) }, BarrageMessages.shielded);
  });

  serve(api, BarrageCalls.shieldedUsers, 'required', async ({ auth }) => ({ list: await listShieldedUsers(db, auth.user.id) }));

  serve(api, BarrageCalls.removeShieldedUser, 'required', async ({ auth, input }) => {
    await unshieldUser(db, auth.user.id, input.uid);
    return ok({ list: await listShieldedUsers(db, auth.user.id) }, BarrageMessages.unshielded);
  });

  serve(api, BarrageCalls.shieldKeyword, 'required', async ({ auth, input }) =>
    ok({ list: await addShieldedKeyword(db, auth.user.id, input.keyword ?? '', now()) }, BarrageMessages.shielded),
  );

  serve(api, BarrageCalls.shieldedKeywords, 'required', async ({ auth }) => ({ list: await listShieldedKeywords(db, auth.user.id) }));

  serve(api, BarrageCalls.removeShieldedKeyword, 'required', async ({ auth, input }) => {
    await unshieldKeyword(db, auth.user.id, normaliseKeyword(input.keyword));
    return ok({ list: await listShieldedKeywords(db, auth.user.id) }, BarrageMessages.unshielded);
  });

  /** The caller's barrage settings (the defaults for a visitor). */
  serve(api, BarrageCalls.config, 'optional', async ({ auth }) => readBarrageConfig(db, auth?.user.id ?? 0));

  serve(api, BarrageCalls.putConfig, 'required', async ({ auth, input }) => ok(await saveBarrageConfig(db, auth.user.id, input), BarrageMessages.configSaved));
}
