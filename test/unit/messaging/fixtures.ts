import { installFakeMessagingApi } from '../../../adapters/http/fake-messaging-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ChatService } from '../../../src/core/messaging/chat-service.ts';
import type { ChatMessage } from '../../../src/core/messaging/message.ts';
import { MessageStore } from '../../../src/core/messaging/message-store.ts';
import { MessageTips } from '../../../src/core/messaging/message-tips.ts';
import { MessagingConnection } from '../../../src/core/messaging/messaging-connection.ts';
import { UnreadCounter } from '../../../src/core/messaging/unread-counter.ts';
import { parseUser, type User } from '../../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';

export const ME = 7;

export function message(id: number, fromUid: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    fromUid,
    toUid: fromUid === ME ? 9 : ME,
    type: 0,
    content: `m${id}`,
    createdAt: 1_767_225_600_000 + id,
    clientId: null,
    avatar: `/a/${fromUid}.png`,
    nickname: `用户${fromUid}`,
    kefu: false,
    ...overrides,
  };
}

export function user(uid = ME, token = 'tok-a'): User {
  const parsed = parseUser({ token: { uid, token, sign: 's', expire: 9_999_999_999 }, nickName: `用户${uid}` });
  if (!parsed) throw new Error('user');
  return parsed;
}

/** A headless core with the chat API answered by the in-memory imitation (adapters/http/fake-messaging-api.ts). */
export function messagingWorld(options: { path?: string; missed?: ChatMessage[]; conversations?: ChatMessage[] } = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, ...(options.path ? { path: options.path } : {}) });
  const server = { userInfoRet: 200 };
  // The chat calls from the adapters' imitation, as ME; the arranged messages are its messages.
  const chatServer = installFakeMessagingApi(world.http, { caller: () => ME });
  chatServer.messages.push(...(options.missed ?? []), ...(options.conversations ?? []));
  world.http.route('POST', '/api/User/GetUserInfo', () =>
    server.userInfoRet === 200
      ? { body: { ret: 200, msg: '成功', data: { ...user(), nickName: '新名字' } } }
      : { body: { ret: server.userInfoRet, msg: '用户不存在', data: null } },
  );
  const session = container.get(UserSession);
  return {
    container,
    world,
    server,
    session,
    connection: container.get(MessagingConnection),
    store: container.get(MessageStore),
    tips: container.get(MessageTips),
    counter: container.get(UnreadCounter),
    chat: container.get(ChatService),
    settle: () => world.clock.advanceAsync(0),
  };
}

export const ok = (data: unknown = null) => ({ ret: 200, msg: '成功', data });
