import type { Container } from 'inversify';
import { InteractionNotices, InteractionsService } from '../core/interactions/interactions-service.ts';
import { ChatService } from '../core/messaging/chat-service.ts';
import { MessageStore } from '../core/messaging/message-store.ts';
import { MessageTips } from '../core/messaging/message-tips.ts';
import { MessagingConnection } from '../core/messaging/messaging-connection.ts';
import { UnreadCounter } from '../core/messaging/unread-counter.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { Random } from '../core/ports/random.ts';
import { Socket } from '../core/ports/socket.ts';
import { TonePlayer } from '../core/ports/tone-player.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { SessionService } from '../core/session/session-service.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { CusServiceConfigService } from '../core/shell/cus-service-config.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { ChatModel, ChatViewModel, readChatQuery } from '../ui/messaging/chat-view-model.ts';
import { CusServiceModel, CusServiceViewModel } from '../ui/messaging/cus-service-view-model.ts';
import { MessageTipModel, MessageTipViewModel } from '../ui/messaging/message-tip-view-model.ts';
import {
  ConversationListModel,
  ConversationListViewModel,
  MessageCentreModel,
  MessageCentreViewModel,
  SystemMessageDetailModel,
  SystemMessageDetailViewModel,
  SystemMessagesModel,
  SystemMessagesViewModel,
  systemMessageIdFrom,
} from '../ui/messaging/message-view-models.ts';

/** Private messaging: the message store, tips, unread counter, the socket connection and the chat calls, and the message screens' view-models. */
export function bindMessaging(container: Container): void {
  container
    .bind(MessageStore)
    .toDynamicValue((ctx) => {
      const session = ctx.get(UserSession);
      return new MessageStore(ctx.get<KeyValueStore>(LocalStore), () => session.user()?.id ?? null);
    })
    .inSingletonScope();
  container
    .bind(MessageTips)
    .toDynamicValue((ctx) => new MessageTips(ctx.get<Clock>(Clock), ctx.get<KeyValueStore>(SessionStore), ctx.get<TonePlayer>(TonePlayer), ctx.get<Navigator>(Navigator)))
    .inSingletonScope();
  container
    .bind(MessagingConnection)
    .toDynamicValue((ctx) => {
      const sessions = ctx.get(SessionService);
      return new MessagingConnection({
        socket: ctx.get<Socket>(Socket),
        session: ctx.get(UserSession),
        api: ctx.get(ApiClient),
        store: ctx.get(MessageStore),
        tips: ctx.get(MessageTips),
        counter: ctx.get(UnreadCounter),
        notifier: ctx.get<Notifier>(Notifier),
        navigator: ctx.get<Navigator>(Navigator),
        refreshUserInfo: () => sessions.refreshUserInfo(),
      });
    })
    .inSingletonScope();
  container
    .bind(ChatService)
    .toDynamicValue((ctx) => new ChatService(ctx.get(ApiClient), ctx.get(MessageStore), ctx.get(UnreadCounter), ctx.get<Random>(Random), ctx.get(UserSession)))
    .inSingletonScope();
  bindMessagingViewModels(container);
}

function bindMessagingViewModels(container: Container): void {
  bindViewModel(container, MessageTipModel, (c) => {
    const connection = c.get(MessagingConnection);
    const notices = c.get(InteractionNotices);
    // The socket's interactionNotice (收到的赞, 评论和回复) is heard while the messaging connection runs.
    let stopNotices = (): void => undefined;
    return new MessageTipViewModel(c.get(MessageTips), {
      start: () => {
        connection.start();
        stopNotices = notices.start();
      },
      stop: () => {
        stopNotices();
        connection.stop();
      },
    });
  });
  bindViewModel(container, ChatModel, (c, { query }) => {
    const navigator = c.get<Navigator>(Navigator);
    // type and msgParams are route parameters: the history entry's state, not the query (spec §2).
    return new ChatViewModel({ chat: c.get(ChatService), store: c.get(MessageStore), navigator }, readChatQuery(query, navigator.current().state));
  });
  bindViewModel(container, CusServiceModel, (c) => new CusServiceViewModel(c.get(CusServiceConfigService)));
  bindViewModel(
    container,
    ConversationListModel,
    (c) => new ConversationListViewModel({ chat: c.get(ChatService), store: c.get(MessageStore), navigator: c.get<Navigator>(Navigator) }),
  );
  bindViewModel(container, MessageCentreModel, (c) => new MessageCentreViewModel({ chat: c.get(ChatService), navigator: c.get<Navigator>(Navigator), interactions: c.get(InteractionsService), notices: c.get(InteractionNotices) }));
  bindViewModel(container, SystemMessagesModel, (c) => new SystemMessagesViewModel({ chat: c.get(ChatService), navigator: c.get<Navigator>(Navigator) }));
  bindViewModel(container, SystemMessageDetailModel, (c, { id }) => new SystemMessageDetailViewModel(c.get(ChatService), systemMessageIdFrom(id)));
}
