import { makeAutoObservable, runInAction } from 'mobx';
import type { ChatService } from '../../core/messaging/chat-service.ts';
import { badgeText, messagePreview, MessagingRoutes, type Conversation, type MessageSummary, type SystemMessage } from '../../core/messaging/message.ts';
import type { MessageStore } from '../../core/messaging/message-store.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

const PAGE_SIZE = 20;

export interface ConversationRow {
  uid: number;
  nickName: string;
  avatar: string;
  kefu: boolean;
  vipLevel: number;
  bigV: boolean;
  last: string;
  time: number | null;
  badge: string;
}

function conversationRow(c: Conversation): ConversationRow {
  return {
    uid: c.user.userId,
    nickName: c.user.nickName || `用户${c.user.userId}`,
    avatar: c.user.avatar,
    kefu: c.user.kefu,
    vipLevel: c.user.vipLevel,
    bigV: c.user.bigV,
    last: messagePreview(c.lastMessage),
    time: c.lastMessage?.createdAt ?? null,
    badge: badgeText(c.unread),
  };
}

/** /privateMessage: the conversation list, newest first, refreshed when a message arrives. */
export class ConversationListViewModel {
  readonly list: PagedListModel<ConversationRow>;

  constructor(private readonly deps: { chat: ChatService; store: MessageStore; navigator: Navigator }) {
    this.list = new PagedListModel(async (page, pageSize) => {
      const { list } = await deps.chat.conversations(page, pageSize);
      return { list: list.map(conversationRow) };
    }, PAGE_SIZE);
    makeAutoObservable<ConversationListViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  /** Arrivals refresh the list while it is shown. Returns the cleanup. */
  opened(): () => void {
    return this.deps.store.onMessage(() => void this.list.refresh());
  }

  conversationTapped(row: ConversationRow): void {
    this.deps.navigator.push(MessagingRoutes.chat, { toUid: String(row.uid), nickName: row.nickName, avatar: row.avatar });
  }
}

/** The unread 收到的赞 and 评论和回复 (src/core/interactions), as the message centre shows them. */
export interface InteractionCounts {
  counts(): Promise<{ likes: number; replies: number }>;
}

/** /message: the entries with their counts (GetMessageSummary; 收到的赞 and 评论和回复 from their own call). */
export class MessageCentreViewModel {
  summary: MessageSummary | null = null;
  interactionCounts = { likes: 0, replies: 0 };

  constructor(private readonly deps: { chat: ChatService; navigator: Navigator; interactions: InteractionCounts; notices: { subscribe(listener: () => void): () => void } }) {
    makeAutoObservable<MessageCentreViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  /** Loads the counts, and the two interaction counts again whenever a new like or comment is announced. Returns the cleanup. */
  opened(): () => void {
    void this.load();
    return this.deps.notices.subscribe(() => this.loadInteractionCounts());
  }

  private loadInteractionCounts(): void {
    void this.deps.interactions.counts().then((counts) => runInAction(() => (this.interactionCounts = counts)));
  }

  async load(): Promise<void> {
    this.loadInteractionCounts();
    try {
      const summary = await this.deps.chat.summary();
      runInAction(() => (this.summary = summary));
    } catch {
      // The request layer has said why; the entries still work.
    }
  }

  get entries(): { label: string; path: string; badge: string; sub: string; testId: string }[] {
    const s = this.summary;
    return [
      { label: '私信', path: MessagingRoutes.privateMessage, badge: badgeText(s?.privateUnread ?? 0), sub: '', testId: 'entry-private' },
      { label: '评论和回复', path: MessagingRoutes.commentAndReply, badge: badgeText(this.interactionCounts.replies), sub: '', testId: 'entry-replies' },
      { label: '收到的赞', path: MessagingRoutes.getLike, badge: badgeText(this.interactionCounts.likes), sub: '', testId: 'entry-likes' },
      { label: '系统消息', path: MessagingRoutes.systemMessage, badge: badgeText(s?.systemUnread ?? 0), sub: s?.latestSystem?.title ?? '', testId: 'entry-system' },
      { label: '粉丝', path: MessagingRoutes.fansRecords, badge: badgeText(s?.newFans ?? 0), sub: '', testId: 'entry-fans' },
    ];
  }

  entryTapped(path: string): void {
    this.deps.navigator.push(path);
  }
}

/** /systemMessage: the system messages, newest first. */
export class SystemMessagesViewModel {
  readonly list: PagedListModel<SystemMessage>;

  constructor(private readonly deps: { chat: ChatService; navigator: Navigator }) {
    this.list = new PagedListModel((page, pageSize) => deps.chat.systemMessages(page, pageSize), PAGE_SIZE);
    makeAutoObservable<SystemMessagesViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  messageTapped(message: SystemMessage): void {
    this.deps.navigator.push(MessagingRoutes.systemMessageDetail, { id: String(message.id) });
  }
}

/** /systemMessageDetail?id=: one system message (reading it marks it read). */
export class SystemMessageDetailViewModel {
  message: SystemMessage | null = null;
  failed = false;

  constructor(
    private readonly chat: ChatService,
    private readonly id: number | null,
  ) {
    makeAutoObservable<SystemMessageDetailViewModel, 'chat' | 'id'>(this, { chat: false, id: false }, { autoBind: true });
  }

  async opened(): Promise<void> {
    if (this.id === null) {
      this.failed = true;
      return;
    }
    try {
      const message = await this.chat.systemMessage(this.id);
      runInAction(() => {
        this.message = message;
        this.failed = message === null;
      });
    } catch {
      runInAction(() => (this.failed = true));
    }
  }
}

/** /systemMessageDetail's `id` parameter: a positive integer, else null (the message is missing). */
export function systemMessageIdFrom(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The message screens' view-models, bound by the composition root (messaging-bindings.ts). */
export const ConversationListModel = viewModelToken<ConversationListViewModel>('ConversationListViewModel');
export const MessageCentreModel = viewModelToken<MessageCentreViewModel>('MessageCentreViewModel');
export const SystemMessagesModel = viewModelToken<SystemMessagesViewModel>('SystemMessagesViewModel');
/** `id`: the query's raw `id` parameter. */
export const SystemMessageDetailModel = viewModelToken<SystemMessageDetailViewModel, { id: string | null }>('SystemMessageDetailViewModel');
