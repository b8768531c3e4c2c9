/**
 * Private and system messages over HTTP: the calls declared once (src/core/request/protocol.ts). The app's
 * ChatService and MessagingConnection send them, the reference server (server/messaging/routes.ts) serves them, the
 * fake (adapters/http/fake-messaging-api.ts) answers them; test/contract/messaging-protocol.test.ts runs one suite
 * against both. Delivery over the socket (privateMessage) is not an HTTP call and is not declared here.
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { listedUser } from '../shared-kernel/listed-user.ts';

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

/** Yes only as true or 1. */
const trueOrOne = wire.lenientAnswer((value) => value === true || value === 1);

/**
 * A private message as the API (and the socket's privateMessage) answers it: createdAt in milliseconds since the
 * epoch (0 when unknown), a type that is no whole number of 0 or more a text message, the sender's avatar, nickname
 * and customer-service flag. Without an id and both users it is unreadable.
 */
export const chatMessage = object({
  id: wire.id,
  fromUid: wire.id,
  toUid: wire.id,
  type: wire.lenientAnswer((value) => {
    const type = wire.integerOf(value);
    return type !== null && type >= 0 ? type : MessageType.Text;
  }),
  content: wire.text,
  createdAt: wire.number(),
  clientId: wire.lenientAnswer((value) => (typeof value === 'string' ? value : null)),
  avatar: wire.text,
  nickname: wire.text,
  kefu: trueOrOne,
});

export type ChatMessage = InferOutput<typeof chatMessage>;

/** A conversation: the other user (without one it is left out), the last message (null when unreadable) and the unread count. */
const conversation = object({ user: listedUser, lastMessage: wire.orNull(chatMessage), unread: wire.count });

/** GetConversations: the caller's conversations, newest first. */
const conversationPage = object({ list: wire.items(conversation), total: wire.count });

export type ConversationPage = InferOutput<typeof conversationPage>;

/** GetHistory: a page of a conversation, ascending, with the other user as the caller sees them (null when unreadable). */
const historyAnswer = object({ list: wire.items(chatMessage), hasMore: wire.isTrue, user: wire.orNull(listedUser) });

export type HistoryAnswer = InferOutput<typeof historyAnswer>;

/** GetNewMessages: messages to or from the caller above sinceId, ascending. */
const newMessages = object({ list: wire.items(chatMessage), hasMore: wire.isTrue });

export type NewMessages = InferOutput<typeof newMessages>;

/** MarkRead: the caller's private unread count afterwards (null when it is no whole number of 0 or more). */
const unreadCount = object({
  count: wire.lenientAnswer((value) => {
    const count = Number(value);
    return Number.isInteger(count) && count >= 0 ? count : null;
  }),
});

/** A system message (createdAt in milliseconds; 0 when unknown): without an id it is unreadable. */
const systemMessage = object({ id: wire.id, title: wire.text, content: wire.text, createdAt: wire.number(), read: trueOrOne });

export type SystemMessage = InferOutput<typeof systemMessage>;

/** GetSystemMessages: the caller's system messages, newest first. */
const systemMessagePage = object({ list: wire.items(systemMessage), total: wire.count });

export type SystemMessagePage = InferOutput<typeof systemMessagePage>;

/** GetMessageSummary: the /message page's header (newFans: follows of the last 7 days). */
const messageSummary = object({
  privateUnread: wire.count,
  systemUnread: wire.count,
  newFans: wire.count,
  latestSystem: wire.orNull(object({ title: wire.text, createdAt: wire.number() })),
});

export type MessageSummary = InferOutput<typeof messageSummary>;

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
  conversations: call({ method: 'GET', path: '/api/Chat/GetConversations', carrier: 'query', params: { page, pageSize }, answer: conversationPage }),
  /** One page of the conversation with toUid, ascending: the newest without beforeId (8003 oneself, 1006 nobody). */
  history: call({
    method: 'GET',
    path: '/api/Chat/GetHistory',
    carrier: 'query',
    params: { toUid, beforeId: { kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER, wide: true, optional: true }, pageSize },
    answer: historyAnswer,
  }),
  /** Stores and delivers a message, once per sender and clientId (msg 发送成功); answers the stored message (null: unreadable). */
  send: call({
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
    answer: wire.orNull(chatMessage),
  }),
  /** Marks read what toUid sent the caller; answers the caller's remaining private unread count. */
  markRead: call({ method: 'POST', path: '/api/Chat/MarkRead', carrier: 'form', params: { toUid }, answer: unreadCount }),
  /** Messages to or from the caller above sinceId (what the caller receives counts as delivered). */
  newMessages: call({
    method: 'GET',
    path: '/api/Chat/GetNewMessages',
    carrier: 'query',
    params: {
      sinceId: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, wide: true },
      limit: { kind: 'int', min: 1, max: MessagingProtocolLimits.maxNewMessages, fallback: MessagingProtocolLimits.defaultNewMessages, rangeMessage: '数量为1-100' },
    },
    answer: newMessages,
  }),
  /** The caller's system messages, newest first. */
  systemMessages: call({ method: 'GET', path: '/api/Message/GetSystemMessages', carrier: 'query', params: { page, pageSize }, answer: systemMessagePage }),
  /** One of the caller's system messages, marked read (null: unreadable; 8004 for none or another's). */
  systemMessageDetail: call({
    method: 'GET',
    path: '/api/Message/GetSystemMessageDetail',
    carrier: 'query',
    params: { id: { kind: 'id' } },
    answer: wire.orNull(systemMessage),
  }),
  /** Unread counts, new fans and the latest system message. */
  summary: call({ method: 'GET', path: '/api/Message/GetMessageSummary', carrier: 'query', params: {}, answer: messageSummary }),
} as const;
