import type { Container } from 'inversify';
import { AdListService } from '../core/ads/ad-list-service.ts';
import { PlayAdService } from '../core/ads/play-ad-service.ts';
import { GoldService } from '../core/gold/gold-service.ts';
import { Http } from '../core/ports/http.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { InsertedAdController } from '../core/ads/inserted-ad.ts';
import { PauseAdController } from '../core/ads/pause-ad.ts';
import { Clock } from '../core/ports/clock.ts';
import { RegionService } from '../core/region/region-service.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { GoldGateModel, GoldGateViewModel } from '../ui/gold/gold-gate-view-model.ts';
import { MyGoldModel, MyGoldViewModel } from '../ui/gold/my-gold-view-model.ts';
import { InsertedAdModel, InsertedAdViewModel, PauseAdModel, PauseAdViewModel } from '../ui/gold/play-ads-view-models.ts';

/** Gold (unlocking videos, the history of /myGold) and the play screen's ads (pause and inserted), with their view-models. */
export function bindGold(container: Container): void {
  container
    .bind(GoldService)
    .toDynamicValue((ctx) => new GoldService(ctx.get(ApiClient), ctx.get(UserSession)))
    .inSingletonScope();
  container
    .bind(PlayAdService)
    .toDynamicValue(
      (ctx) => new PlayAdService(ctx.get(AdListService), ctx.get(ApiClient), ctx.get<Http>(Http), ctx.get(UserSession), ctx.get<Navigator>(Navigator)),
    )
    .inSingletonScope();
  bindViewModel(container, MyGoldModel, (c) => new MyGoldViewModel(c.get(GoldService), c.get<Navigator>(Navigator), c.get(SessionModel)));
  bindViewModel(
    container,
    GoldGateModel,
    (c, gate) => new GoldGateViewModel(c.get(SessionModel), c.get(GoldService), c.get<Navigator>(Navigator), gate.mediaKey, gate.price, gate.unlocked),
  );
  // The region the ad list is asked for: the one the server told this device, read as the ad starts.
  const region = (c: Resolver) => c.get(RegionService).state().userAreaCode;
  bindViewModel(container, PauseAdModel, (c) => new PauseAdViewModel(new PauseAdController(c.get(PlayAdService)), region(c)));
  bindViewModel(
    container,
    InsertedAdModel,
    (c, ad) => new InsertedAdViewModel(new InsertedAdController(c.get(PlayAdService), c.get<Clock>(Clock)), region(c), ad.finished),
  );
}
