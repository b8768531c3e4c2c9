import type { Container } from 'inversify';
import { AdListService } from '../core/ads/ad-list-service.ts';
import { StartAdController } from '../core/ads/start-ad.ts';
import { OpenAppController } from '../core/open-app/open-app.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { Random } from '../core/ports/random.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';

/** The ad list, the start ad and the open-app popup. */
export function bindAds(container: Container): void {
  container
    .bind(AdListService)
    .toDynamicValue((ctx) => new AdListService(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore), ctx.get<KeyValueStore>(SessionStore), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  container
    .bind(StartAdController)
    .toDynamicValue(
      (ctx) =>
        new StartAdController(
          ctx.get<Clock>(Clock),
          ctx.get<PageVisibility>(PageVisibility),
          ctx.get<KeyValueStore>(LocalStore),
          ctx.get<Random>(Random),
          ctx.get(ApiClient),
          ctx.get(AdListService),
          ctx.get(UserSession),
          ctx.get<Navigator>(Navigator),
        ),
    )
    .inSingletonScope();
  container
    .bind(OpenAppController)
    .toDynamicValue((ctx) => new OpenAppController(ctx.get<Clock>(Clock), ctx.get<Navigator>(Navigator), ctx.get<PageVisibility>(PageVisibility)))
    .inSingletonScope();
}
