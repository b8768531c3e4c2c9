import type { Container } from 'inversify';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/session/user-session.ts';
import { FollowController, FollowControllerFactory } from '../core/social/follow-controller.ts';
import { SocialService } from '../core/social/social-service.ts';

/** Follow, block and report: the service (one, so every follow button hears every change) and the button factory. */
export function bindSocial(container: Container): void {
  container
    .bind(SocialService)
    .toDynamicValue((ctx) => new SocialService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind<FollowControllerFactory>(FollowControllerFactory)
    .toDynamicValue((ctx) => {
      const service = ctx.get(SocialService);
      const navigator = ctx.get<Navigator>(Navigator);
      const notifier = ctx.get<Notifier>(Notifier);
      const session = ctx.get(UserSession);
      return (uid, initial) => new FollowController(uid, { service, navigator, notifier, viewerId: () => session.user()?.id ?? null }, initial);
    })
    .inSingletonScope();
}
