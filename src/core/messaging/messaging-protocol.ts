/**
 * Private and system messages over HTTP: the calls declared once (src/core/request/protocol.ts). The app's
 * ChatService and MessagingConnection send them, the reference server (server/messaging/routes.ts) serves them, the
 * fake (adapters/http/fake-messaging-api.ts) answers them; test/contract/messaging-protocol.test.ts runs one suite
 * against both. Delivery over the socket (privateMessage) is not an HTTP call and is not declared here.
 */
import { call } from '../request/protocol.ts';
import type { ListedUser } from '../shared-kernel/listed-user.ts';

/** Message types. */
export const MessageType = {
  /** A normal text message. */
  Text: 0,
  /** An order note (the customer-service chat): content is the order's JSON text. */
  OrderNote: 1,
  /** An automatic notice (the customer-service greeting); server-only. */
  Notice: 2,
} as const;

export const MessagingProtocolLimits = {
  /** A message's length in characters (code points). */
  maxContent: 500,
  maxClientId: 64,
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
  defaultNewMessages: 50,
  maxNewMessages: 100,
} as const;

/** Answer codes of the chat calls. */
export const MessagingRet = {
  /** A conversation with oneself. */
  ChatWithSelf: 8003,
  /** GetSystemMessageDetail: none, or another user's. */
  SystemMessageNotFound: 8004,
} as const;

/** A private message as the API (and the socket's privateMessage) answers it. */
export interface ChatMessage {
  id: number;
  fromUid: number;
  toUid: number;
  type: number;
  content: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  clientId: string | null;
  /** The sender's avatar, nickname and customer-service flag. */
  avatar: string;
  nickname: string;
  kefu: boolean;
}

/** GetConversations: the caller's conversations, newest first. */
export interface ConversationPage {
  list: { user: ListedUser; lastMessage: ChatMessage; unread: number }[];
  total: number;
}

/** GetHistory: a page of a conversation, ascending, with the other user as the caller sees them. */
export interface HistoryAnswer {
  list: ChatMessage[];
  hasMore: boolean;
  user: ListedUser;
}

/** GetNewMessages: messages to or from the caller above sinceId, ascending. */
export interface NewMessages {
  list: ChatMessage[];
  hasMore: boolean;
}

/** MarkRead: the caller's private unread count afterwards. */
export interface UnreadCount {
  count: number;
}

export interface SystemMessage {
  id: number;
  title: string;
  content: string;
  createdAt: number;
  read: boolean;
}

/** GetSystemMessages: the caller's system messages, newest first. */
export interface SystemMessagePage {
  list: SystemMessage[];
  total: number;
}

/** GetMessageSummary: the /message page's header. */
export interface MessageSummary {
  privateUnread: number;
  systemUnread: number;
  /** Follows of the last 7 days. */
  newFans: number;
  latestSystem: { title: string; createdAt: number } | null;
}

const page = { kind: 'int', min: 1, max: MessagingProtocolLimits.maxPage, fallback: 1 } as const;
const pageSize = {
  kind: 'int',
  min: 1,
  max: MessagingProtocolLimits.maxPageSize,
  fallback: MessagingProtocolLimits.defaultPageSize,
  rangeMessage: `每页数量为1-${MessagingProtocolLimits.maxPageSize}`,
} as const;
const toUid = { kind: 'id' } as const;

export const MessagingCalls = {
  /** The caller's conversations, newest first, each with the other user, the last message and the unread count. */
  conversations: call<ConversationPage>()({ method: 'GET', path: '/api/Chat/GetConversations', carrier: 'query', params: { page, pageSize } }),
  /** One page of the conversation with toUid, ascending: the newest without beforeId (8003 oneself, 1006 nobody). */
  history: call<HistoryAnswer>()({
    method: 'GET',
    path: '/api/Chat/GetHistory',
    carrier: 'query',
    params: { toUid, beforeId: { kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER, wide: true, optional: true }, pageSize },
  }),
  /** Stores and delivers a message, once per sender and clientId (msg 发送成功); answers the stored message. */
  send: call<ChatMessage>()({
    method: 'POST',
    path: '/api/Chat/SendMessage',
    carrier: 'form',
    outlivesPage: true,
    params: {
      toUid,
      // Blank is refused as missing (1001) and the length counted in characters by the server's own check.
      content: { kind: 'text', max: MessagingProtocolLimits.maxContent * 2, badMessage: `消息内容不能超过${MessagingProtocolLimits.maxContent}字` },
      type: { kind: 'int', min: MessageType.Text, max: MessageType.OrderNote, fallback: MessageType.Text },
      clientId: { kind: 'text', max: MessagingProtocolLimits.maxClientId, pattern: /^[\x21-\x7e]+$/, optional: true },
    },
  }),
  /** Marks read what toUid sent the caller; answers the caller's remaining private unread count. */
  markRead: call<UnreadCount>()({ method: 'POST', path: '/api/Chat/MarkRead', carrier: 'form', params: { toUid } }),
  /** Messages to or from the caller above sinceId (what the caller receives counts as delivered). */
  newMessages: call<NewMessages>()({
    method: 'GET',
    path: '/api/Chat/GetNewMessages',
    carrier: 'query',
    params: {
      sinceId: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, wide: true },
      limit: { kind: 'int', min: 1, max: MessagingProtocolLimits.maxNewMessages, fallback: MessagingProtocolLimits.defaultNewMessages, rangeMessage: '数量为1-100' },
    },
  }),
  /** The caller's system messages, newest first. */
  systemMessages: call<SystemMessagePage>()({ method: 'GET', path: '/api/Message/GetSystemMessages', carrier: 'query', params: { page, pageSize } }),
  /** One of the caller's system messages, marked read (8004 for none or another's). */
  systemMessageDetail: call<SystemMessage>()({ method: 'GET', path: '/api/Message/GetSystemMessageDetail', carrier: 'query', params: { id: { kind: 'id' } } }),
  /** Unread counts, new fans and the latest system message. */
  summary: call<MessageSummary>()({ method: 'GET', path: '/api/Message/GetMessageSummary', carrier: 'query', params: {} }),
} as const;
