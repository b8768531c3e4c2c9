import type { AppServices } from '../app-services.ts';
import { MessagingCalls } from '../../src/core/messaging/messaging-protocol.ts';
import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import { ApiError, badParam, missingParam } from '../http/api-error.ts';
import { unreadCounts as interactionUnreadCounts } from '../interactions/interactions-repository.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { takeSendSlot } from '../rate-limit/send-limits.ts';
import { findListedUser, listedUsers } from '../user/listed-user-repository.ts';
import type { ListedUser } from '../user/listed-user-repository.ts';
import {
  conversationPage,
  insertMessage,
  markConversationRead,
  markDelivered,
  messagesSince,
  MessageType,
  historyPage,
  privateUnreadCount,
  unreadMessageCount,
  userExists,
} from './message-repository.ts';
import type { MessageView } from './message-repository.ts';
import { MessageInserts } from './message-inserts.ts';
import { userFacts } from './user-facts.ts';
import { latestSystemMessage, newFollowerCount, readSystemMessage, systemMessagePage } from './system-message-repository.ts';

const MessagingLimits = {
  /** Code points of a message. */
  maxContent: 500,
  /** GetMessageSummary: follows newer than this count as new fans. */
  newFansWindowMs: 7 * 24 * 60 * 60 * 1000,
} as const;

export const MessagingText = {
  sent: '发送成功',
  contentTooLong: '消息内容不能超过500字',
  clientIdReused: '消息编号已用于其他消息',
  orderNoteToKefuOnly: '订单消息只能发给客服',
  /** The customer-service account's automatic answer to a user's first message. */
  kefuGreeting: '您好，我是官方客服，请问有什么可以帮您？',
} as const;

/** client_id of the greeting a kefu account sends a user (unique per sender: at most one greeting per user). */
const kefuGreetingClientId = (uid: number): string => `kefu-greeting:${uid}`;




export function registerMessagingRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, realtime } = services;
  const now = (): Date => new Date(clock.now());
  // Sends arriving while an INSERT runs are written together by the next one (message-inserts.ts).
  const inserts = new MessageInserts(db);

  /** The other user of a conversation: a positive id, not the caller (8003), existing (1006). */
  const partnerOf = async (toUid: number, callerUid: number): Promise<number> => {
    if (toUid === callerUid) throw new ApiError(Ret.ChatWithSelf, RetMessage.ChatWithSelf);
    if (!(await userExists(db, toUid))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return toUid;
  };

  const partnerView = async (callerUid: number, uid: number): Promise<ListedUser> => {
    const user = await findListedUser(db, callerUid, uid, new Date(clock.now()));
    if (user === null) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return user;
  };

  /** `{ list: [{ user, lastMessage, unread }], total }`, newest conversation first. */
  serve(api, MessagingCalls.conversations, 'required', async ({ input: { page, pageSize }, auth }) => {
    const uid = auth.user.id;
    const { rows, total, messages } = await conversationPage(db, uid, page, pageSize);
    const users = await listedUsers(db, uid, rows.map((row) => row.partner), new Date(clock.now()));
    const list = rows.flatMap((row) => {
      const user = users.get(row.partner);
      const lastMessage = messages.get(row.lastId);
      return user !== undefined && lastMessage !== undefined ? [{ user, lastMessage, unread: row.unread }] : [];
    });
    return { list, total };
  });

  /** One page of the caller's conversation with toUid, ascending: the newest without beforeId. */
  serve(api, MessagingCalls.history, 'required', async ({ input: { beforeId, pageSize, ...input }, auth }) => {
    const uid = auth.user.id;
    const toUid = await partnerOf(input.toUid, uid);
    const page = await historyPage(db, uid, toUid, beforeId, pageSize);
    return { ...page, user: await partnerView(uid, toUid) };
  });

  /** Stores and delivers a message (idempotent per sender + clientId); answers the stored message. */
  serve(api, MessagingCalls.send, 'required', async ({ input, auth }) => {
    const uid = auth.user.id;
    const { toUid, content, type } = input;
    if (content.trim() === '') throw missingParam('content');
    if ([...content].length > MessagingLimits.maxContent) throw badParam('content', MessagingText.contentTooLong);
    const clientId = input.clientId ?? null;
    if (toUid === uid) throw new ApiError(Ret.ChatWithSelf, RetMessage.ChatWithSelf);
    // Blocks and kefu-ness from the cache (no query once both users were seen), checked in today's order.
    const facts = await userFacts(db).get([uid, toUid]);
    const recipient = facts.get(toUid);
    if (recipient === undefined) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    if (facts.get(uid)?.blocks.has(toUid) === true) throw new ApiError(Ret.YouBlockedRecipient, RetMessage.YouBlockedRecipient);
    if (recipient.blocks.has(uid)) throw new ApiError(Ret.RecipientBlockedYou, RetMessage.RecipientBlockedYou);
    const recipientIsKefu = recipient.kefu;
    if (type === MessageType.OrderNote && !recipientIsKefu) throw badParam('type', MessagingText.orderNoteToKefuOnly);
    await takeSendSlot(services.limiter, services.config.sendLimits, 'chat', uid);

    // One statement, shared with the sends that arrive while the one before runs: the INSERT; the answer is built from
    // it and the sender the session check just read.
    const sender = { avatar: auth.user.avatar, nickname: auth.user.nickName, kefu: facts.get(uid)?.kefu === true };
    const stored = await inserts.insert({ fromUid: uid, toUid, type, content, clientId, createdAt: now() }, sender);
    if (stored === undefined) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    const { message, created } = stored;
    if (!created) {
      // A retry of a stored send: answer it again, deliver nothing twice.
      if (message.toUid !== toUid) throw badParam('clientId', MessagingText.clientIdReused);
      return ok(message, MessagingText.sent);
    }
    realtime.deliver(message);
    if (recipientIsKefu) await greetOnce(toUid, uid);
    return ok(message, MessagingText.sent);
  });

  /** The kefu account's greeting, once per user (the unique client_id makes concurrent first messages greet once). */
  const greetOnce = async (kefuUid: number, uid: number): Promise<void> => {
    const greeting = await insertMessage(db, {
      fromUid: kefuUid,
      toUid: uid,
      type: MessageType.Notice,
      content: MessagingText.kefuGreeting,
      clientId: kefuGreetingClientId(uid),
      createdAt: now(),
    });
    if (greeting?.created === true) realtime.deliver(greeting.message);
  };

  /** Marks read what toUid sent the caller; answers the caller's remaining private unread count. */
  serve(api, MessagingCalls.markRead, 'required', async ({ input, auth }) => {
    const uid = auth.user.id;
    const toUid = await partnerOf(input.toUid, uid);
    await markConversationRead(db, uid, toUid, now());
    return { count: await privateUnreadCount(db, uid) };
  });

  /** Messages to or from the caller with an id above sinceId (ascending); what the caller receives counts as delivered. */
  serve(api, MessagingCalls.newMessages, 'required', async ({ input: { sinceId, limit }, auth }) => {
    const uid = auth.user.id;
    const page = await messagesSince(db, uid, sinceId, limit);
    const received = page.list.filter((message: MessageView) => message.toUid === uid).map((message) => message.id);
    await markDelivered(db, uid, received, now());
    return page;
  });

  /** `{ list: [{ id, title, content, createdAt, read }], total }`, newest first. */
  serve(api, MessagingCalls.systemMessages, 'required', async ({ input: { page, pageSize }, auth }) => {
    return systemMessagePage(db, auth.user.id, page, pageSize);
  });

  /** One of the caller's system messages, marked read; 8004 when it is missing or someone else's. */
  serve(api, MessagingCalls.systemMessageDetail, 'required', async ({ input: { id }, auth }) => {
    const message = await readSystemMessage(db, auth.user.id, id, now());
    if (message === undefined) throw new ApiError(Ret.SystemMessageNotFound, RetMessage.SystemMessageNotFound);
    return message;
  });

  /** The /message page's header: unread counts, new fans (7 days) and the latest system message. */
  /**
   * The shell's GetUserMegCount, `{ count, privateCount, systemCount }`: the user's unread private and system messages
   * (messaging owns them; the shell's protocol declares the call).
   */
  serve(api, ShellCalls.unreadCount, 'required', ({ auth }) => unreadCounts(db, auth.user.id));

  serve(api, MessagingCalls.summary, 'required', async ({ auth }) => {
    const uid = auth.user.id;
    return {
      privateUnread: await privateUnreadCount(db, uid),
      systemUnread: await unreadMessageCount(db, uid),
      newFans: await newFollowerCount(db, uid, new Date(clock.now() - MessagingLimits.newFansWindowMs)),
      latestSystem: await latestSystemMessage(db, uid),
    };
  });
}

/**
 * GetUserMegCount's answer: `{ count, privateCount, systemCount }` (count = both unread counts, plus the unread
 * 收到的赞 and 评论和回复 of server/interactions, so the account tab's dot shows them too).
 */
async function unreadCounts(db: AppServices['db'], uid: number): Promise<{ count: number; privateCount: number; systemCount: number }> {
  const privateCount = await privateUnreadCount(db, uid);
  const systemCount = await unreadMessageCount(db, uid);
  const interactions = await interactionUnreadCounts(db, uid);
  return { count: privateCount + systemCount + interactions.likes + interactions.replies, privateCount, systemCount };
}
