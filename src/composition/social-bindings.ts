import type { Container } from 'inversify';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { FollowController, FollowControllerFactory } from '../core/social/follow-controller.ts';
import { SocialService } from '../core/social/social-service.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { FollowButtonModel, FollowButtonViewModel } from '../ui/social/follow-button-view-model.ts';
import {
  BlacklistModel,
  BlacklistViewModel,
  ChatSetModel,
  ChatSetViewModel,
  ComplaintModel,
  ComplaintViewModel,
  SpaceActionsModel,
  SpaceActionsViewModel,
  UserListModel,
  UserListViewModel,
} from '../ui/social/social-view-models.ts';

/**
 * Follow, block and report: the service (one, so every follow button hears every change), the button factory, and the
 * view-models of the follow button, the space's actions and the social screens.
 */
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
  bindSocialViewModels(container);
}

/** What every social screen's view-model gets from the container. */
const screenDeps = (c: Resolver) => ({
  session: c.get(SessionModel),
  service: c.get(SocialService),
  navigator: c.get<Navigator>(Navigator),
  notifier: c.get<Notifier>(Notifier),
});

function bindSocialViewModels(container: Container): void {
  bindViewModel(
    container,
    FollowButtonModel,
    (c, { uid, initial }) =>
      new FollowButtonViewModel(c.get<FollowControllerFactory>(FollowControllerFactory)(uid, initial), c.get(SessionModel), c.get(SocialService), initial !== undefined),
  );
  bindViewModel(container, SpaceActionsModel, (c, { uid }) => new SpaceActionsViewModel(c.get(SessionModel), c.get<Navigator>(Navigator), uid));
  bindViewModel(container, ChatSetModel, (c, { uid }) => new ChatSetViewModel(screenDeps(c), uid));
  bindViewModel(container, ComplaintModel, (c, { uid }) => new ComplaintViewModel(screenDeps(c), uid));
  bindViewModel(container, BlacklistModel, (c) => new BlacklistViewModel(screenDeps(c)));
  bindViewModel(container, UserListModel, (c, { kind }) => new UserListViewModel(screenDeps(c), kind));
}
