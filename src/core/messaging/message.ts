import { parseListedUser, type ListedUser } from '../shared-kernel/listed-user.ts';
import { countOf, numberOf, recordOf, textOf } from '../request/answer-values.ts';
import { MessageType, type ChatMessage, type MessageSummary, type SystemMessage } from './messaging-protocol.ts';
import { MessagingTexts } from './messaging-texts.ts';
/** Private messages as the app shows them: lenient readers of the answers, pages, texts and previews (spec sections 3 and 4). */

// The wire's types and values, declared with the calls; the rest of the feature reads them here too.
export { MessageType, type ChatMessage, type MessageSummary, type SystemMessage } from './messaging-protocol.ts';

export interface Conversation {
  user: ListedUser;
  lastMessage: ChatMessage | null;
  unread: number;
}

/** In-app pages of messaging. */
export const MessagingRoutes = {
  chat: '/chat',
  privateMessage: '/privateMessage',
  message: '/message',
  systemMessage: '/systemMessage',
  systemMessageDetail: '/systemMessageDetail',
  fansRecords: '/fansRecords',
  /** 收到的赞 and 评论和回复 (src/ui/interactions). */
  getLike: '/getLike',
  commentAndReply: '/commentAndReply',
  chatSet: '/chatSet',
  home: '/',
  login: '/login',
} as const;

const positiveInt = (value: unknown): number | null => {
  const n = numberOf(value, NaN);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Reads a message object; null when it lacks a usable id or users. */
export function parseMessage(value: unknown): ChatMessage | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const id = positiveInt(raw.id);
  const fromUid = positiveInt(raw.fromUid);
  const toUid = positiveInt(raw.toUid);
  if (id === null || fromUid === null || toUid === null) return null;
  const type = numberOf(raw.type, NaN);
  const createdAt = numberOf(raw.createdAt, NaN);
  return {
    id,
    fromUid,
    toUid,
    type: Number.isInteger(type) && type >= 0 ? type : MessageType.Text,
    content: textOf(raw.content),
    createdAt: Number.isFinite(createdAt) ? createdAt : 0,
    clientId: typeof raw.clientId === 'string' ? raw.clientId : null,
    avatar: textOf(raw.avatar),
    nickname: textOf(raw.nickname),
    kefu: raw.kefu === true || raw.kefu === 1,
  };
}

/** Reads a list of messages, skipping unreadable entries. */
export function parseMessages(value: unknown): ChatMessage[] {
  return Array.isArray(value) ? value.map(parseMessage).filter((m): m is ChatMessage => m !== null) : [];
}

export function parseConversation(value: unknown): Conversation | null {
  const raw = recordOf(value);
  const user = raw ? parseListedUser(raw.user) : null;
  if (!raw || !user) return null;
  return { user, lastMessage: parseMessage(raw.lastMessage), unread: countOf(raw.unread) };
}

export function parseSystemMessage(value: unknown): SystemMessage | null {
  const raw = recordOf(value);
  if (!raw) return null;
  const id = positiveInt(raw.id);
  if (id === null) return null;
  const createdAt = numberOf(raw.createdAt, NaN);
  return { id, title: textOf(raw.title), content: textOf(raw.content), createdAt: Number.isFinite(createdAt) ? createdAt : 0, read: raw.read === true || raw.read === 1 };
}

export function parseSummary(value: unknown): MessageSummary {
  const raw = recordOf(value) ?? {};
  const latest = recordOf(raw.latestSystem);
  const latestAt = latest ? numberOf(latest.createdAt, NaN) : NaN;
  return {
    privateUnread: countOf(raw.privateUnread),
    systemUnread: countOf(raw.systemUnread),
    newFans: countOf(raw.newFans),
    latestSystem: latest ? { title: textOf(latest.title), createdAt: Number.isFinite(latestAt) ? latestAt : 0 } : null,
  };
}

/** A list answer `{list, total}` read with an item parser. */
export function parseList<T>(value: unknown, item: (entry: unknown) => T | null): { list: T[]; total: number } {
  const raw = recordOf(value) ?? {};
  const list = Array.isArray(raw.list) ? raw.list.map(item).filter((e): e is T => e !== null) : [];
  return { list, total: countOf(raw.total) };
}

/** The largest count a badge spells out; more reads 99+. */
export const BADGE_MAX = 99;

/** A badge count: '' for none, the number up to 99, then 99+. */
export function badgeText(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '';
  return n > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(n));
}

/** What a conversation row or tip shows for a message: the text, or a short label for an order note or notice. */
export function messagePreview(message: Pick<ChatMessage, 'type' | 'content'> | null): string {
  if (!message) return '';
  if (message.type === MessageType.OrderNote) return MessagingTexts.orderLabel;
  if (message.type === MessageType.Notice) return `${MessagingTexts.noticeLabel}${message.content}`;
  return message.content;
}

/** The order an order note carries (the VIP flow's msgParams JSON); null when unreadable. */
export function readOrderNote(content: string): Record<string, unknown> | null {
  try {
    return recordOf(JSON.parse(content));
  } catch {
    return null;
  }
}

/** The other user of a message, seen from `me`. */
export const partnerOf = (message: Pick<ChatMessage, 'fromUid' | 'toUid'>, me: number): number => (message.fromUid === me ? message.toUid : message.fromUid);
