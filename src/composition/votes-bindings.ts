import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { PollService } from '../core/votes/poll-service.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { PendingPoll, PendingPollModel, PollCardModel, PollCardViewModel, VoteManageModel, VoteManageViewModel } from '../ui/votes/votes-view-models.ts';

/** Polls (投票): the service, the card under a post or video, and /voteManage. Bound with the features (bindFeatures). */
export function bindVotes(container: Container): void {
  bindPendingPoll(container);
  bindViewModel(
    container,
    PollCardModel,
    (c, props) => new PollCardViewModel(c.get(PollService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier), c.get<Clock>(Clock), props),
  );
  bindViewModel(container, VoteManageModel, (c) => new VoteManageViewModel(c.get(PollService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier), c.get(SessionModel), c.get<Clock>(Clock)));
}

/**
 * The poll service and the poll written on /publishDynamic (one per app, attached to the post once it is published):
 * what the posting screens need of polls. Idempotent (bindPosting and bindVotes both call it).
 */
export function bindPendingPoll(container: Container): void {
  if (container.isBound(PollService)) return;
  container
    .bind(PollService)
    .toDynamicValue((ctx) => new PollService(ctx.get(ApiClient), ctx.get(UserSession)))
    .inSingletonScope();
  container
    .bind(PendingPoll)
    .toDynamicValue((ctx) => new PendingPoll(ctx.get(PollService), ctx.get<Notifier>(Notifier), ctx.get<Clock>(Clock)))
    .inSingletonScope();
  bindViewModel(container, PendingPollModel, (c) => c.get(PendingPoll));
}
