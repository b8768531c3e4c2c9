import { describe, expect, it } from 'vitest';
import { MessagingConnection } from '../../../src/core/messaging/messaging-connection.ts';
import type { BarrageItem } from '../../../src/core/playback/barrage-service.ts';
import { episodeRoomKey } from '../../../src/core/playback/barrage-protocol.ts';
import { BarrageSessionFactory, type BarrageEvent } from '../../../src/core/playback/barrage-session.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { ME, barrageWorld, flush, stored, user } from './barrage-support.ts';

function setup(options: { loggedIn?: boolean; seed?: ReturnType<typeof stored>[] } = {}) {
  const { container, world, api } = barrageWorld(options.seed ?? [stored(1, 1), stored(2, 0.5), stored(3, 9, '老周来打卡', 50), stored(4, 3, '别的集', 101, 'movie-04', 2)]);
  const session = container.get(UserSession);
  if (options.loggedIn !== false) session.signedIn(user());
  const connection = container.get(MessagingConnection);
  connection.start();
  // The server accepts the socket's token.
  world.socket.serverEmit('connectionResult', { ret: 200, msg: '成功', data: { uid: ME } });
  const barrages = container.get<BarrageSessionFactory>(BarrageSessionFactory)('movie-04', 1);
  const events: BarrageEvent[] = [];
  barrages.subscribe((event) => events.push(event));
  const shown = () => events.filter((e): e is { type: 'show'; item: BarrageItem } => e.type === 'show').map((e) => e.item.content);
  return { world, api, barrages, events, shown, session };
}

const live = (id: number, content: string, extra: Record<string, unknown> = {}) => ({
  id, mediaKey: 'movie-04', episode: 1, time: 4, content, uid: 55, nickName: '路人', likeCount: 0, liked: false, createdAt: 0, ...extra,
});

describe('the barrage session of one episode', () => {
  it('joins the episode room and loads the episode’s barrages in time order', async () => {
    const { barrages, world, events } = setup();
    await barrages.start();
    expect(world.socket.emittedOf('joinVideoRoom')).toEqual([{ mediaKey: 'movie-04#1' }]);
    expect(episodeRoomKey('drama-01', 3)).toBe('drama-01#3');
    expect(barrages.timeline.due(-1, 100).map((b) => b.id)).toEqual([2, 1, 3]);
    expect(barrages.loaded).toBe(true);
    expect(events).toEqual([{ type: 'loaded' }]);
  });

  it('leaves the episode room when it stops, and hears nothing more', async () => {
    const { barrages, world, shown } = setup();
    await barrages.start();
    barrages.stop();
    expect(world.socket.emittedOf('joinVideoRoom')).toEqual([{ mediaKey: 'movie-04#1' }, { mediaKey: 'movie-04#1', leave: true }]);
    world.socket.serverEmit('sendBarrage', live(600, '离开之后'));
    expect(shown()).toEqual([]);
  });

  it('shows a live barrage of its room once, whatever its time; ignores other episodes and repeats', async () => {
    const { barrages, world, shown } = setup();
    await barrages.start();
    world.socket.serverEmit('sendBarrage', live(500, '直播来了'));
    world.socket.serverEmit('sendBarrage', live(500, '直播来了'));
    world.socket.serverEmit('sendBarrage', live(501, '别的集', { episode: 2 }));
    world.socket.serverEmit('sendBarrage', live(502, '别的片', { mediaKey: 'movie-06' }));
    world.socket.serverEmit('sendBarrage', { id: 'x' });
    world.socket.serverEmit('sendBarrage', live(1, '已加载的'));
    expect(shown()).toEqual(['直播来了']);
    expect(barrages.timeline.has(500)).toBe(true);
  });

  it('shows one’s own barrage at once, before the server answers, and matches the echo by clientId', async () => {
    const { barrages, world, api, shown } = setup();
    await barrages.start();
    api.holdSends = true;
    const sending = barrages.send('  我来了  ', 2.5);
    expect(shown()).toEqual(['我来了']);
    const mine = barrages.timeline.due(2, 3)[0]!;
    expect(mine).toMatchObject({ content: '我来了', own: true, uid: ME, time: 2.5 });
    expect(mine.id).toBeLessThan(0);
    // The echo arrives before the answer: it confirms the barrage already shown.
    await flush();
    const call = api.calls.find((c) => c.path === '/api/Video/AddBarrages')!;
    expect(call.params).toMatchObject({ mediaKey: 'movie-04', episode: '1', content: '我来了', time: '2.500' });
    world.socket.serverEmit('sendBarrage', live(1000, '我来了', { uid: ME, clientId: call.params.clientId }));
    expect(mine.id).toBe(1000);
    api.release();
    expect(await sending).toMatchObject({ ok: true });
    expect(shown()).toEqual(['我来了']);
    expect(barrages.timeline.size()).toBe(4);
  });

  it('takes a refused barrage off again; a visitor is asked to log in; a bad text is not sent', async () => {
    const { barrages, api, events, world } = setup();
    await barrages.start();
    api.fail.set('/api/Video/AddBarrages', { ret: 8045, msg: '发送太频繁，请1秒后再试' });
    const refused = await barrages.send('太快了', 1);
    expect(refused).toEqual({ ok: false, reason: 'refused', message: '发送太频繁，请1秒后再试', toasted: true });
    expect(world.notifier.lastToast()?.message).toBe('发送太频繁，请1秒后再试');
    const shownId = (events.find((e) => e.type === 'show') as { item: BarrageItem }).item.id;
    expect(events.at(-1)).toEqual({ type: 'remove', id: shownId });
    expect(barrages.timeline.size()).toBe(3);
    expect(await barrages.send('   ', 1)).toMatchObject({ ok: false, reason: 'invalid', message: '请输入弹幕内容' });
    expect(await barrages.send('字'.repeat(51), 1)).toMatchObject({ ok: false, reason: 'invalid', message: '弹幕最多50个字' });
  });

  it('visitors load the stored barrages but cannot send, like or report', async () => {
    const { barrages } = setup({ loggedIn: false });
    await barrages.start();
    expect(barrages.timeline.size()).toBe(3);
    expect(await barrages.send('你好', 1)).toEqual({ ok: false, reason: 'login' });
    const item = barrages.timeline.at(0)!;
    expect(await barrages.like(item)).toEqual({ ok: false, reason: 'login' });
    expect(await barrages.report(item, '其他')).toEqual({ ok: false, reason: 'login' });
  });

  it('likes toggle the barrage’s liked and count; reports go once, never on one’s own', async () => {
    const { barrages, api } = setup();
    await barrages.start();
    const item = barrages.timeline.at(0)!;
    expect(await barrages.like(item)).toEqual({ ok: true, liked: true, count: 1 });
    expect(item).toMatchObject({ liked: true, likeCount: 1 });
    expect(await barrages.like(item)).toEqual({ ok: true, liked: false, count: 0 });
    expect(await barrages.report(item, '垃圾广告')).toEqual({ ok: true });
    expect(api.calls.at(-1)?.params).toMatchObject({ barrageId: String(item.id), reason: '垃圾广告' });
    api.fail.set('/api/Video/AccusationBarrage', { ret: 8046, msg: '你已经举报过这条弹幕' });
    expect(await barrages.report(item, '其他')).toEqual({ ok: false, reason: 'refused', message: '你已经举报过这条弹幕' });
    const sent = await barrages.send('自己的', 1);
    if (!sent.ok) throw new Error('not sent');
    expect(await barrages.report(sent.item, '其他')).toEqual({ ok: false, reason: 'own' });
  });

  it('hears nothing after stop', async () => {
    const { barrages, world, shown } = setup();
    await barrages.start();
    barrages.stop();
    world.socket.serverEmit('sendBarrage', live(600, '太晚了'));
    expect(shown()).toEqual([]);
  });
});
