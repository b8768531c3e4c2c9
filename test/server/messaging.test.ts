import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { systemClock } from '../../server/clock.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, KEFU_ACCOUNT, seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import type { ListedUser } from '../../server/user/listed-user-repository.ts';
import type { MessageView } from '../../server/messaging/message-repository.ts';
import { MessagingText } from '../../server/messaging/routes.ts';
import { KEFU_PASSWORD, seedMessaging } from '../../server/messaging/seed.ts';
import { seedShell } from '../../server/shell/seed.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { DAY, FakeClock, TEST_ARGON2, get, post, tokenParams, uniqueIp } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture, withTestDatabase } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedVip(db);
  },
});

interface Page<T> {
  list: T[];
  hasMore: boolean;
}

interface Conversation {
  user: ListedUser;
  lastMessage: MessageView;
  unread: number;
}

let clientCounter = 0;
const send = (from: TestUser, to: number, content: string, extra: Record<string, string> = {}) =>
  server.post<MessageView>('/api/Chat/SendMessage', { ...tokenParams(from.token), toUid: String(to), content, ...extra });
const sendOk = async (from: TestUser, to: number, content: string): Promise<MessageView> => {
  clientCounter += 1;
  const { body } = await send(from, to, content, { clientId: `c-${clientCounter}` });
  if (body.ret !== Ret.Ok) throw new Error(`send failed: ${JSON.stringify(body)}`);
  return body.data;
};
const counts = async (user: TestUser) => (await get<{ count: number; privateCount: number; systemCount: number }>(
  server.app, '/api/user/GetUserMegCount', tokenParams(user.token))).body.data;
const block = (blocker: number, blocked: number) => server.db.query('INSERT INTO user_blocks (blocker_uid, blocked_uid) VALUES ($1, $2)', [blocker, blocked]);

describe('POST /api/Chat/SendMessage', () => {
  it('stores the message and answers it with the sender\'s avatar and nickname', async () => {
    const a = await server.registerUser({ nickName: '甲' });
    const b = await server.registerUser();
    const { body } = await send(a, b.id, '你好', { clientId: 'first-1' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.msg).toBe('发送成功');
    expect(body.data).toMatchObject({
      fromUid: a.id, toUid: b.id, type: 0, content: '你好', clientId: 'first-1', nickname: '甲', avatar: a.avatar, kefu: false,
      createdAt: clock.now(),
    });
    expect(body.data.id).toBeGreaterThan(0);
  });

  it('needs a login', async () => {
    const b = await server.registerUser();
    const { body } = await server.post('/api/Chat/SendMessage', { toUid: String(b.id), content: 'x' });
    expect(body).toEqual({ ret: Ret.SessionInvalid, msg: '请先登录', data: null });
  });

  it('refuses missing, blank and overlong content, bad ids, self, unknown users and type 2', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    expect((await server.post('/api/Chat/SendMessage', { ...tokenParams(a.token), toUid: String(b.id) })).body.ret).toBe(Ret.MissingParam);
    expect((await send(a, b.id, '   ')).body.ret).toBe(Ret.MissingParam);
    expect((await send(a, b.id, '字'.repeat(500))).body.ret).toBe(Ret.Ok);
    expect((await send(a, b.id, '字'.repeat(501))).body).toEqual({ ret: Ret.BadParam, msg: '消息内容不能超过500字', data: null });
    expect((await send(a, b.id, '😀'.repeat(500))).body.ret).toBe(Ret.Ok);
    expect((await send(a, 0, 'x')).body.ret).toBe(Ret.BadParam);
    expect((await send(a, -3, 'x')).body.ret).toBe(Ret.BadParam);
    // An id no user can have is refused before it reaches the database (it used to answer 500).
    expect((await send(a, 999_999_999_999, 'x')).body).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：toUid超出范围', data: null });
    expect((await server.post('/api/Chat/SendMessage', { ...tokenParams(a.token), toUid: 'abc', content: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await send(a, a.id, 'x')).body).toEqual({ ret: Ret.ChatWithSelf, msg: '不能给自己发消息', data: null });
    expect((await send(a, 999_999, 'x')).body).toEqual({ ret: Ret.UserNotFound, msg: '用户不存在', data: null });
    expect((await send(a, b.id, 'x', { type: '2' })).body.ret).toBe(Ret.BadParam);
    expect((await send(a, b.id, 'x', { type: '7' })).body.ret).toBe(Ret.BadParam);
    expect((await send(a, b.id, 'x', { type: '1' })).body.ret).toBe(Ret.BadParam);
    expect((await send(a, b.id, 'x', { clientId: 'c'.repeat(65) })).body.ret).toBe(Ret.BadParam);
    expect((await send(a, b.id, 'x', { clientId: 'with space' })).body.ret).toBe(Ret.BadParam);
  });

  it('refuses with 8001 when the sender blocked the recipient and 8002 when the recipient blocked the sender', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    await block(a.id, b.id);
    expect((await send(a, b.id, 'x')).body).toEqual({ ret: Ret.YouBlockedRecipient, msg: '你已拉黑对方，无法发送消息', data: null });
    expect((await send(b, a.id, 'x')).body).toEqual({ ret: Ret.RecipientBlockedYou, msg: '对方已将你拉黑，消息发送失败', data: null });
    const stored = await server.db.query('SELECT 1 FROM private_messages WHERE from_uid IN ($1, $2)', [a.id, b.id]);
    expect(stored).toHaveLength(0);
  });

  it('is idempotent per sender and clientId: the retry answers the stored message and stores nothing twice', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    const first = await send(a, b.id, 'once', { clientId: 'same-id' });
    const again = await send(a, b.id, 'once', { clientId: 'same-id' });
    expect(again.body).toEqual(first.body);
    const [x, y] = await Promise.all([send(a, b.id, 'racing', { clientId: 'race-id' }), send(a, b.id, 'racing', { clientId: 'race-id' })]);
    expect(x.body.data.id).toBe(y.body.data.id);
    expect(await server.db.query('SELECT id FROM private_messages WHERE from_uid = $1', [a.id])).toHaveLength(2);
    // Another sender may use the same clientId; the same sender may not reuse it for another recipient.
    expect((await send(b, a.id, 'mine', { clientId: 'same-id' })).body.data.content).toBe('mine');
    expect((await send(a, c.id, 'other', { clientId: 'same-id' })).body.ret).toBe(Ret.BadParam);
  });

  it('answers a first message to the customer-service account with one greeting, once per user', async () => {
    const [kefu] = await server.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [KEFU_ACCOUNT.userName]);
    const kefuId = kefu!.id;
    const a = await server.registerUser();
    const order = JSON.stringify({ package: '黄金月卡', price: '7.99' });
    expect((await send(a, kefuId, order, { type: '1' })).body.ret).toBe(Ret.Ok);
    await sendOk(a, kefuId, '在吗');
    const history = (await server.get<Page<MessageView>>('/api/Chat/GetHistory', { ...tokenParams(a.token), toUid: String(kefuId) })).body.data;
    expect(history.list.map((m) => [m.fromUid, m.type, m.content])).toEqual([
      [a.id, 1, order],
      [kefuId, 2, MessagingText.kefuGreeting],
      [a.id, 0, '在吗'],
    ]);
    expect(history.list[1]).toMatchObject({ kefu: true, nickname: KEFU_ACCOUNT.nickName });
    expect(MessagingText.kefuGreeting).toBe('您好，我是官方客服，请问有什么可以帮您？');
    const other = await server.registerUser();
    await sendOk(other, kefuId, 'hi');
    expect((await counts(other)).privateCount).toBe(1);
  });
});

describe('GET /api/Chat/GetHistory', () => {
  it('pages the pair\'s conversation, newest page first, ascending within a page', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sendOk(i % 2 === 0 ? a : b, i % 2 === 0 ? b.id : a.id, `m${i}`)).id);
    const page1 = await server.get<Page<MessageView> & { user: ListedUser }>('/api/Chat/GetHistory', { ...tokenParams(a.token), toUid: String(b.id), pageSize: '2' });
    expect(page1.body.data.list.map((m) => m.id)).toEqual(ids.slice(3));
    expect(page1.body.data.hasMore).toBe(true);
    expect(page1.body.data.user).toMatchObject({ userId: b.id, nickName: b.nickName, focusStatus: 0, isBlackList: 0, blockedMe: 0, kefu: false, bigV: false });
    const page2 = await server.get<Page<MessageView>>('/api/Chat/GetHistory', {
      ...tokenParams(a.token), toUid: String(b.id), pageSize: '2', beforeId: String(ids[3]),
    });
    expect(page2.body.data.list.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const page3 = await server.get<Page<MessageView>>('/api/Chat/GetHistory', {
      ...tokenParams(a.token), toUid: String(b.id), pageSize: '2', beforeId: String(ids[1]),
    });
    expect(page3.body.data).toMatchObject({ list: [{ id: ids[0] }], hasMore: false });
  });

  it('never shows another pair\'s messages', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const eve = await server.registerUser();
    await sendOk(a, b.id, 'secret');
    const seen = await server.get<Page<MessageView>>('/api/Chat/GetHistory', { ...tokenParams(eve.token), toUid: String(b.id) });
    expect(seen.body.data.list).toEqual([]);
    const asA = await server.get<Page<MessageView>>('/api/Chat/GetHistory', { ...tokenParams(eve.token), toUid: String(a.id) });
    expect(asA.body.data.list).toEqual([]);
    // Trying to smuggle the other pair's ids changes nothing: the pair is always the caller and toUid.
    const smuggled = await server.get<Page<MessageView>>('/api/Chat/GetHistory', {
      ...tokenParams(eve.token), toUid: String(b.id), uid: String(a.id), login_uid: String(eve.id),
    });
    expect(smuggled.body.data.list).toEqual([]);
  });

  it('shows the follow and block flags of the partner', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    await server.db.query('INSERT INTO user_follows (follower_uid, followed_uid) VALUES ($1, $2)', [a.id, b.id]);
    await block(b.id, a.id);
    const { body } = await server.get<{ user: ListedUser }>('/api/Chat/GetHistory', { ...tokenParams(a.token), toUid: String(b.id) });
    expect(body.data.user).toMatchObject({ focusStatus: 1, isBlackList: 0, blockedMe: 1 });
  });

  it('refuses bad parameters', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const call = (fields: Record<string, string>) => server.get('/api/Chat/GetHistory', { ...tokenParams(a.token), ...fields });
    expect((await call({})).body.ret).toBe(Ret.MissingParam);
    expect((await call({ toUid: '999999' })).body.ret).toBe(Ret.UserNotFound);
    expect((await call({ toUid: String(a.id) })).body.ret).toBe(Ret.ChatWithSelf);
    expect((await call({ toUid: String(b.id), pageSize: '51' })).body.ret).toBe(Ret.BadParam);
    expect((await call({ toUid: String(b.id), beforeId: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/Chat/GetHistory', { toUid: String(b.id) })).body.ret).toBe(Ret.SessionInvalid);
  });
});

describe('conversations, unread counts and MarkRead', () => {
  it('lists conversations newest first with the last message and unread count; MarkRead clears one', async () => {
    const me = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    await sendOk(b, me.id, 'b1');
    await sendOk(b, me.id, 'b2');
    await sendOk(c, me.id, 'c1');
    await sendOk(me, b.id, 'reply');
    const { body } = await server.get<{ list: Conversation[]; total: number }>('/api/Chat/GetConversations', tokenParams(me.token));
    expect(body.data.total).toBe(2);
    expect(body.data.list.map((row) => [row.user.userId, row.lastMessage.content, row.unread])).toEqual([
      [b.id, 'reply', 2],
      [c.id, 'c1', 1],
    ]);
    expect(await counts(me)).toEqual({ count: 3, privateCount: 3, systemCount: 0 });
    expect(await counts(b)).toEqual({ count: 1, privateCount: 1, systemCount: 0 });

    const marked = await server.post<{ count: number }>('/api/Chat/MarkRead', { ...tokenParams(me.token), toUid: String(b.id) });
    expect(marked.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { count: 1 } });
    expect(await counts(me)).toEqual({ count: 1, privateCount: 1, systemCount: 0 });
    // Marking what I sent does not mark it for the recipient.
    expect((await counts(b)).privateCount).toBe(1);

    const paged = await server.get<{ list: Conversation[]; total: number }>('/api/Chat/GetConversations', { ...tokenParams(me.token), page: '2', pageSize: '1' });
    expect(paged.body.data.list.map((row) => row.user.userId)).toEqual([c.id]);
    const beyond = await server.get<{ list: Conversation[]; total: number }>('/api/Chat/GetConversations', { ...tokenParams(me.token), page: '5' });
    expect(beyond.body.data).toEqual({ list: [], total: 2 });
  });

  it('counts system messages too', async () => {
    const me = await server.registerUser();
    const b = await server.registerUser();
    await server.db.query(`INSERT INTO system_messages (uid, title, content) VALUES ($1, '通知', '内容')`, [me.id]);
    await sendOk(b, me.id, 'hi');
    expect(await counts(me)).toEqual({ count: 2, privateCount: 1, systemCount: 1 });
  });

  it('MarkRead validates toUid', async () => {
    const me = await server.registerUser();
    expect((await server.post('/api/Chat/MarkRead', tokenParams(me.token))).body.ret).toBe(Ret.MissingParam);
    expect((await server.post('/api/Chat/MarkRead', { ...tokenParams(me.token), toUid: '999999' })).body.ret).toBe(Ret.UserNotFound);
  });
});

describe('GET /api/Chat/GetNewMessages', () => {
  it('pages what the caller sent and received after sinceId, ascending, and marks received ones delivered', async () => {
    const me = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sendOk(i === 2 ? me : b, i === 2 ? b.id : me.id, `n${i}`)).id);
    await sendOk(b, c.id, 'not mine');
    const call = (sinceId: number, limit: number) =>
      server.get<Page<MessageView>>('/api/Chat/GetNewMessages', { ...tokenParams(me.token), sinceId: String(sinceId), limit: String(limit) });
    const first = (await call(ids[0]! - 1, 3)).body.data;
    expect(first.list.map((m) => m.id)).toEqual(ids.slice(0, 3));
    expect(first.hasMore).toBe(true);
    const second = (await call(ids[2]!, 3)).body.data;
    expect(second).toMatchObject({ hasMore: false });
    expect(second.list.map((m) => m.content)).toEqual(['n3', 'n4']);
    const delivered = await server.db.query<{ id: number; delivered_at: Date | null }>(
      'SELECT id, delivered_at FROM private_messages WHERE id = ANY($1::bigint[]) ORDER BY id', [ids],
    );
    expect(delivered.map((row) => row.delivered_at !== null)).toEqual([true, true, false, true, true]);
    const defaults = await server.get<Page<MessageView>>('/api/Chat/GetNewMessages', { ...tokenParams(me.token), sinceId: String(ids[4]) });
    expect(defaults.body.data).toEqual({ list: [], hasMore: false });
  });

  it('refuses bad parameters', async () => {
    const me = await server.registerUser();
    const call = (fields: Record<string, string>) => server.get('/api/Chat/GetNewMessages', { ...tokenParams(me.token), ...fields });
    expect((await call({})).body.ret).toBe(Ret.MissingParam);
    expect((await call({ sinceId: '-1' })).body.ret).toBe(Ret.BadParam);
    expect((await call({ sinceId: '0', limit: '101' })).body.ret).toBe(Ret.BadParam);
    expect((await call({ sinceId: '0', limit: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await call({ sinceId: '0', limit: '100' })).body.ret).toBe(Ret.Ok);
  });
});

describe('system messages', () => {
  it('lists the caller\'s system messages, opens one (marking it read) and refuses another user\'s with 8004', async () => {
    const me = await server.registerUser();
    const other = await server.registerUser();
    const rows = await server.db.query<{ id: number }>(
      `INSERT INTO system_messages (uid, title, content, created_at) VALUES ($1, '旧', 'a', $3), ($1, '新', 'b', $4), ($2, '别人的', 'c', $4) RETURNING id`,
      [me.id, other.id, new Date(clock.now() - DAY), new Date(clock.now())],
    );
    const [oldId, newId, othersId] = rows.map((row) => row.id);
    const list = await get<{ list: { id: number; title: string; read: boolean; createdAt: number }[]; total: number }>(
      server.app, '/api/Message/GetSystemMessages', tokenParams(me.token),
    );
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list).toEqual([
      { id: newId, title: '新', content: 'b', createdAt: clock.now(), read: false },
      { id: oldId, title: '旧', content: 'a', createdAt: clock.now() - DAY, read: false },
    ]);
    const detail = await server.get('/api/Message/GetSystemMessageDetail', { ...tokenParams(me.token), id: String(oldId) });
    expect(detail.body.data).toMatchObject({ id: oldId, title: '旧', read: true });
    expect((await counts(me)).systemCount).toBe(1);
    expect((await server.get('/api/Message/GetSystemMessageDetail', { ...tokenParams(me.token), id: String(othersId) })).body)
      .toEqual({ ret: Ret.SystemMessageNotFound, msg: '消息不存在', data: null });
    expect((await server.get('/api/Message/GetSystemMessageDetail', { ...tokenParams(me.token), id: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/Message/GetSystemMessageDetail', { ...tokenParams(me.token), id: '99999999999' })).body.ret).toBe(Ret.BadParam);
    expect((await counts(other)).systemCount).toBe(1);
  });

  it('summarises unread counts, new fans of the last 7 days and the latest system message', async () => {
    const me = await server.registerUser();
    const fan = await server.registerUser();
    const oldFan = await server.registerUser();
    const empty = await server.get('/api/Message/GetMessageSummary', tokenParams(me.token));
    expect(empty.body.data).toEqual({ privateUnread: 0, systemUnread: 0, newFans: 0, latestSystem: null });
    await server.db.query('INSERT INTO user_follows (follower_uid, followed_uid, created_at) VALUES ($1, $3, $4), ($2, $3, $5)', [
      fan.id, oldFan.id, me.id, new Date(clock.now() - DAY), new Date(clock.now() - 8 * DAY),
    ]);
    await server.db.query(`INSERT INTO system_messages (uid, title, content, created_at) VALUES ($1, '最新', '', $2)`, [me.id, new Date(clock.now())]);
    await sendOk(fan, me.id, 'hello');
    const { body } = await server.get('/api/Message/GetMessageSummary', tokenParams(me.token));
    expect(body.data).toEqual({ privateUnread: 1, systemUnread: 1, newFans: 1, latestSystem: { title: '最新', createdAt: clock.now() } });
  });
});

describe('seedMessaging', () => {
  it('adds demo2, a read conversation with demo and the kefu password, once, only on a demo installation', async () => {
    const passwords = new PasswordHasher(TEST_ARGON2);
    await withTestDatabase(async (fresh) => {
      await seedVip(fresh);
      await seedMessaging(fresh, { passwords });
      expect(await fresh.query('SELECT 1 FROM users WHERE user_name = $1', [DEMO2_ACCOUNT.userName])).toHaveLength(0);

      await fresh.query('DELETE FROM vip_customer_service');
      await fresh.query('DELETE FROM users');
      await seed(fresh, { passwords });
      await seedShell(fresh);
      await seedVip(fresh);
      await seedMessaging(fresh, { passwords });
      await seedMessaging(fresh, { passwords });
      const users = await fresh.query<{ user_name: string; nick_name: string }>('SELECT user_name, nick_name FROM users WHERE user_name = $1', [DEMO2_ACCOUNT.userName]);
      expect(users).toEqual([{ user_name: 'demo2', nick_name: '小遇' }]);
      const messages = await fresh.query<{ read_at: Date | null }>('SELECT read_at FROM private_messages');
      expect(messages.length).toBe(3);
      expect(messages.every((row) => row.read_at !== null)).toBe(true);

      const seededApp = await server.startApp({ db: fresh, clock: systemClock });
      try {
        const login = (userName: string, password: string) => post<TestUser>(seededApp, '/api/Login/Login', { userName, password }, { ip: uniqueIp() });
        const demo = (await login(DEMO_ACCOUNT.userName, DEMO_ACCOUNT.password)).body.data;
        expect((await login(DEMO2_ACCOUNT.userName, DEMO2_ACCOUNT.password)).body.ret).toBe(Ret.Ok);
        expect((await login(KEFU_ACCOUNT.userName, KEFU_PASSWORD)).body.ret).toBe(Ret.Ok);
        // The demo account keeps exactly its one unread (the welcome message): the conversation is read.
        expect((await get(seededApp, '/api/user/GetUserMegCount', tokenParams(demo.token))).body.data)
          .toEqual({ count: 1, privateCount: 0, systemCount: 1 });
        const list = await get<{ list: Conversation[] }>(seededApp, '/api/Chat/GetConversations', tokenParams(demo.token));
        expect(list.body.data.list).toHaveLength(1);
        expect(list.body.data.list[0]).toMatchObject({ unread: 0, user: { nickName: '小遇' } });
      } finally {
        await seededApp.close();
      }
    });
  });

  it('leaves a customer-service password alone once it has one', async () => {
    const passwords = new PasswordHasher(TEST_ARGON2);
    await withTestDatabase(async (fresh) => {
      await seed(fresh, { passwords });
      await seedVip(fresh);
      await fresh.query(`UPDATE users SET password_hash = 'changed' WHERE user_name = $1`, [KEFU_ACCOUNT.userName]);
      await seedMessaging(fresh, { passwords });
      expect(await fresh.query('SELECT password_hash FROM users WHERE user_name = $1', [KEFU_ACCOUNT.userName])).toEqual([{ password_hash: 'changed' }]);
    });
  });
});
