import { afterEach, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import type { WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import { BASIC_BARRAGE_COLORS, VIP_BARRAGE_COLORS } from '../../src/core/playback/barrage-style.ts';
import { openAuthenticated, openSocket, sleep } from './socket-support.ts';
import type { TestSocket } from './socket-support.ts';
import { FakeClock, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/**
 * Barrage styles (issue 24): AddBarrages' mode, color and size, checked, stored, listed and relayed; rows from before
 * the styles read as white, normal-sized scrolling barrages; a visitor's socket hears an episode's live barrages but
 * cannot send. PGlite, or PostgreSQL (and the Redis streams adapter) when DATABASE_URL (and REDIS_URL) are set.
 */
const clock = new FakeClock();
const sockets: TestSocket[] = [];

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
  sockets: 'barrage-styles',
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const MEDIA = 'movie-08';

const send = async (user: TestUser | null, fields: Record<string, string>) => {
  const { body } = await server.get<WireBarrage>('/api/Video/AddBarrages', { ...(user ? tokenParams(user.token) : {}), mediaKey: MEDIA, time: '2', content: '好看', ...fields });
  clock.advance(1500);
  return body;
};
const list = async (episode: string): Promise<WireBarrage[]> =>
  (await server.get<{ list: WireBarrage[] }>('/api/Video/GetBarrages', { mediaKey: MEDIA, episode })).body.data.list;

const DAY = 86_400_000;

async function makeVip(user: TestUser, days: number): Promise<void> {
  await server.db.query('UPDATE users SET vip_level = 1, vip_expire = $2 WHERE id = $1', [user.id, new Date(clock.now() + days * DAY)]);
}

describe('AddBarrages: mode, colour and size', () => {
  it('stores them (the colour uppercase) and answers them; GetBarrages lists them; left out they are scroll, #FFFFFF, normal', async () => {
    const user = await server.registerUser();
    const top = await send(user, { episode: '3', content: '顶部红字', mode: 'top', color: '#fe0302', size: 'small', time: '1' });
    expect(top).toMatchObject({ ret: Ret.Ok, data: { mode: 'top', color: '#FE0302', size: 'small', content: '顶部红字' } });
    const plain = await send(user, { episode: '3', content: '普通', time: '2' });
    expect(plain.data).toMatchObject({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
    const bottom = await send(user, { episode: '3', content: '底部', mode: 'bottom', color: '#00A2FF', time: '3' });
    expect(bottom.data).toMatchObject({ mode: 'bottom', color: '#00A2FF', size: 'normal' });
    expect((await list('3')).map((b) => [b.content, b.mode, b.color, b.size])).toEqual([
      ['顶部红字', 'top', '#FE0302', 'small'],
      ['普通', 'scroll', '#FFFFFF', 'normal'],
      ['底部', 'bottom', '#00A2FF', 'normal'],
    ]);
  });

  it('reads a row from before the styles (the columns at their defaults) as a white, normal scrolling barrage', async () => {
    const user = await server.registerUser();
    const video = (await server.db.query<{ id: number }>('SELECT id FROM videos WHERE media_key = $1', [MEDIA]))[0]!;
    await server.db.query('INSERT INTO barrages (video_id, episode, time_ms, content, user_id, created_at) VALUES ($1, 4, 500, $2, $3, $4)', [video.id, '旧弹幕', user.id, new Date(clock.now())]);
    expect((await list('4'))[0]).toMatchObject({ content: '旧弹幕', mode: 'scroll', color: '#FFFFFF', size: 'normal' });
  });

  it('refuses a mode or size off their lists and a malformed colour (1002 with a clear message), a colour on no palette (8058)', async () => {
    const user = await server.registerUser();
    expect(await send(user, { mode: 'sideways' })).toMatchObject({ ret: Ret.BadParam, msg: '弹幕模式不正确' });
    expect(await send(user, { size: 'large' })).toMatchObject({ ret: Ret.BadParam, msg: '弹幕字号不正确' });
    expect((await send(user, { color: 'red' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { color: '#FF00001' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { color: 'FF0000' })).ret).toBe(Ret.BadParam);
    expect(await send(user, { color: '#123456' })).toMatchObject({ ret: Ret.BarrageColorUnknown, msg: '不支持的弹幕颜色' });
    expect((await send(user, { mode: 'top\u0000' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { color: '#FFFFFF\u0000' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { size: '\u0000' })).ret).toBe(Ret.BadParam);
    expect((await list('1')).filter((b) => b.uid === user.id)).toEqual([]);
  });

  it('takes the basic palette from everyone; a VIP-only colour only from an active VIP (8059 with a clear message otherwise)', async () => {
    const plain = await server.registerUser();
    for (const color of BASIC_BARRAGE_COLORS.slice(0, 3)) expect((await send(plain, { color })).ret).toBe(Ret.Ok);
    const vipOnly = VIP_BARRAGE_COLORS[0];
    expect(await send(plain, { color: vipOnly })).toMatchObject({ ret: Ret.BarrageColorVipOnly, msg: '该颜色为VIP会员专属，开通VIP后即可使用' });
    const vip = await server.registerUser();
    await makeVip(vip, 1);
    expect(await send(vip, { color: vipOnly.toLowerCase(), episode: '5' })).toMatchObject({ ret: Ret.Ok, data: { color: vipOnly } });
    // A VIP whose time ran out is refused again.
    clock.advance(2 * DAY);
    expect((await send(vip, { color: vipOnly })).ret).toBe(Ret.BarrageColorVipOnly);
  });
});

describe('live barrages for visitors', () => {
  it('relays a barrage with its style to a visitor socket (never authenticated) in the episode room', async () => {
    const sender = await server.registerUser();
    const visitor = await openSocket(server.url);
    const member = await openAuthenticated(server.url, (await server.registerUser()).token);
    sockets.push(visitor, member);
    visitor.socket.emit('joinVideoRoom', { mediaKey: `${MEDIA}#6` });
    member.socket.emit('joinVideoRoom', { mediaKey: `${MEDIA}#6` });
    expect(await visitor.next('joinVideoRoom')).toEqual({ mediaKey: `${MEDIA}#6`, ok: true });
    await member.next('joinVideoRoom');
    const answer = await send(sender, { episode: '6', content: '访客也能看到', mode: 'top', color: '#FE0302' });
    expect(answer.ret).toBe(Ret.Ok);
    const relayed = await visitor.next('sendBarrage');
    expect(relayed).toEqual(answer.data);
    expect(relayed).toMatchObject({ mode: 'top', color: '#FE0302', size: 'normal' });
    expect(await member.next('sendBarrage')).toEqual(answer.data);
  });

  it('a visitor cannot send: AddBarrages answers 201, and a sendBarrage emitted on its socket reaches nobody', async () => {
    const visitor = await openSocket(server.url);
    const listener = await openSocket(server.url);
    sockets.push(visitor, listener);
    for (const socket of [visitor, listener]) {
      socket.socket.emit('joinVideoRoom', { mediaKey: `${MEDIA}#7` });
      await socket.next('joinVideoRoom');
    }
    expect((await send(null, { episode: '7', content: '我是访客' })).ret).toBe(Ret.SessionInvalid);
    visitor.socket.emit('sendBarrage', { mediaKey: MEDIA, episode: 7, content: '伪造', time: 1 });
    await sleep(200);
    expect(listener.named('sendBarrage')).toEqual([]);
    expect(visitor.named('sendBarrage')).toEqual([]);
    expect(await list('7')).toEqual([]);
  });

  it('a visitor socket that left the room hears no more', async () => {
    const sender = await server.registerUser();
    const visitor = await openSocket(server.url);
    sockets.push(visitor);
    visitor.socket.emit('joinVideoRoom', { mediaKey: `${MEDIA}#8` });
    await visitor.next('joinVideoRoom');
    visitor.socket.emit('joinVideoRoom', { mediaKey: `${MEDIA}#8`, leave: true });
    expect(await visitor.next('joinVideoRoom')).toEqual({ mediaKey: `${MEDIA}#8`, ok: true, left: true });
    expect((await send(sender, { episode: '8' })).ret).toBe(Ret.Ok);
    await sleep(200);
    expect(visitor.named('sendBarrage')).toEqual([]);
  });
});
