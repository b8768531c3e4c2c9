import { afterEach, describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import type { MessageView } from '../../server/messaging/message-repository.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { connectionPayload, eventually, openAuthenticated, openSocket, sleep } from './socket-support.ts';
import type { TestSocket } from './socket-support.ts';
import { tokenParams, uniqueIp, uniqueName } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const sockets: TestSocket[] = [];

/** Long enough for an event that was going to arrive to have arrived (same process, loopback). */
const QUIET_MS = 300;

// With REDIS_URL the app uses the Redis streams adapter (one process here; socket-scale-out.test.ts runs two).
const server = useServerFixture({
  seed: async (db) => {
    await seedVip(db);
  },
  sockets: 'stream',
});

afterEach(() => {
  for (const client of sockets.splice(0)) client.close();
});

const track = (client: TestSocket): TestSocket => {
  sockets.push(client);
  return client;
};
const authed = async (user: { token: TestUser['token'] }) => track(await openAuthenticated(server.url, user.token));
const send = async (from: TestUser, to: number, content: string): Promise<MessageView> => {
  const { body } = await server.post<MessageView>('/api/Chat/SendMessage', { ...tokenParams(from.token), toUid: String(to), content });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
const login = async (userName: string, password = 'secret123'): Promise<TestUser> => {
  const { body } = await server.post<TestUser>('/api/Login/Login', { userName, password }, { ip: uniqueIp() });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};

describe('socket authentication (connection event)', () => {
  it('answers ret 200 with the uid for a valid token', async () => {
    const user = await server.registerUser();
    const client = track(await openSocket(server.url));
    client.socket.emit('connection', connectionPayload(user.token));
    expect(await client.next('connectionResult')).toEqual({ ret: Ret.Ok, msg: '成功', data: { uid: user.id } });
  });

  it('answers 201 to a forged token, disconnects, and that socket never gets the user\'s messages', async () => {
    const victim = await server.registerUser();
    const sender = await server.registerUser();
    const forged = track(await openSocket(server.url));
    forged.socket.emit('connection', { ...connectionPayload(victim.token), sign: 'f'.repeat(64) });
    expect(await forged.next('connectionResult')).toEqual({ ret: Ret.SessionInvalid, msg: '登录已失效，请重新登录', data: null });
    expect(await forged.disconnected()).toBe('io server disconnect');
    const silent = track(await openSocket(server.url));
    await send(sender, victim.id, 'for the victim only');
    await sleep(QUIET_MS);
    expect(forged.named('privateMessage')).toEqual([]);
    expect(silent.events).toEqual([]);
  });

  it('answers 1001 without a token and 1002 for another protocol version, then disconnects', async () => {
    const user = await server.registerUser();
    const noToken = track(await openSocket(server.url));
    noToken.socket.emit('connection', { version: '1.0.3' });
    expect(await noToken.next('connectionResult')).toMatchObject({ ret: Ret.MissingParam, data: null });
    await noToken.disconnected();
    const oldVersion = track(await openSocket(server.url));
    oldVersion.socket.emit('connection', { ...connectionPayload(user.token), version: '1.0.2' });
    expect(await oldVersion.next('connectionResult')).toEqual({ ret: Ret.BadParam, msg: '协议版本不支持', data: null });
    await oldVersion.disconnected();
    const junk = track(await openSocket(server.url));
    junk.socket.emit('connection', 'not an object');
    expect(await junk.next('connectionResult')).toMatchObject({ ret: Ret.MissingParam });
  });

  it('answers 1002 含有非法字符 to NUL in any connection field, ignores a NUL video room and out-of-range ack ids', async () => {
    const user = await server.registerUser();
    for (const payload of [
      { ...connectionPayload(user.token), token: `${user.token.token}\u0000` },
      { ...connectionPayload(user.token), extra: { nested: ['\u0000'] } },
    ]) {
      const client = track(await openSocket(server.url));
      client.socket.emit('connection', payload);
      expect(await client.next('connectionResult')).toEqual({ ret: Ret.BadParam, msg: expect.stringMatching(/^参数格式错误：.*含有非法字符$/) as unknown, data: null });
      await client.disconnected();
    }
    const client = await authed(user);
    client.socket.emit('joinVideoRoom', { mediaKey: 'abc\u0000' });
    client.socket.emit('messageAck', { ids: [2 ** 63, 2 ** 31, 1.5, '\u0000'] });
    await sleep(QUIET_MS);
    expect(client.named('joinVideoRoom')).toEqual([]);
    client.socket.emit('joinVideoRoom', { mediaKey: 'abc' });
    expect(await client.next('joinVideoRoom')).toEqual({ mediaKey: 'abc', ok: true });
  });

  it('ignores messageAck before authentication; a visitor may join a video room (live barrages are read-only for everyone)', async () => {
    const recipient = await server.registerUser();
    const sender = await server.registerUser();
    const message = await send(sender, recipient.id, 'not acked');
    const client = track(await openSocket(server.url));
    client.socket.emit('messageAck', { ids: [message.id] });
    client.socket.emit('joinVideoRoom', { mediaKey: 'abc' });
    expect(await client.next('joinVideoRoom')).toEqual({ mediaKey: 'abc', ok: true });
    await sleep(QUIET_MS);
    expect(client.events.map((event) => event.name)).toEqual(['joinVideoRoom']);
    const [row] = await server.db.query<{ delivered_at: Date | null }>('SELECT delivered_at FROM private_messages WHERE id = $1', [message.id]);
    expect(row?.delivered_at).toBeNull();
  });
});

describe('privateMessage delivery', () => {
  it('reaches every socket of the recipient and the sender\'s other sockets, and nobody else', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    const a1 = await authed(a);
    const a2 = await authed(await login(a.userNameRaw));
    const b1 = await authed(b);
    const b2 = await authed(b);
    const c1 = await authed(c);
    const sent = await send(a, b.id, '你好');
    for (const client of [a1, a2, b1, b2]) expect(await client.next('privateMessage')).toEqual(sent);
    await sleep(QUIET_MS);
    expect(c1.named('privateMessage')).toEqual([]);
    for (const client of [a1, a2, b1, b2]) expect(client.named('privateMessage')).toHaveLength(1);
  });

  it('a socket authenticating again as another user gets that user\'s messages once, and the first user\'s no more', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const c = await server.registerUser();
    const tab = await authed(a);
    tab.socket.emit('connection', connectionPayload(b.token));
    expect(await tab.next('connectionResult')).toMatchObject({ ret: Ret.Ok, data: { uid: b.id } });
    const toA = await send(c, a.id, '给A');
    const toB = await send(c, b.id, '给B');
    expect(await tab.next('privateMessage')).toEqual(toB);
    await sleep(QUIET_MS);
    expect(tab.named('privateMessage')).toEqual([toB]);
    expect(toA.toUid).toBe(a.id);
  });

  it('messageAck sets delivered_at for the recipient\'s own messages only', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const a1 = await authed(a);
    const b1 = await authed(b);
    const toB = await send(a, b.id, 'ack me');
    const toA = await send(b, a.id, 'not b\'s to ack');
    await b1.next('privateMessage');
    b1.socket.emit('messageAck', { ids: [toB.id, toA.id, 'x', -1] });
    const deliveredAt = async (id: number) =>
      (await server.db.query<{ delivered_at: Date | null }>('SELECT delivered_at FROM private_messages WHERE id = $1', [id]))[0]?.delivered_at ?? null;
    await eventually(async () => (await deliveredAt(toB.id)) !== null);
    expect(await deliveredAt(toA.id)).toBeNull();
    a1.socket.emit('messageAck', { ids: [toA.id] });
    await eventually(async () => (await deliveredAt(toA.id)) !== null);
  });

  it('confirms each messageAck with messageAcked once it is stored, acknowledgements of many sockets in one write', async () => {
    const sender = await server.registerUser();
    const recipients = await Promise.all(Array.from({ length: 5 }, () => server.registerUser()));
    const clients = await Promise.all(recipients.map((r) => authed(r)));
    const messages = await Promise.all(recipients.map((r) => send(sender, r.id, 'batched')));
    await Promise.all(clients.map((c) => c.next('privateMessage')));
    clients.forEach((client, i) => client.socket.emit('messageAck', { ids: [messages[i]!.id] }));
    const confirmed = await Promise.all(clients.map((c) => c.next('messageAcked')));
    expect(confirmed).toEqual(messages.map((m) => ({ ids: [m.id] })));
    // Confirmed means written: every one is delivered by now.
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM private_messages WHERE id = ANY($1::bigint[]) AND delivered_at IS NOT NULL', [messages.map((m) => m.id)],
    );
    expect(rows[0]?.n).toBe(5);
  });
});

describe('login elsewhere and session end', () => {
  it('a second login sends userLiveTest to the sockets of the older sessions only', async () => {
    const userName = uniqueName('live');
    const first = await server.registerUser({ userName });
    const other = await server.registerUser();
    const older = await authed(first);
    const bystander = await authed(other);
    const second = await login(userName);
    expect(await older.next('userLiveTest')).toEqual({ msg: '该账号已在其他设备登录' });
    const newer = await authed(second);
    await sleep(QUIET_MS);
    expect(newer.named('userLiveTest')).toEqual([]);
    expect(bystander.events.filter((event) => event.name !== 'connectionResult')).toEqual([]);
    // The older session stays valid on the server (the older device forgets it).
    expect((await server.post('/api/Login/Validates', tokenParams(first.token))).body.ret).toBe(Ret.Ok);
    await login(userName);
    expect(await newer.next('userLiveTest')).toEqual({ msg: '该账号已在其他设备登录' });
  });

  it('Logout sends userStateChange action 1 to that session\'s sockets and disconnects them', async () => {
    const userName = uniqueName('out');
    const user = await server.registerUser({ userName });
    const otherSession = await login(userName);
    const s1 = await authed(user);
    const s2 = await authed(user);
    const kept = await authed(otherSession);
    expect((await server.post('/api/Login/Logout', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    for (const client of [s1, s2]) {
      expect(await client.next('userStateChange')).toEqual({ action: 1, msg: '登录已失效，请重新登录' });
      expect(await client.disconnected()).toBe('io server disconnect');
    }
    await sleep(QUIET_MS);
    expect(kept.named('userStateChange')).toEqual([]);
    expect(kept.socket.connected).toBe(true);
  });

  it('disconnectUser closes every socket of that user from the server side, silently, and no one else\'s', async () => {
    const user = await server.registerUser();
    const other = await server.registerUser();
    const s1 = await authed(user);
    const s2 = await authed(user);
    const kept = await authed(other);
    server.app.realtime.disconnectUser(user.id);
    for (const client of [s1, s2]) expect(await client.disconnected()).toBe('io server disconnect');
    expect([...s1.named('userStateChange'), ...s2.named('userStateChange')]).toEqual([]);
    await sleep(QUIET_MS);
    expect(kept.socket.connected).toBe(true);
  });

  it('a paid VIP gift sends userStateChange action 0 to the buyer and the recipient', async () => {
    const buyer = await server.registerUser();
    const friend = await server.registerUser();
    const b1 = await authed(buyer);
    const f1 = await authed(friend);
    const order = await server.get<{ orderId: string }>('/api/payment/CreateOrder', {
      ...tokenParams(buyer.token), ProductID: '101', SysName: 'visa', ToUID: String(friend.id), IdempotencyKey: `sock-${uniqueName()}`,
    });
    expect(order.body.ret).toBe(Ret.Ok);
    await sleep(QUIET_MS);
    expect(b1.named('userStateChange')).toEqual([]);
    const paid = await server.post('/api/payment/SandboxPay', { ...tokenParams(buyer.token), orderId: order.body.data.orderId, action: 'approve' });
    expect(paid.body.ret).toBe(Ret.Ok);
    for (const client of [b1, f1]) expect(await client.next('userStateChange')).toMatchObject({ action: 0 });
    // Paying again changes nothing and tells nobody.
    await server.post('/api/payment/SandboxPay', { ...tokenParams(buyer.token), orderId: order.body.data.orderId, action: 'approve' });
    await sleep(QUIET_MS);
    expect(b1.named('userStateChange')).toHaveLength(1);
  });
});

describe('joinVideoRoom', () => {
  it('answers { mediaKey, ok: true } and ignores a malformed media key', async () => {
    const user = await server.registerUser();
    const client = await authed(user);
    client.socket.emit('joinVideoRoom', { mediaKey: 'movie-1' });
    expect(await client.next('joinVideoRoom')).toEqual({ mediaKey: 'movie-1', ok: true });
    client.socket.emit('joinVideoRoom', { mediaKey: 'movie-2' });
    expect(await client.next('joinVideoRoom')).toEqual({ mediaKey: 'movie-2', ok: true });
    client.socket.emit('joinVideoRoom', { mediaKey: 'x'.repeat(65) });
    client.socket.emit('joinVideoRoom', { mediaKey: 42 });
    await sleep(QUIET_MS);
    expect(client.named('joinVideoRoom')).toHaveLength(2);
  });
});
