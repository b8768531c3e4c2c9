import type { Container } from 'inversify';
import { AdListService } from '../core/ads/ad-list-service.ts';
import { PlayAdService } from '../core/ads/play-ad-service.ts';
import { GoldService } from '../core/gold/gold-service.ts';
import { Http } from '../core/ports/http.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/session/user-session.ts';

/** Gold (unlocking videos, the history of /myGold) and the play screen's ads (pause and inserted). */
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
}
