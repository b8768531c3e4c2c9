import type { Random } from '../ports/random.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import type { ListedUser } from '../shared-kernel/listed-user.ts';
import { MessagingCalls } from './messaging-protocol.ts';
import { MessageType, type ChatMessage, type Conversation, type MessageSummary, type SystemMessage } from './message.ts';
import { MessagingTexts } from './messaging-texts.ts';
import type { MessageStore } from './message-store.ts';
import type { UnreadCounter } from './unread-counter.ts';

/** A chat history page: ascending by id. */
export interface HistoryPage {
  list: ChatMessage[];
  hasMore: boolean;
  user: ListedUser | null;
}

export type SendOutcome = { ok: true; message: ChatMessage } | { ok: false; message: string };

const CHAT_PAGE_SIZE = 20;

/** The chat's calls: conversations, history pages, sending, marking read, system messages and the summary. */
export class ChatService {
  constructor(
    private readonly api: ApiClient,
    private readonly store: MessageStore,
    private readonly counter: UnreadCounter,
    private readonly random: Random,
    private readonly session: UserSession,
  ) {}

  me(): number | null {
    return this.session.user()?.id ?? null;
  }

  async conversations(page: number, pageSize = CHAT_PAGE_SIZE): Promise<{ list: Conversation[]; total: number }> {
    return this.api.request(MessagingCalls.conversations, { page, pageSize });
  }

  /** The newest page without beforeId, older pages with it. */
  async history(toUid: number, beforeId?: number, pageSize = CHAT_PAGE_SIZE): Promise<HistoryPage> {
    const { list, hasMore, user } = await this.api.request(MessagingCalls.history, { toUid, pageSize, ...(beforeId !== undefined ? { beforeId } : {}) });
    list.sort((a, b) => a.id - b.id);
    for (const message of list) this.store.accept(message);
    return { list, hasMore, user };
  }

  /**
   * Sends a message with a fresh clientId (the server answers the same message for a repeated clientId). A
   * refusal returns the server's message (the request layer has toasted it); the caller keeps the draft.
   */
  async send(toUid: number, content: string, type: number = MessageType.Text): Promise<SendOutcome> {
    const clientId = this.random.uuid();
    try {
      const message = await this.api.request(MessagingCalls.send, { toUid, content, type, clientId });
      if (!message) return { ok: false, message: MessagingTexts.sendFailed };
      this.store.accept(message);
      return { ok: true, message };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.msg : MessagingTexts.sendFailed };
    }
  }

  /** Marks the conversation read; the unread count is then fetched again. Failures stay quiet. */
  async markRead(toUid: number): Promise<number | null> {
    try {
      return (await this.api.request(MessagingCalls.markRead, { toUid }, { suppressTips: true })).count;
    } catch {
      return null;
    } finally {
      this.counter.requestRefresh();
    }
  }

  async systemMessages(page: number, pageSize = CHAT_PAGE_SIZE): Promise<{ list: SystemMessage[]; total: number }> {
    return this.api.request(MessagingCalls.systemMessages, { page, pageSize });
  }

  /** One system message (marks it read on the server). */
  async systemMessage(id: number): Promise<SystemMessage | null> {
    const message = await this.api.request(MessagingCalls.systemMessageDetail, { id });
    this.counter.requestRefresh();
    return message;
  }

  async summary(): Promise<MessageSummary> {
    return this.api.request(MessagingCalls.summary, {});
  }
}
