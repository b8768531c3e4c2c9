import { makeAutoObservable, runInAction } from 'mobx';
import { nearTop } from '../../core/display/list-state.ts';
import type { ChatService } from '../../core/messaging/chat-service.ts';
import { MessageType, MessagingRoutes, readOrderNote, type ChatMessage } from '../../core/messaging/message.ts';
import type { MessageStore } from '../../core/messaging/message-store.ts';
import type { Navigator, RouteState } from '../../core/ports/navigator.ts';
import { MANUAL_PAY_CHAT_TYPE } from '../../core/vip/pay-flow.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export interface ChatQuery {
  toUid: number | null;
  nickName: string;
  avatar: string;
  /** 'pay' for the customer-service chat of a manual payment. */
  type: string;
  /** The order (JSON) the VIP flow passes along. */
  msgParams: string;
}

/**
 * /chat's parameters (spec §2): toUid, avatar, nickName and refresh from the query; type and msgParams are route
 * parameters, from the navigation's state only (a direct load of /chat?toUid=… has none: an ordinary chat).
 */
export function readChatQuery(query: URLSearchParams, state: RouteState = {}): ChatQuery {
  const uid = Number(query.get('toUid'));
  return {
    toUid: Number.isInteger(uid) && uid > 0 ? uid : null,
    nickName: query.get('nickName') ?? '',
    avatar: query.get('avatar') ?? '',
    type: state['type'] ?? '',
    msgParams: state['msgParams'] ?? '',
  };
}

/** Order fields the card shows, in this order, with their labels. */
const ORDER_FIELDS: readonly [string, string][] = [
  ['name', '套餐'],
  ['price', '金额'],
  ['payTitle', '支付方式'],
  ['toUid', '开通账号'],
];

/** /chat: the history (newest page, then older pages on scroll-up), live arrivals, sending, the order card. */
export class ChatViewModel {
  messages: ChatMessage[] = [];
  hasMore = false;
  loadingOlder = false;
  loaded = false;
  failed = false;
  draft = '';
  sending = false;
  nickName: string;
  avatar: string;
  partnerKefu = false;
  orderSent = false;
  /** Bumped when messages are appended at the end (the screen scrolls down). */
  appendSeq = 0;
  private readonly me: number | null;

  constructor(
    private readonly deps: { chat: ChatService; store: MessageStore; navigator: Navigator },
    readonly query: ChatQuery,
  ) {
    this.nickName = query.nickName;
    this.avatar = query.avatar;
    this.me = deps.chat.me();
    makeAutoObservable<ChatViewModel, 'deps' | 'me'>(this, { deps: false, me: false, query: false }, { autoBind: true });
  }

  get title(): string {
    return this.nickName || (this.query.toUid !== null ? `用户${this.query.toUid}` : '聊天');
  }

  isMine(message: ChatMessage): boolean {
    return message.fromUid === this.me;
  }

  /** The order card of the customer-service chat (type=pay with msgParams), until it was sent. */
  get orderCard(): { label: string; value: string }[] | null {
    if (this.query.type !== MANUAL_PAY_CHAT_TYPE || !this.query.msgParams || this.orderSent) return null;
    const order = readOrderNote(this.query.msgParams);
    if (!order) return null;
    return ORDER_FIELDS.filter(([key]) => order[key] !== undefined && order[key] !== '').map(([key, label]) => ({ label, value: String(order[key]) }));
  }

  get canSend(): boolean {
    return this.draft.trim() !== '' && !this.sending;
  }

  /** The screen opened: the newest page, read marks, and live messages of this chat from now on. Returns the cleanup. */
  opened(): () => void {
    const toUid = this.query.toUid;
    if (toUid === null) return () => undefined;
    const off = this.deps.store.onMessage((message) => {
      if (message.fromUid !== toUid && message.toUid !== toUid) return;
      this.append([message]);
      if (message.fromUid === toUid) void this.deps.chat.markRead(toUid);
    });
    void this.loadNewest();
    return off;
  }

  async loadNewest(): Promise<void> {
    const toUid = this.query.toUid;
    if (toUid === null) return;
    try {
      const page = await this.deps.chat.history(toUid);
      runInAction(() => {
        this.merge(page.list);
        this.hasMore = page.hasMore;
        this.loaded = true;
        this.failed = false;
        if (page.user) {
          this.nickName = page.user.nickName || this.nickName;
          this.avatar = page.user.avatar || this.avatar;
          this.partnerKefu = page.user.kefu;
        }
        this.appendSeq += 1;
      });
      void this.deps.chat.markRead(toUid);
    } catch {
      runInAction(() => (this.failed = !this.loaded));
    }
  }

  /** The list scrolled: at 20 or less from the top, the previous page. Resolves true when older messages were added. */
  async scrolled(scrollTop: number): Promise<boolean> {
    const toUid = this.query.toUid;
    if (toUid === null || !nearTop(scrollTop) || !this.hasMore || this.loadingOlder || !this.loaded) return false;
    this.loadingOlder = true;
    try {
      const oldest = this.messages[0]?.id;
      const page = await this.deps.chat.history(toUid, oldest);
      runInAction(() => {
        this.merge(page.list);
        this.hasMore = page.hasMore;
      });
      return page.list.length > 0;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.loadingOlder = false));
    }
  }

  draftChanged(text: string): void {
    this.draft = text;
  }

  async sendTapped(): Promise<void> {
    const content = this.draft.trim();
    if (!content || this.sending || this.query.toUid === null) return;
    this.sending = true;
    const outcome = await this.deps.chat.send(this.query.toUid, content, MessageType.Text);
    runInAction(() => {
      this.sending = false;
      // A refusal was toasted by the request layer; the draft stays so nothing is lost.
      if (outcome.ok) {
        if (this.draft.trim() === content) this.draft = '';
        this.append([outcome.message]);
      }
    });
  }

  async sendOrderTapped(): Promise<void> {
    if (this.sending || this.query.toUid === null || !this.query.msgParams) return;
    this.sending = true;
    const outcome = await this.deps.chat.send(this.query.toUid, this.query.msgParams, MessageType.OrderNote);
    runInAction(() => {
      this.sending = false;
      if (outcome.ok) {
        this.orderSent = true;
        this.append([outcome.message]);
      }
    });
  }

  moreTapped(): void {
    if (this.query.toUid !== null) this.deps.navigator.push(MessagingRoutes.chatSet, { toUid: String(this.query.toUid) });
  }

  private append(list: readonly ChatMessage[]): void {
    const before = this.messages.length;
    this.merge(list);
    if (this.messages.length > before) this.appendSeq += 1;
  }

  private merge(list: readonly ChatMessage[]): void {
    const known = new Set(this.messages.map((m) => m.id));
    const fresh = list.filter((m) => !known.has(m.id));
    if (fresh.length === 0) return;
    this.messages = [...this.messages, ...fresh].sort((a, b) => a.id - b.id);
  }
}

/** Order fields of an order note, for the bubble. */
export function orderNoteLines(content: string): string[] {
  const order = readOrderNote(content);
  if (!order) return [content];
  return ORDER_FIELDS.filter(([key]) => order[key] !== undefined && order[key] !== '').map(([key, label]) => `${label}：${String(order[key])}`);
}

/** /chat's view-model, bound by the composition root (messaging-bindings.ts): made from the page's query. */
export const ChatModel = viewModelToken<ChatViewModel, { query: URLSearchParams }>('ChatViewModel');
