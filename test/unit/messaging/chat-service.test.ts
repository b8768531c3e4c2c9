import { describe, expect, it } from 'vitest';
import { ME, message, messagingWorld, ok, user } from './fixtures.ts';

describe('ChatService', () => {
  it('sends with a clientId from the Random port and keeps the answer in the store', async () => {
    const { chat, world, session, store } = messagingWorld();
    session.signedIn(user());
    world.http.route('POST', '/api/Chat/SendMessage', ({ body }) => ({ body: ok({ ...message(3, ME), content: body.content, clientId: body.clientId }) }));
    const outcome = await chat.send(9, '你好');
    expect(outcome).toMatchObject({ ok: true, message: { id: 3, content: '你好', clientId: '00000000-0000-4000-8000-000000000001' } });
    expect(store.conversation(9).map((m) => m.id)).toEqual([3]);
  });

  it('a refused send returns the server message', async () => {
    const { chat, world, session } = messagingWorld();
    session.signedIn(user());
    world.http.route('POST', '/api/Chat/SendMessage', () => ({ body: { ret: 8002, msg: '对方已将你拉黑，消息发送失败', data: null } }));
    expect(await chat.send(9, 'x')).toEqual({ ok: false, message: '对方已将你拉黑，消息发送失败' });
  });

  it('history pages ascending with beforeId; marking read asks for a count refresh', async () => {
    const { chat, world, session, counter } = messagingWorld();
    session.signedIn(user());
    world.http.route('GET', '/api/Chat/GetHistory', ({ params }) => ({
      body: ok({ list: params.beforeId ? [message(1, 9)] : [message(3, 9), message(2, ME)], hasMore: !params.beforeId, user: { userId: 9, nickName: '九' } }),
    }));
    world.http.route('POST', '/api/Chat/MarkRead', () => ({ body: ok({ count: 0 }) }));
    const newest = await chat.history(9);
    expect(newest.list.map((m) => m.id)).toEqual([2, 3]);
    expect(newest).toMatchObject({ hasMore: true, user: { userId: 9, nickName: '九' } });
    expect((await chat.history(9, 2)).list.map((m) => m.id)).toEqual([1]);
    let refreshes = 0;
    counter.onRefreshRequested(() => (refreshes += 1));
    expect(await chat.markRead(9)).toBe(0);
    expect(refreshes).toBe(1);
  });
});
