import { describe, expect, it } from 'vitest';
import { lastMessageIdKey } from '../../../src/core/messaging/message-store.ts';
import { IGNORE_USER_TIPS_KEY } from '../../../src/core/messaging/message-tips.ts';
import { ME, message, messagingWorld, ok, user } from './fixtures.ts';

describe('MessagingConnection: connecting with the session', () => {
  it('connects while a user is logged in and sends the connection event with token fields and 1.0.3', () => {
    const { connection, world, session } = messagingWorld();
    connection.start();
    expect(world.socket.wantsConnection()).toBe(false);
    session.signedIn(user());
    expect(world.socket.connected()).toBe(true);
    expect(world.socket.emittedOf('connection')).toEqual([{ uid: ME, token: 'tok-a', sign: 's', expire: 9_999_999_999, login_uid: ME, version: '1.0.3' }]);
    world.socket.drop();
    world.socket.restore();
    expect(world.socket.emittedOf('connection')).toHaveLength(2);
    session.clear();
    expect(world.socket.wantsConnection()).toBe(false);
  });

  it('ret 201 clears the session like the request layer (toast, /login keeping the query)', async () => {
    const { connection, world, session, settle } = messagingWorld({ path: '/rank' });
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('connectionResult', { ret: 201, msg: '登录已失效，请重新登录', data: null });
    await settle();
    expect(session.user()).toBeNull();
    expect(world.notifier.toasts.map((t) => t.message)).toEqual(['登录已失效，请重新登录']);
    expect(world.navigator.current().path).toBe('/login');
  });

  it('a new device records a starting point and fetches nothing as missed', async () => {
    const { connection, world, session, settle } = messagingWorld({ conversations: [message(40, 9)] });
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    await settle();
    expect(world.local.get(lastMessageIdKey(ME))).toBe('40');
    expect(world.http.requests.some((r) => r.url === '/api/Chat/GetNewMessages')).toBe(false);
  });

  it('fetches missed messages from the last id in pages, acknowledges them, and never takes one twice', async () => {
    const missed = Array.from({ length: 150 }, (_, i) => message(101 + i, 9));
    const { connection, world, session, settle, store, counter, tips } = messagingWorld({ missed });
    world.local.set(lastMessageIdKey(ME), '100');
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('privateMessage', missed[0]);
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    await settle();
    expect(store.conversation(9).map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(counter.value()).toBe(150);
    expect(tips.state().count).toBe(150);
    expect(world.tone.plays).toBe(3);
    const acked = world.socket.emittedOf('messageAck').flatMap((p) => (p as { ids: number[] }).ids);
    expect(new Set(acked)).toEqual(new Set(missed.map((m) => m.id)));
    expect(world.local.get(lastMessageIdKey(ME))).toBe('250');
    world.socket.serverEmit('privateMessage', missed[5]);
    expect(counter.value()).toBe(150);
  });

  it('re-sends acknowledgements the server has not confirmed after each authentication, until confirmed', async () => {
    const { connection, world, session, settle } = messagingWorld();
    world.local.set(lastMessageIdKey(ME), '100');
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    await settle();
    world.socket.serverEmit('privateMessage', message(101, 9));
    world.socket.serverEmit('privateMessage', message(102, 9));
    const acked = () => world.socket.emittedOf('messageAck').map((p) => (p as { ids: number[] }).ids);
    expect(acked()).toEqual([[101], [102]]);
    // The server stored 101 only, then the connection dropped before 102's acknowledgement was taken.
    world.socket.serverEmit('messageAcked', { ids: [101] });
    world.socket.drop();
    world.socket.restore();
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    await settle();
    expect(acked()).toEqual([[101], [102], [102]]);
    world.socket.serverEmit('messageAcked', { ids: [102] });
    world.socket.drop();
    world.socket.restore();
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    await settle();
    expect(acked()).toHaveLength(3);
  });

  it('messages the user sent (another tab) are stored but are not arrivals', () => {
    const { connection, world, session, counter, store } = messagingWorld();
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('privateMessage', message(5, ME));
    expect(store.conversation(9)).toHaveLength(1);
    expect(counter.value()).toBe(0);
    expect(world.tone.plays).toBe(0);
  });

  it('logout resets messages, tips, the ignore flag and the popup', () => {
    const { connection, world, session, tips, store } = messagingWorld();
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('privateMessage', message(5, 9));
    tips.closeTapped();
    expect(world.session.get(IGNORE_USER_TIPS_KEY)).toBe('1');
    session.clear();
    expect(tips.state()).toEqual({ visible: false, senders: [], count: 0, ignored: false });
    expect(store.conversation(9)).toHaveLength(0);
  });
});

describe('MessagingConnection: other events', () => {
  it('userLiveTest: clears the user, runs the block-list hook, one-button dialog, confirm goes to /', async () => {
    const { connection, world, session, settle } = messagingWorld({ path: '/rank' });
    session.signedIn(user());
    connection.start();
    let hooks = 0;
    connection.onSignedOutElsewhere(() => (hooks += 1));
    world.socket.serverEmit('userLiveTest', { msg: '该账号已在其他设备登录' });
    expect(session.user()).toBeNull();
    expect(hooks).toBe(1);
    expect(world.notifier.dialogs[0]?.options).toEqual({ message: '该账号已在其他设备登录', confirmText: '确定' });
    world.notifier.answer(true);
    await settle();
    expect(world.navigator.current().path).toBe('/');
  });

  it('userLiveTest for another token than the one this connection authenticated with is ignored', () => {
    const { connection, world, session } = messagingWorld();
    session.signedIn(user());
    connection.start();
    world.socket.drop();
    session.signedIn(user(ME, 'tok-b'));
    world.socket.serverEmit('userLiveTest', {});
    expect(session.user()).not.toBeNull();
    expect(world.notifier.dialogs).toHaveLength(0);
  });

  it('userStateChange 0 refreshes the user; a refusal clears the login', async () => {
    const { connection, world, session, settle, server } = messagingWorld();
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('userStateChange', { action: 0, msg: '' });
    await settle();
    expect(session.user()?.nickName).toBe('新名字');
    server.userInfoRet = 1006;
    world.socket.serverEmit('userStateChange', { action: 0, msg: '' });
    await settle();
    expect(session.user()).toBeNull();
  });

  it('userStateChange 1 toasts the message, clears the user and goes to /', () => {
    const { connection, world, session } = messagingWorld({ path: '/user' });
    session.signedIn(user());
    connection.start();
    world.socket.serverEmit('userStateChange', { action: 1, msg: '登录已失效，请重新登录' });
    expect(world.notifier.toasts[0]?.message).toBe('登录已失效，请重新登录');
    expect(session.user()).toBeNull();
    expect(world.navigator.current().path).toBe('/');
  });

  it('barrages reach subscribers; a video room is joined after authentication and again after a reconnect', () => {
    const { connection, world, session } = messagingWorld();
    session.signedIn(user());
    connection.start();
    const barrages: unknown[] = [];
    const joined: unknown[] = [];
    connection.onBarrage((b) => barrages.push(b));
    connection.onVideoRoomJoined((j) => joined.push(j));
    connection.joinVideoRoom('mk1');
    expect(world.socket.emittedOf('joinVideoRoom')).toEqual([]);
    world.socket.serverEmit('connectionResult', ok({ uid: ME }));
    expect(world.socket.emittedOf('joinVideoRoom')).toEqual([{ mediaKey: 'mk1' }]);
    world.socket.serverEmit('joinVideoRoom', { mediaKey: 'mk1', ok: true });
    world.socket.serverEmit('sendBarrage', { text: 'hi' });
    expect(joined).toEqual([{ mediaKey: 'mk1', ok: true }]);
    expect(barrages).toEqual([{ text: 'hi' }]);
  });
});
