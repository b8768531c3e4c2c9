import { describe, expect, it } from 'vitest';
import type { FakeSocket } from '../../../adapters/socket/fake-socket.ts';
import { VisitorBarrageSocket } from '../../../src/core/playback/barrage-live-room.ts';
import type { BarrageItem } from '../../../src/core/playback/barrage-service.ts';
import { BarrageSessionFactory, type BarrageEvent } from '../../../src/core/playback/barrage-session.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { barrageWorld, stored, user } from './barrage-support.ts';

/** Live barrages for visitors (issue 24): a visitor's play page hears its episode's room over a socket of its own. */
function visitorSetup() {
  const { container, world } = barrageWorld([stored(1, 1)]);
  const visitorSocket = container.get<FakeSocket>(VisitorBarrageSocket);
  const barrages = container.get<BarrageSessionFactory>(BarrageSessionFactory)('movie-04', 1);
  const events: BarrageEvent[] = [];
  barrages.subscribe((event) => events.push(event));
  const shown = () => events.filter((e): e is { type: 'show'; item: BarrageItem } => e.type === 'show').map((e) => e.item);
  return { container, world, visitorSocket, barrages, shown };
}

const live = (id: number, extra: Record<string, unknown> = {}) => ({
  id, mediaKey: 'movie-04', episode: 1, time: 4, content: `直播${id}`, uid: 55, nickName: '路人', likeCount: 0, liked: false, createdAt: 0, ...extra,
});

describe('live barrages for a visitor', () => {
  it('opens the visitor socket, joins the episode room and shows what it relays, with its mode, colour and size', async () => {
    const { visitorSocket, world, barrages, shown } = visitorSetup();
    await barrages.start();
    expect(visitorSocket.wantsConnection()).toBe(true);
    expect(visitorSocket.emittedOf('joinVideoRoom')).toEqual([{ mediaKey: 'movie-04#1' }]);
    // The messaging socket (a signed-in user's) is left alone.
    expect(world.socket.wantsConnection()).toBe(false);
    visitorSocket.serverEmit('sendBarrage', live(900, { mode: 'top', color: '#FE0302', size: 'small' }));
    expect(shown().map((b) => [b.id, b.mode, b.color, b.size])).toEqual([[900, 'top', '#FE0302', 'small']]);
    // An old server's barrage without a style reads as a white, normal scrolling one.
    visitorSocket.serverEmit('sendBarrage', live(901));
    expect(shown()[1]).toMatchObject({ id: 901, mode: 'scroll', color: '#FFFFFF', size: 'normal' });
  });

  it('joins again after a reconnect, and closes the socket when the page leaves the episode', async () => {
    const { visitorSocket, barrages, shown } = visitorSetup();
    await barrages.start();
    visitorSocket.drop();
    visitorSocket.restore();
    expect(visitorSocket.emittedOf('joinVideoRoom')).toEqual([{ mediaKey: 'movie-04#1' }, { mediaKey: 'movie-04#1' }]);
    barrages.stop();
    expect(visitorSocket.wantsConnection()).toBe(false);
    visitorSocket.restore();
    visitorSocket.serverEmit('sendBarrage', live(902));
    expect(shown()).toEqual([]);
  });

  it('a signed-in viewer uses the messaging connection, not the visitor socket', async () => {
    const { container, visitorSocket } = visitorSetup();
    container.get(UserSession).signedIn(user());
    const barrages = container.get<BarrageSessionFactory>(BarrageSessionFactory)('movie-04', 2);
    await barrages.start();
    expect(visitorSocket.wantsConnection()).toBe(false);
    expect(visitorSocket.emittedOf('joinVideoRoom')).toEqual([]);
  });

  it('a visitor cannot send: the session answers login without calling the server', async () => {
    const { barrages, world } = visitorSetup();
    await barrages.start();
    expect(await barrages.send('你好', 1)).toEqual({ ok: false, reason: 'login' });
    expect(world.http.requests.some((request) => request.url.includes('AddBarrages'))).toBe(false);
  });
});
