import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BARRAGE_CONFIG } from '../../src/core/playback/barrage-config.ts';
import type { WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import { BLOCKABLE_SENDER, SEED_BLOCK_KEYWORD, seedBarrageDemo } from '../../server/barrage/seed.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { openAuthenticated, sleep } from './socket-support.ts';
import type { TestSocket } from './socket-support.ts';
import { FakeClock, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const sockets: TestSocket[] = [];

// With REDIS_URL the relay goes through the Redis streams adapter, as it does between server processes.
const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedBarrageDemo(db, clock);
  },
  sockets: 'barrage',
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const barrages = async (user: TestUser | null, fields: Record<string, string>) => {
  const { body } = await call<{ list: WireBarrage[] }>(user, '/api/Video/GetBarrages', fields);
  expect(body.ret).toBe(Ret.Ok);
  return body.data.list;
};
/** Sends, then moves the clock past the one-per-second limit. */
const send = async (user: TestUser, fields: Record<string, string>) => {
  const result = await call<WireBarrage>(user, '/api/Video/AddBarrages', { mediaKey: 'movie-10', time: '3.5', ...fields });
  clock.advance(1500);
  return result.body;
};
const uidOf = async (userName: string): Promise<number> => {
  const rows = await server.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [userName]);
  return rows[0]!.id;
};

describe('GetBarrages', () => {
  it('answers the seeded barrages of episode 1 by time, spread over the 20 s clip, some with 剧透 and some from 老周', async () => {
    const list = await barrages(null, { mediaKey: 'movie-04' });
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.length).toBeLessThanOrEqual(80);
    for (let i = 1; i < list.length; i++) expect(list[i]!.time).toBeGreaterThanOrEqual(list[i - 1]!.time);
    expect(list[0]!.time).toBeLessThan(1);
    expect(list.at(-1)!.time).toBeGreaterThan(18);
    expect(list.at(-1)!.time).toBeLessThanOrEqual(20);
    expect(list.some((b) => b.content.includes(SEED_BLOCK_KEYWORD))).toBe(true);
    const laozhou = await uidOf(BLOCKABLE_SENDER);
    expect(list.some((b) => b.uid === laozhou && b.nickName === '老周玩游戏')).toBe(true);
    expect(list[0]).toMatchObject({ mediaKey: 'movie-04', episode: 1, liked: false });
    expect(await barrages(null, { mediaKey: 'movie-04', episode: '2' })).toEqual([]);
  });

  it('narrows to from–to seconds', async () => {
    const list = await barrages(null, { mediaKey: 'movie-06', from: '5', to: '10.5' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => b.time >= 5 && b.time <= 10.5)).toBe(true);
  });

  it('refuses bad parameters and unknown videos without a 500', async () => {
    expect((await call(null, '/api/Video/GetBarrages', {})).body.ret).toBe(Ret.MissingParam);
    expect((await call(null, '/api/Video/GetBarrages', { mediaKey: 'x'.repeat(65) })).body.ret).toBe(Ret.BadParam);
    expect((await call(null, '/api/Video/GetBarrages', { mediaKey: 'nope-99' })).body.ret).toBe(Ret.VideoNotFound);
    expect((await call(null, '/api/Video/GetBarrages', { mediaKey: 'movie-04', episode: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await call(null, '/api/Video/GetBarrages', { mediaKey: 'movie-04', from: '-1' })).body.ret).toBe(Ret.BadParam);
    expect((await call(null, '/api/Video/GetBarrages', { mediaKey: 'movie-04', from: '9', to: '3' })).body.ret).toBe(Ret.BadParam);
  });

  it('seeding again adds nothing', async () => {
    const before = (await barrages(null, { mediaKey: 'movie-04' })).length;
    await seedBarrageDemo(server.db, clock);
    expect((await barrages(null, { mediaKey: 'movie-04' })).length).toBe(before);
  });
});

describe('AddBarrages', () => {
  it('needs a login', async () => {
    expect((await call(null, '/api/Video/AddBarrages', { mediaKey: 'movie-10', content: '你好', time: '1' })).body.ret).toBe(Ret.SessionInvalid);
  });

  it('stores a trimmed barrage and answers it; GetBarrages then lists it', async () => {
    const user = await server.registerUser();
    const answer = await send(user, { content: '  第一条弹幕  ', time: '2.25', episode: '2', clientId: 'c-1' });
    expect(answer.ret).toBe(Ret.Ok);
    expect(answer.data).toMatchObject({ content: '第一条弹幕', time: 2.25, episode: 2, uid: user.id, mediaKey: 'movie-10', clientId: 'c-1', likeCount: 0 });
    const list = await barrages(null, { mediaKey: 'movie-10', episode: '2' });
    expect(list.map((b) => b.content)).toEqual(['第一条弹幕']);
  });

  it('checks the content and the time with their own codes', async () => {
    const user = await server.registerUser();
    expect((await send(user, { content: '   ' })).ret).toBe(Ret.BarrageContentEmpty);
    expect((await send(user, {})).ret).toBe(Ret.BarrageContentEmpty);
    expect((await send(user, { content: '字'.repeat(51) })).ret).toBe(Ret.BarrageContentTooLong);
    expect((await send(user, { content: '字'.repeat(50) })).ret).toBe(Ret.Ok);
    expect((await send(user, { content: '两行\n文字' })).ret).toBe(Ret.BarrageContentInvalid);
    expect((await send(user, { content: '好', time: '-1' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { content: '好', time: 'abc' })).ret).toBe(Ret.BadParam);
    expect((await send(user, { content: '好', time: '999999' })).ret).toBe(Ret.BarrageTimeOutOfRange);
    expect((await send(user, { content: '好', mediaKey: 'nope-01' })).ret).toBe(Ret.VideoNotFound);
    expect((await send(user, { content: '好', clientId: 'bad id!' })).ret).toBe(Ret.BadParam);
    const tooLong = await send(user, { content: '字'.repeat(51) });
    expect(tooLong.msg).toBe('弹幕最多50个字');
  });

  it('allows one barrage per second per user, with a clear message', async () => {
    const user = await server.registerUser();
    const other = await server.registerUser();
    const first = await call(user, '/api/Video/AddBarrages', { mediaKey: 'movie-10', content: '一', time: '1' });
    expect(first.body.ret).toBe(Ret.Ok);
    const second = await call(user, '/api/Video/AddBarrages', { mediaKey: 'movie-10', content: '二', time: '1' });
    expect(second.body).toMatchObject({ ret: Ret.BarrageTooFrequent, msg: '发送太频繁，请1秒后再试', data: null });
    // Someone else is not slowed down by it.
    expect((await call(other, '/api/Video/AddBarrages', { mediaKey: 'movie-10', content: '三', time: '1' })).body.ret).toBe(Ret.Ok);
    clock.advance(1000);
    expect((await call(user, '/api/Video/AddBarrages', { mediaKey: 'movie-10', content: '二', time: '1' })).body.ret).toBe(Ret.Ok);
    clock.advance(1000);
  });

  it('relays the stored barrage to sockets in the episode room, and not to other episodes', async () => {
    const sender = await server.registerUser();
    const viewer = await server.registerUser();
    const elsewhere = await server.registerUser();
    const viewerSocket = await openAuthenticated(server.url, viewer.token);
    const senderSocket = await openAuthenticated(server.url, sender.token);
    const otherSocket = await openAuthenticated(server.url, elsewhere.token);
    sockets.push(viewerSocket, senderSocket, otherSocket);
    viewerSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-06#1' });
    senderSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-06#1' });
    otherSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-06#2' });
    expect(await viewerSocket.next('joinVideoRoom')).toEqual({ mediaKey: 'movie-06#1', ok: true });
    await senderSocket.next('joinVideoRoom');
    await otherSocket.next('joinVideoRoom');

    const answer = await send(sender, { mediaKey: 'movie-06', content: '现场直播', time: '4', clientId: 'abc' });
    expect(answer.ret).toBe(Ret.Ok);
    const relayed = await viewerSocket.next('sendBarrage');
    expect(relayed).toEqual(answer.data);
    expect(await senderSocket.next('sendBarrage')).toMatchObject({ id: answer.data.id, clientId: 'abc' });
    await sleep(200);
    expect(otherSocket.named('sendBarrage')).toEqual([]);
  });

  it('stops relaying to a socket that left the room', async () => {
    const viewer = await server.registerUser();
    const sender = await server.registerUser();
    const viewerSocket = await openAuthenticated(server.url, viewer.token);
    sockets.push(viewerSocket);
    viewerSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-12#1' });
    await viewerSocket.next('joinVideoRoom');
    // Leaving another room than the joined one changes nothing.
    viewerSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-12#2', leave: true });
    expect(await viewerSocket.next('joinVideoRoom')).toEqual({ mediaKey: 'movie-12#2', ok: true, left: true });
    const first = await send(sender, { mediaKey: 'movie-12', content: '还在看', time: '1' });
    expect(await viewerSocket.next('sendBarrage')).toMatchObject({ id: first.data.id });
    viewerSocket.socket.emit('joinVideoRoom', { mediaKey: 'movie-12#1', leave: true });
    expect(await viewerSocket.next('joinVideoRoom')).toEqual({ mediaKey: 'movie-12#1', ok: true, left: true });
    expect((await send(sender, { mediaKey: 'movie-12', content: '走了吗', time: '2' })).ret).toBe(Ret.Ok);
    await sleep(200);
    expect(viewerSocket.named('sendBarrage')).toHaveLength(1);
  });

  it('accepts episode room keys only with a short numeric episode', async () => {
    const user = await server.registerUser();
    const socket = await openAuthenticated(server.url, user.token);
    sockets.push(socket);
    socket.socket.emit('joinVideoRoom', { mediaKey: `${'x'.repeat(64)}#12` });
    expect(await socket.next('joinVideoRoom')).toEqual({ mediaKey: `${'x'.repeat(64)}#12`, ok: true });
    socket.socket.emit('joinVideoRoom', { mediaKey: `${'x'.repeat(65)}#1` });
    socket.socket.emit('joinVideoRoom', { mediaKey: 'movie-01#12345' });
    socket.socket.emit('joinVideoRoom', { mediaKey: 'movie-01#0' });
    await sleep(200);
    expect(socket.named('joinVideoRoom')).toHaveLength(1);
  });
});

describe('likes, reports and the barrage coin', () => {
  it('toggles a like and answers liked and count; GetBarrages shows the caller’s like', async () => {
    const author = await server.registerUser();
    const fan = await server.registerUser();
    const sent = await send(author, { mediaKey: 'movie-11', content: '点我', time: '1' });
    const id = String(sent.data.id);
    const like = (user: TestUser) => call<{ liked: boolean; count: number }>(user, '/api/Video/BarrageLike', { barrageId: id });
    expect((await like(fan)).body).toMatchObject({ ret: Ret.Ok, data: { liked: true, count: 1 }, msg: '点赞成功' });
    expect((await barrages(fan, { mediaKey: 'movie-11' })).find((b) => b.id === sent.data.id)).toMatchObject({ liked: true, likeCount: 1 });
    expect((await barrages(author, { mediaKey: 'movie-11' })).find((b) => b.id === sent.data.id)).toMatchObject({ liked: false, likeCount: 1 });
    expect((await like(author)).body.data).toEqual({ liked: true, count: 2 });
    expect((await like(fan)).body).toMatchObject({ data: { liked: false, count: 1 }, msg: '已取消点赞' });
    expect((await like(fan)).body.data).toEqual({ liked: true, count: 2 });

    // The coin counts likes from others only.
    const coin = await call<{ coin: number; barrageCount: number }>(author, '/api/Video/GetBarrageCoin');
    expect(coin.body.data).toEqual({ coin: 1, barrageCount: 1 });
    expect((await call(null, '/api/Video/GetBarrageCoin')).body.ret).toBe(Ret.SessionInvalid);
    expect((await call(fan, '/api/Video/BarrageLike', { barrageId: '99999999' })).body.ret).toBe(Ret.BarrageNotFound);
    expect((await call(fan, '/api/Video/BarrageLike', {})).body.ret).toBe(Ret.MissingParam);
  });

  it('takes a report once per user and barrage, with a reason of the list, never one’s own', async () => {
    const author = await server.registerUser();
    const reporter = await server.registerUser();
    const sent = await send(author, { mediaKey: 'movie-11', content: '被举报', time: '2' });
    const id = String(sent.data.id);
    const report = (user: TestUser, reason = '垃圾广告') => call(user, '/api/Video/AccusationBarrage', { barrageId: id, reason });
    expect((await report(reporter, '随便')).body.ret).toBe(Ret.BadParam);
    expect((await report(reporter)).body).toMatchObject({ ret: Ret.Ok, msg: '已收到您的举报' });
    expect((await report(reporter, '其他')).body).toMatchObject({ ret: Ret.BarrageAlreadyReported, msg: '你已经举报过这条弹幕' });
    expect((await report(author)).body.ret).toBe(Ret.BarrageReportOwn);
    expect((await call(reporter, '/api/Video/AccusationBarrage', { barrageId: '99999999', reason: '其他' })).body.ret).toBe(Ret.BarrageNotFound);
  });
});

describe('shield lists', () => {
  it('blocks users (not oneself, only existing ones), lists them newest first and removes them', async () => {
    const me = await server.registerUser();
    const laozhou = await uidOf(BLOCKABLE_SENDER);
    const other = await server.registerUser({ nickName: '路人甲' });
    expect((await call(me, '/api/Video/ShieldUser', { uid: String(me.id) })).body.ret).toBe(Ret.ShieldSelf);
    expect((await call(me, '/api/Video/ShieldUser', { uid: '99999999' })).body.ret).toBe(Ret.UserNotFound);
    expect((await call(me, '/api/Video/ShieldUser', { uid: String(laozhou) })).body.ret).toBe(Ret.Ok);
    clock.advance(10);
    const added = await call<{ list: { uid: number; nickName: string }[] }>(me, '/api/Video/ShieldUser', { uid: String(other.id) });
    expect(added.body.data.list.map((u) => u.nickName)).toEqual(['路人甲', '老周玩游戏']);
    // Blocking again changes nothing.
    await call(me, '/api/Video/ShieldUser', { uid: String(laozhou) });
    const listed = await call<{ list: { uid: number }[] }>(me, '/api/Video/GetShieldUserList');
    expect(listed.body.data.list.map((u) => u.uid)).toEqual([other.id, laozhou]);
    const removed = await call<{ list: { uid: number }[] }>(me, '/api/Video/RemoveShieldUser', { uid: String(laozhou) });
    expect(removed.body.data.list.map((u) => u.uid)).toEqual([other.id]);
    // Lists are per user.
    const someoneElse = await server.registerUser();
    expect((await call<{ list: unknown[] }>(someoneElse, '/api/Video/GetShieldUserList')).body.data.list).toEqual([]);
    expect((await call(null, '/api/Video/GetShieldUserList')).body.ret).toBe(Ret.SessionInvalid);
  });

  it('blocks keywords trimmed and lower-cased, 1–20 characters, and removes them', async () => {
    const me = await server.registerUser();
    expect((await call(me, '/api/Video/ShieldKeyWord', { keyword: '   ' })).body.ret).toBe(Ret.ShieldKeywordInvalid);
    expect((await call(me, '/api/Video/ShieldKeyWord', { keyword: '字'.repeat(21) })).body.ret).toBe(Ret.ShieldKeywordInvalid);
    expect((await call(me, '/api/Video/ShieldKeyWord', { keyword: ' 剧透 ' })).body.ret).toBe(Ret.Ok);
    clock.advance(10);
    const added = await call<{ list: string[] }>(me, '/api/Video/ShieldKeyWord', { keyword: 'SPAM' });
    expect(added.body.data.list).toEqual(['spam', '剧透']);
    await call(me, '/api/Video/ShieldKeyWord', { keyword: 'spam' });
    expect((await call<{ list: string[] }>(me, '/api/Video/GetShieldKeyWordList')).body.data.list).toEqual(['spam', '剧透']);
    expect((await call<{ list: string[] }>(me, '/api/Video/RemoveShieldKeyWord', { keyword: 'Spam ' })).body.data.list).toEqual(['剧透']);
  });

  it('holds at most 100 entries per list', async () => {
    const me = await server.registerUser();
    for (let i = 0; i < 100; i++) {
      await server.db.query('INSERT INTO barrage_shield_keywords (user_id, keyword, created_at) VALUES ($1, $2, now())', [me.id, `词${i}`]);
    }
    expect((await call(me, '/api/Video/ShieldKeyWord', { keyword: '第一百零一' })).body).toMatchObject({ ret: Ret.ShieldListFull, msg: '屏蔽列表已满，最多100个' });
    // One already there is still fine.
    expect((await call(me, '/api/Video/ShieldKeyWord', { keyword: '词5' })).body.ret).toBe(Ret.Ok);
  });
});

describe('barrage settings', () => {
  it('answers the defaults, saves the fields given and refuses values out of range', async () => {
    const me = await server.registerUser();
    const defaults = DEFAULT_BARRAGE_CONFIG;
    expect((await call(null, '/api/user/getBarrageCofig')).body.data).toEqual(defaults);
    expect((await call(me, '/api/user/getBarrageCofig')).body.data).toEqual(defaults);
    const saved = await call(me, '/api/user/PutBarrageCofig', { opacity: '0.5', area: '0.25' });
    expect(saved.body).toMatchObject({ ret: Ret.Ok, data: { ...defaults, opacity: 0.5, area: 0.25 } });
    expect((await call(me, '/api/user/PutBarrageCofig', { speed: 'fast', size: 'large' })).body.data).toEqual({ ...defaults, opacity: 0.5, speed: 'fast', size: 'large', area: 0.25 });
    expect((await call(me, '/api/user/getBarrageCofig')).body.data).toEqual({ ...defaults, opacity: 0.5, speed: 'fast', size: 'large', area: 0.25 });
    const bads: Record<string, string>[] = [{ opacity: '0' }, { opacity: '1.5' }, { opacity: '0.55' }, { speed: 'warp' }, { size: 'huge' }, { area: '0.3' }, {}];
    for (const bad of bads) {
      expect((await call(me, '/api/user/PutBarrageCofig', bad)).body.ret).toBe(Ret.BarrageConfigInvalid);
    }
    expect((await call(null, '/api/user/PutBarrageCofig', { opacity: '0.5' })).body.ret).toBe(Ret.SessionInvalid);
  });
});
