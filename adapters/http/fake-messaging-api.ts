import {
  MessageType,
  MessagingCalls,
  MessagingProtocolLimits,
  MessagingRet,
  type ChatMessage,
  type ConversationPage,
  type MessageSummary,
  type NewMessages,
  type SystemMessage,
  type SystemMessagePage,
} from '../../src/core/messaging/messaging-protocol.ts';
import type { ListedUser } from '../../src/core/shared-kernel/listed-user.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeMessagingState {
  /** Every private message, ascending by id. */
  messages: ChatMessage[];
  /** Ids of the messages their recipient has read. */
  read: Set<number>;
  /** System messages, each with its user. */
  system: Array<SystemMessage & { uid: number }>;
}

export interface FakeMessagingApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** Whether a user exists (1006 otherwise); every uid when left out. */
  userExists?: (uid: number) => boolean;
  /** Follows of the last 7 days (GetMessageSummary's newFans); 0 when left out. */
  newFans?: (uid: number) => number;
  /** Milliseconds since the epoch for new messages; Date.now when left out. */
  now?: () => number;
}

const USER_NOT_FOUND = fail(1006, '用户不存在');
const CHAT_WITH_SELF = fail(MessagingRet.ChatWithSelf, '不能给自己发消息');

/** A user as the imitation lists them (no follows or blocks: the social imitation keeps those). */
const listed = (uid: number): ListedUser => ({
  userId: uid,
  nickName: `用户${uid}`,
  avatar: '',
  vipLevel: 0,
  bigV: false,
  kefu: false,
  introduce: '',
  focusStatus: 0,
  isBlackList: 0,
  blockedMe: 0,
});

/**
 * An in-memory imitation of the reference server's HTTP chat calls, answering what messaging-protocol.ts declares and
 * checking their parameters as declared (test/contract/messaging-protocol.test.ts runs one suite against it and the
 * server). Socket delivery is not imitated here.
 */
export function installFakeMessagingApi(http: FakeHttp, options: FakeMessagingApiOptions): FakeMessagingState {
  const state: FakeMessagingState = { messages: [], read: new Set(), system: [] };
  const exists = options.userExists ?? (() => true);
  const now = options.now ?? (() => Date.now());

  const { serve } = fakeApi(http, { caller: options.caller });
  const between = (a: number, b: number) => state.messages.filter((m) => (m.fromUid === a && m.toUid === b) || (m.fromUid === b && m.toUid === a));
  const unreadTo = (uid: number, from?: number) => state.messages.filter((m) => m.toUid === uid && (from === undefined || m.fromUid === from) && !state.read.has(m.id)).length;
  /** The other user of a conversation: not oneself (8003), existing (1006); null when fine. */
  const partnerRefusal = (toUid: number, uid: number): FakeHttpAnswer | null => (toUid === uid ? CHAT_WITH_SELF : exists(toUid) ? null : USER_NOT_FOUND);

  serve(MessagingCalls.conversations, 'required', ({ page, pageSize }, uid) => {
    const last = new Map<number, ChatMessage>();
    for (const message of state.messages) {
      if (message.fromUid === uid || message.toUid === uid) last.set(message.fromUid === uid ? message.toUid : message.fromUid, message);
    }
    const rows = [...last].sort((a, b) => b[1].id - a[1].id);
    const list = rows.slice((page - 1) * pageSize, page * pageSize).map(([partner, lastMessage]) => ({ user: listed(partner), lastMessage, unread: unreadTo(uid, partner) }));
    return ok({ list, total: rows.length } satisfies ConversationPage);
  });

  serve(MessagingCalls.history, 'required', ({ toUid, beforeId, pageSize }, uid) => {
    const refused = partnerRefusal(toUid, uid);
    if (refused) return refused;
    const older = between(uid, toUid).filter((m) => beforeId === undefined || m.id < beforeId);
    return ok({ list: older.slice(-pageSize), hasMore: older.length > pageSize, user: listed(toUid) });
  });

  serve(MessagingCalls.send, 'required', ({ toUid, content, type, clientId }, uid) => {
    if (content.trim() === '') return fail(1001, '缺少参数：content');
    if ([...content].length > MessagingProtocolLimits.maxContent) return fail(1002, `消息内容不能超过${MessagingProtocolLimits.maxContent}字`);
    if (toUid === uid) return CHAT_WITH_SELF;
    if (!exists(toUid)) return USER_NOT_FOUND;
    if (type === MessageType.OrderNote) return fail(1002, '订单消息只能发给客服');
    const again = clientId === undefined ? undefined : state.messages.find((m) => m.fromUid === uid && m.clientId === clientId);
    if (again) return again.toUid === toUid ? ok(again, '发送成功') : fail(1002, '消息编号已用于其他消息');
    const message: ChatMessage = {
      id: (state.messages.at(-1)?.id ?? 0) + 1,
      fromUid: uid,
      toUid,
      type,
      content,
      createdAt: now(),
      clientId: clientId ?? null,
      avatar: '',
      nickname: `用户${uid}`,
      kefu: false,
    };
    state.messages.push(message);
    return ok(message, '发送成功');
  });

  serve(MessagingCalls.markRead, 'required', ({ toUid }, uid) => {
    const refused = partnerRefusal(toUid, uid);
    if (refused) return refused;
    for (const message of between(uid, toUid)) if (message.toUid === uid) state.read.add(message.id);
    return ok({ count: unreadTo(uid) });
  });

  serve(MessagingCalls.newMessages, 'required', ({ sinceId, limit }, uid) => {
    const after = state.messages.filter((m) => m.id > sinceId && (m.fromUid === uid || m.toUid === uid));
    return ok({ list: after.slice(0, limit), hasMore: after.length > limit } satisfies NewMessages);
  });

  const mine = (uid: number) => state.system.filter((m) => m.uid === uid).sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  const view = ({ uid: _uid, ...message }: SystemMessage & { uid: number }): SystemMessage => message;

  serve(MessagingCalls.systemMessages, 'required', ({ page, pageSize }, uid) => {
    const list = mine(uid);
    return ok({ list: list.slice((page - 1) * pageSize, page * pageSize).map(view), total: list.length } satisfies SystemMessagePage);
  });

  serve(MessagingCalls.systemMessageDetail, 'required', ({ id }, uid) => {
    const message = state.system.find((m) => m.id === id && m.uid === uid);
    if (!message) return fail(MessagingRet.SystemMessageNotFound, '消息不存在');
    message.read = true;
    return ok(view(message));
  });

  serve(MessagingCalls.summary, 'required', (_input, uid) => {
    const latest = mine(uid)[0];
    const summary: MessageSummary = {
      privateUnread: unreadTo(uid),
      systemUnread: mine(uid).filter((m) => !m.read).length,
      newFans: options.newFans?.(uid) ?? 0,
      latestSystem: latest ? { title: latest.title, createdAt: latest.createdAt } : null,
    };
    return ok(summary);
  });

  return state;
}
