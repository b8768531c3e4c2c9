import { recordOf } from '../request/answer-values.ts';
import { MessageType, type ChatMessage, type ConversationPage } from './messaging-protocol.ts';
import { MessagingTexts } from './messaging-texts.ts';
/** Private messages as the app shows them: pages, texts and previews (spec sections 3 and 4); the answers are read by their declarations (messaging-protocol.ts). */

// The wire's types and values, declared with the calls; the rest of the feature reads them here too.
export { MessageType, type ChatMessage, type MessageSummary, type SystemMessage } from './messaging-protocol.ts';

/** A conversation as GetConversations lists it: the other user, the last message (null when unreadable), the unread count. */
export type Conversation = ConversationPage['list'][number];

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
