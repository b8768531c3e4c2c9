import type { Container } from 'inversify';
import { InteractionNotices, InteractionsService } from '../core/interactions/interactions-service.ts';
import { UnreadCounter } from '../core/messaging/unread-counter.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Socket } from '../core/ports/socket.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { CommentAndReplyModel, CommentAndReplyViewModel, ReceivedLikesModel, ReceivedLikesViewModel } from '../ui/interactions/interactions-view-models.ts';

/**
 * 收到的赞 and 评论和回复: the service (reading a list asks the shell's unread count again), the socket's notices of new
 * likes and comments (started with the messaging connection, messaging-bindings.ts) and the two screens.
 */
export function bindInteractions(container: Container): void {
  container
    .bind(InteractionsService)
    .toDynamicValue((c) => new InteractionsService(c.get(ApiClient), c.get(UnreadCounter)))
    .inSingletonScope();
  container
    .bind(InteractionNotices)
    .toDynamicValue((c) => new InteractionNotices(c.get<Socket>(Socket), c.get(UnreadCounter)))
    .inSingletonScope();
  bindViewModel(container, ReceivedLikesModel, (c) => new ReceivedLikesViewModel({ interactions: c.get(InteractionsService), navigator: c.get<Navigator>(Navigator) }));
  bindViewModel(container, CommentAndReplyModel, (c) => new CommentAndReplyViewModel({ interactions: c.get(InteractionsService), navigator: c.get<Navigator>(Navigator) }));
}
