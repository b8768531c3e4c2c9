import { expect, it } from 'vitest';
import { installFakeMessagingApi } from '../../adapters/http/fake-messaging-api.ts';
import {
  MessageType,
  MessagingCalls,
  MessagingRet,
  type ChatMessage,
  type ConversationPage,
  type HistoryAnswer,
  type MessageSummary,
  type NewMessages,
  type SystemMessage,
  type SystemMessagePage,
} from '../../src/core/messaging/messaging-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The HTTP chat calls (src/core/messaging/messaging-protocol.ts) as the app sends them, answered by the fake the
 * app's tests use (adapters/http/fake-messaging-api.ts) and by the reference server (in process, on its test
 * database): both must answer alike.
 */
interface Caller {
  uid: number;
  fields: Record<string, string>;
}

interface MessagingWorld {
  /** Sends a declared call as the app encodes it; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** Gives the user a system message. */
  systemMessage(uid: number, title: string): Promise<void>;
  nobody: number;
}

const text = (content: string, extra: { clientId?: string } = {}) => ({ content, type: MessageType.Text, ...extra });

const NOBODY = 999_999;

protocolContract<MessagingWorld>('messaging protocol', {
  fake: ({ http, send, clock }) => {
    const users = new Set<number>();
    const state = installFakeMessagingApi(http, {
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      userExists: (uid) => users.has(uid),
      now: () => clock.now(),
    });
    return {
      nobody: NOBODY,
      async user() {
        const uid = users.size + 1;
        users.add(uid);
        return { uid, fields: { login_uid: String(uid) } };
      },
      async systemMessage(uid, title) {
        state.system.push({ id: state.system.length + 1, uid, title, content: '', createdAt: clock.now(), read: false });
      },
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    };
  },
  server: {
    world: ({ app, db, clock, send }) => ({
      nobody: NOBODY,
      async user() {
        const user = await registerUser(app);
        const { uid: _tokenUid, ...fields } = tokenParams(user.token);
        return { uid: user.id, fields };
      },
      async systemMessage(uid, title) {
        await db.query('INSERT INTO system_messages (uid, title, content, created_at) VALUES ($1, $2, $3, $4)', [uid, title, '', new Date(clock.now())]);
      },
      send: (declared, input, caller) => send(declared, input, caller?.fields ?? {}),
    }),
  },
}, (world) => {
  it('SendMessage stores a message once per clientId; GetHistory, GetConversations and GetNewMessages show it', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const sent = await world.send(MessagingCalls.send, { toUid: b.uid, ...text('你好', { clientId: 'c-1' }) }, a);
    expect(sent).toMatchObject({ ret: 200, msg: '发送成功', data: { fromUid: a.uid, toUid: b.uid, type: 0, content: '你好', clientId: 'c-1' } });
    const message = sent.data as ChatMessage;
    expect(await world.send(MessagingCalls.send, { toUid: b.uid, ...text('你好', { clientId: 'c-1' }) }, a)).toMatchObject({ ret: 200, data: { id: message.id } });
    const reply = (await world.send(MessagingCalls.send, { toUid: a.uid, ...text('在') }, b)).data as ChatMessage;
    const history = (await world.send(MessagingCalls.history, { toUid: b.uid, pageSize: 1 }, a)).data as HistoryAnswer;
    expect({ ids: history.list.map((m) => m.id), hasMore: history.hasMore, user: history.user?.userId }).toEqual({ ids: [reply.id], hasMore: true, user: b.uid });
    const older = (await world.send(MessagingCalls.history, { toUid: b.uid, beforeId: reply.id, pageSize: 20 }, a)).data as HistoryAnswer;
    expect(older.list.map((m) => m.id)).toEqual([message.id]);
    const conversations = (await world.send(MessagingCalls.conversations, { page: 1, pageSize: 20 }, a)).data as ConversationPage;
    expect(conversations.total).toBe(1);
    expect(conversations.list.map((c) => ({ user: c.user.userId, last: c.lastMessage?.id, unread: c.unread }))).toEqual([{ user: b.uid, last: reply.id, unread: 1 }]);
    const fresh = (await world.send(MessagingCalls.newMessages, { sinceId: message.id - 1, limit: 1 }, b)).data as NewMessages;
    expect({ ids: fresh.list.map((m) => m.id), hasMore: fresh.hasMore }).toEqual({ ids: [message.id], hasMore: true });
  });

  it('SendMessage refuses blank content (1001), over 500 characters, oneself (8003), nobody (1006), an order note to a user, a reused clientId, a visitor', async () => {
    const [a, b, c] = [await world.user(), await world.user(), await world.user()];
    expect((await world.send(MessagingCalls.send, { toUid: b.uid, ...text('   ') }, a)).ret).toBe(1001);
    expect(await world.send(MessagingCalls.send, { toUid: b.uid, ...text('字'.repeat(501)) }, a)).toMatchObject({ ret: 1002, msg: '消息内容不能超过500字' });
    expect(await world.send(MessagingCalls.send, { toUid: a.uid, ...text('我') }, a)).toMatchObject({ ret: MessagingRet.ChatWithSelf, msg: '不能给自己发消息' });
    expect((await world.send(MessagingCalls.send, { toUid: world.nobody, ...text('在吗') }, a)).ret).toBe(1006);
    expect(await world.send(MessagingCalls.send, { toUid: b.uid, content: '{}', type: MessageType.OrderNote }, a)).toMatchObject({ ret: 1002, msg: '订单消息只能发给客服' });
    expect(await world.send(MessagingCalls.send, { toUid: b.uid, content: '好', type: 2 }, a)).toMatchObject({ ret: 1002, msg: '参数格式错误：type' });
    expect(await world.send(MessagingCalls.send, { toUid: b.uid, ...text('好', { clientId: 'a b' }) }, a)).toMatchObject({ ret: 1002, msg: '参数格式错误：clientId' });
    await world.send(MessagingCalls.send, { toUid: b.uid, ...text('好', { clientId: 'same' }) }, a);
    expect(await world.send(MessagingCalls.send, { toUid: c.uid, ...text('好', { clientId: 'same' }) }, a)).toMatchObject({ ret: 1002, msg: '消息编号已用于其他消息' });
    expect((await world.send(MessagingCalls.send, { toUid: b.uid, ...text('好') }, null)).ret).toBe(201);
  });

  it('MarkRead reads a conversation and answers the unread left; GetHistory and MarkRead refuse oneself and nobody', async () => {
    const [a, b, c] = [await world.user(), await world.user(), await world.user()];
    await world.send(MessagingCalls.send, { toUid: a.uid, ...text('一') }, b);
    await world.send(MessagingCalls.send, { toUid: a.uid, ...text('二') }, c);
    expect(((await world.send(MessagingCalls.summary, {}, a)).data as MessageSummary).privateUnread).toBe(2);
    expect(await world.send(MessagingCalls.markRead, { toUid: b.uid }, a)).toEqual({ ret: 200, msg: '成功', data: { count: 1 } });
    expect((await world.send(MessagingCalls.markRead, { toUid: a.uid }, a)).ret).toBe(MessagingRet.ChatWithSelf);
    expect((await world.send(MessagingCalls.markRead, { toUid: world.nobody }, a)).ret).toBe(1006);
    expect((await world.send(MessagingCalls.history, { toUid: a.uid, pageSize: 20 }, a)).ret).toBe(MessagingRet.ChatWithSelf);
    expect(await world.send(MessagingCalls.history, { toUid: b.uid, pageSize: 51 }, a)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await world.send(MessagingCalls.markRead, { toUid: b.uid }, null)).ret).toBe(201);
  });

  it('GetNewMessages refuses a negative sinceId and a limit beyond 100; GetConversations a pageSize beyond 50', async () => {
    const a = await world.user();
    expect((await world.send(MessagingCalls.newMessages, { sinceId: -1, limit: 10 }, a)).ret).toBe(1002);
    expect(await world.send(MessagingCalls.newMessages, { sinceId: 0, limit: 101 }, a)).toMatchObject({ ret: 1002, msg: '数量为1-100' });
    expect((await world.send(MessagingCalls.newMessages, { sinceId: 0, limit: 10 }, null)).ret).toBe(201);
    expect(await world.send(MessagingCalls.conversations, { page: 1, pageSize: 51 }, a)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await world.send(MessagingCalls.conversations, { page: 1, pageSize: 20 }, a)).data).toEqual({ list: [], total: 0 });
  });

  it('system messages: listed newest first, read through the detail (another user\'s is 8004), counted in the summary', async () => {
    const [a, b] = [await world.user(), await world.user()];
    expect((await world.send(MessagingCalls.summary, {}, a)).data).toEqual({ privateUnread: 0, systemUnread: 0, newFans: 0, latestSystem: null } satisfies MessageSummary);
    await world.systemMessage(a.uid, '欢迎');
    const page = (await world.send(MessagingCalls.systemMessages, { page: 1, pageSize: 20 }, a)).data as SystemMessagePage;
    expect({ total: page.total, titles: page.list.map((m) => m.title), read: page.list[0]?.read }).toEqual({ total: 1, titles: ['欢迎'], read: false });
    const id = page.list[0]?.id ?? 0;
    const summary = (await world.send(MessagingCalls.summary, {}, a)).data as MessageSummary;
    expect({ systemUnread: summary.systemUnread, latest: summary.latestSystem?.title }).toEqual({ systemUnread: 1, latest: '欢迎' });
    expect((await world.send(MessagingCalls.systemMessageDetail, { id }, a)).data).toMatchObject({ id, title: '欢迎', read: true } satisfies Partial<SystemMessage>);
    expect(((await world.send(MessagingCalls.summary, {}, a)).data as MessageSummary).systemUnread).toBe(0);
    expect(await world.send(MessagingCalls.systemMessageDetail, { id }, b)).toMatchObject({ ret: MessagingRet.SystemMessageNotFound, msg: '消息不存在' });
    expect((await world.send(MessagingCalls.systemMessageDetail, { id: 0 }, a)).ret).toBe(1002);
    expect((await world.send(MessagingCalls.summary, {}, null)).ret).toBe(201);
  });
});
