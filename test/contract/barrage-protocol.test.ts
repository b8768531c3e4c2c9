import { expect, it } from 'vitest';
import { installFakeBarrageApi } from '../../adapters/http/fake-barrage-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { DEFAULT_BARRAGE_CONFIG } from '../../src/core/playback/barrage-config.ts';
import { BarrageCalls, BarrageRet } from '../../src/core/playback/barrage-protocol.ts';
import { RegexKeywordTexts } from '../../src/core/playback/playback-texts.ts';
import type { BarrageCoin, BarrageLikeState, BarrageList, ShieldedKeywordList, ShieldedUserList, WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Barrages' calls (src/core/playback/barrage-protocol.ts) as the app sends them, answered by the fake the app's tests
 * use (adapters/http/fake-barrage-api.ts) and by the reference server (in process, on its test database): both must
 * answer alike, so the fake cannot drift from the server.
 */

/** A signed-in user: their id and the token fields the app sends. */
interface Caller {
  uid: number;
  fields: Record<string, string>;
}

interface BarrageWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new user with their own lists and settings. */
  user(): Promise<Caller>;
  /** Moves the clock past the one-barrage-per-second limit. */
  later(): void;
  /** Makes the user an active VIP (the wider palette of barrage colours). */
  makeVip(caller: Caller): Promise<void>;
  /** A video with no barrages yet, and its duration in seconds. */
  video: { mediaKey: string; duration: number };
}

const VIDEO = 'movie-10';

/** The caller's token fields less those the call declares: the app's request sends the call's own (ShieldUser's uid) over them. */
function tokenFieldsFor<S extends Fields>(declared: Call<S, unknown>, caller: Caller | null): Record<string, string> {
  return Object.fromEntries(Object.entries(caller?.fields ?? {}).filter(([name]) => !(name in declared.params)));
}

protocolContract<BarrageWorld>('barrage protocol', {
  fake: ({ http, send, clock }) => {
    const users = new Map<number, string>();
    const api = installFakeBarrageApi(http, {
      videos: new Map([[VIDEO, 5400]]),
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      now: () => clock.now(),
      user: (uid) => users.get(uid) ?? null,
    });
    return {
      video: { mediaKey: VIDEO, duration: 5400 },
      async user() {
        // The fake keeps one viewer's lists and settings: each user starts afresh.
        const uid = users.size + 1;
        users.set(uid, `用户${uid}`);
        api.shieldUsers = [];
        api.shieldKeywords = [];
        api.config = { ...DEFAULT_BARRAGE_CONFIG };
        return { uid, fields: { login_uid: String(uid) } };
      },
      later: () => clock.advance(1500),
      async makeVip(caller) {
        api.vipUsers.add(caller.uid);
      },
      send: (declared, input, caller) => send(declared, input, tokenFieldsFor(declared, caller)),
    };
  },
  server: {
    seed: seedCatalogue,
    world: async ({ app, db, clock, send }) => {
      const rows = await db.query<{ duration_seconds: number }>('SELECT duration_seconds FROM videos WHERE media_key = $1', [VIDEO]);
      return {
        video: { mediaKey: VIDEO, duration: rows[0]?.duration_seconds ?? 0 },
        async user() {
          const user = await registerUser(app);
          return { uid: user.token.uid, fields: tokenParams(user.token) };
        },
        later: () => clock.advance(1500),
        async makeVip(caller) {
          await db.query('UPDATE users SET vip_level = 1, vip_expire = $2 WHERE id = $1', [caller.uid, new Date(clock.now() + 86_400_000)]);
        },
        send: (declared, input, caller) => send(declared, input, tokenFieldsFor(declared, caller)),
      };
    },
  },
}, (world) => {
  /** Sends a barrage at `time` seconds as `caller`, then lets a second pass. */
  const sent = async (caller: Caller, content: string, time: string): Promise<WireBarrage> => {
    const answer = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 1, content, time }, caller);
    world.later();
    expect(answer.ret).toBe(200);
    return answer.data as WireBarrage;
  };

  it('AddBarrages stores the barrage and answers it with the clientId; GetBarrages lists it by time, for visitors too', async () => {
    const user = await world.user();
    const answer = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 2, content: '  好看  ', time: '3.500', clientId: 'c-1' }, user);
    world.later();
    expect(answer).toMatchObject({ ret: 200, msg: '发送成功', data: { mediaKey: world.video.mediaKey, episode: 2, time: 3.5, content: '好看', uid: user.uid, likeCount: 0, liked: false, clientId: 'c-1' } });
    const earlier = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 2, content: '开头', time: '1' }, user);
    world.later();
    expect((earlier.data as WireBarrage).clientId).toBeUndefined();
    const list = (await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 2 }, null)).data as BarrageList;
    expect(list.list.map((b) => [b.time, b.content])).toEqual([
      [1, '开头'],
      [3.5, '好看'],
    ]);
    const window = (await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 2, from: '2', to: '4' }, null)).data as BarrageList;
    expect(window.list.map((b) => b.content)).toEqual(['好看']);
  });

  it('AddBarrages stores a mode, colour (uppercase) and size and GetBarrages lists them; refuses others alike (1002, 8058, 8059)', async () => {
    const user = await world.user();
    const styled = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 3, content: '顶部', time: '1', mode: 'top', color: '#fe0302', size: 'small' }, user);
    world.later();
    expect(styled).toMatchObject({ ret: 200, data: { mode: 'top', color: '#FE0302', size: 'small' } });
    const plain = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 3, content: '默认', time: '2' }, user);
    world.later();
    expect(plain.data).toMatchObject({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
    const list = (await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 3 }, null)).data as BarrageList;
    expect(list.list.map((b) => [b.content, b.mode, b.color, b.size])).toEqual([
      ['顶部', 'top', '#FE0302', 'small'],
      ['默认', 'scroll', '#FFFFFF', 'normal'],
    ]);
    const bad = async (fields: { mode?: string; color?: string; size?: string }) => {
      const answer = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 3, content: '坏', time: '3', ...fields }, user);
      world.later();
      return { ret: answer.ret, msg: answer.msg };
    };
    expect(await bad({ mode: 'left' })).toEqual({ ret: 1002, msg: '弹幕模式不正确' });
    expect(await bad({ size: 'large' })).toEqual({ ret: 1002, msg: '弹幕字号不正确' });
    expect((await bad({ color: 'red' })).ret).toBe(1002);
    expect(await bad({ color: '#123456' })).toEqual({ ret: BarrageRet.ColorUnknown, msg: '不支持的弹幕颜色' });
    expect(await bad({ color: '#E70012' })).toEqual({ ret: BarrageRet.ColorVipOnly, msg: '该颜色为VIP会员专属，开通VIP后即可使用' });
    const vip = await world.user();
    await world.makeVip(vip);
    const vipColor = await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 3, content: 'VIP', time: '4', color: '#E70012' }, vip);
    world.later();
    expect(vipColor).toMatchObject({ ret: 200, data: { color: '#E70012' } });
  });

  it('GetBarrages refuses an unknown video (1030), a malformed key or time (1002) and a window ending before it starts', async () => {
    expect((await world.send(BarrageCalls.list, { mediaKey: 'no-such-video', episode: 1 }, null)).ret).toBe(1030);
    expect((await world.send(BarrageCalls.list, { mediaKey: 'x'.repeat(65), episode: 1 }, null)).ret).toBe(1002);
    expect((await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 1, from: 'soon' }, null)).ret).toBe(1002);
    expect(await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 1, from: '5', to: '4' }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：to' });
    expect((await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 10_000 }, null)).ret).toBe(1002);
  });

  it('AddBarrages: a visitor 201; empty 8041, too long 8042, a line break 8043, beyond the video 8044, twice in a second 8045', async () => {
    const user = await world.user();
    const send = (content: string, time = '1') => world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 1, content, time }, user);
    expect((await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 1, content: '好', time: '1' }, null)).ret).toBe(201);
    expect(await send('   ')).toMatchObject({ ret: BarrageRet.ContentEmpty, msg: '请输入弹幕内容' });
    expect(await send('字'.repeat(51))).toMatchObject({ ret: BarrageRet.ContentTooLong, msg: '弹幕最多50个字' });
    expect((await send('第一行\n第二行')).ret).toBe(BarrageRet.ContentInvalid);
    expect((await send('好', String(world.video.duration + 1))).ret).toBe(BarrageRet.TimeOutOfRange);
    expect((await send('好', '1.2345')).ret).toBe(1002);
    expect((await world.send(BarrageCalls.send, { mediaKey: world.video.mediaKey, episode: 1, content: '好', time: '1', clientId: 'bad id' }, user)).ret).toBe(1002);
    expect((await send('好')).ret).toBe(200);
    expect(await send('又一条')).toMatchObject({ ret: BarrageRet.TooFrequent, msg: '发送太频繁，请1秒后再试' });
    world.later();
  });

  it('BarrageLike toggles the caller\'s like (liked in their GetBarrages); 8040 for no such barrage; a visitor 201', async () => {
    const author = await world.user();
    const fan = await world.user();
    const barrage = await sent(author, '点赞我', '7');
    expect(await world.send(BarrageCalls.like, { barrageId: barrage.id }, fan)).toMatchObject({ ret: 200, msg: '点赞成功', data: { liked: true, count: 1 } satisfies BarrageLikeState });
    const seen = (await world.send(BarrageCalls.list, { mediaKey: world.video.mediaKey, episode: 1, from: '7', to: '7' }, fan)).data as BarrageList;
    expect(seen.list.find((b) => b.id === barrage.id)).toMatchObject({ liked: true, likeCount: 1 });
    const coin = await world.send(BarrageCalls.coin, {}, author);
    expect(coin.data).toMatchObject({ coin: 1 } satisfies Partial<BarrageCoin>);
    expect((coin.data as BarrageCoin).barrageCount).toBeGreaterThanOrEqual(1);
    expect(await world.send(BarrageCalls.like, { barrageId: barrage.id }, fan)).toMatchObject({ ret: 200, msg: '已取消点赞', data: { liked: false, count: 0 } });
    expect((await world.send(BarrageCalls.like, { barrageId: 99_999_999 }, fan)).ret).toBe(BarrageRet.NotFound);
    expect((await world.send(BarrageCalls.like, { barrageId: barrage.id }, null)).ret).toBe(201);
    expect((await world.send(BarrageCalls.coin, {}, null)).ret).toBe(201);
  });

  it('AccusationBarrage: once per user, with a reason of the list, never one\'s own', async () => {
    const author = await world.user();
    const reporter = await world.user();
    const barrage = await sent(author, '举报我', '8');
    expect(await world.send(BarrageCalls.report, { barrageId: barrage.id, reason: '随便' }, reporter)).toMatchObject({ ret: 1002, msg: '请选择举报原因' });
    expect(await world.send(BarrageCalls.report, { barrageId: barrage.id, reason: '垃圾广告' }, reporter)).toEqual({ ret: 200, msg: '已收到您的举报', data: null });
    expect((await world.send(BarrageCalls.report, { barrageId: barrage.id, reason: '其他' }, reporter)).ret).toBe(BarrageRet.AlreadyReported);
    expect((await world.send(BarrageCalls.report, { barrageId: barrage.id, reason: '其他' }, author)).ret).toBe(BarrageRet.ReportOwn);
    expect((await world.send(BarrageCalls.report, { barrageId: 99_999_999, reason: '其他' }, reporter)).ret).toBe(BarrageRet.NotFound);
    expect((await world.send(BarrageCalls.report, { barrageId: barrage.id, reason: '其他' }, null)).ret).toBe(201);
  });

  it('ShieldUser, GetShieldUserList, RemoveShieldUser: the list after each; never oneself (8048); 1006 for no such user', async () => {
    const me = await world.user();
    const other = await world.user();
    const shielded = await world.send(BarrageCalls.shieldUser, { uid: other.uid }, me);
    expect(shielded).toMatchObject({ ret: 200, msg: '已屏蔽' });
    expect((shielded.data as ShieldedUserList).list.map((u) => u.uid)).toEqual([other.uid]);
    expect(typeof (shielded.data as ShieldedUserList).list[0]?.avatar).toBe('string');
    expect(((await world.send(BarrageCalls.shieldUser, { uid: other.uid }, me)).data as ShieldedUserList).list).toHaveLength(1);
    expect(((await world.send(BarrageCalls.shieldedUsers, {}, me)).data as ShieldedUserList).list.map((u) => u.uid)).toEqual([other.uid]);
    expect((await world.send(BarrageCalls.shieldUser, { uid: me.uid }, me)).ret).toBe(BarrageRet.ShieldSelf);
    expect((await world.send(BarrageCalls.shieldUser, { uid: 2_000_000_000 }, me)).ret).toBe(1006);
    expect(await world.send(BarrageCalls.removeShieldedUser, { uid: other.uid }, me)).toMatchObject({ ret: 200, msg: '已取消屏蔽', data: { list: [] } });
    expect((await world.send(BarrageCalls.shieldedUsers, {}, null)).ret).toBe(201);
  });

  it('ShieldKeyWord, GetShieldKeyWordList, RemoveShieldKeyWord: kept lower-cased, newest first; 8050 for an invalid keyword', async () => {
    const me = await world.user();
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: ' SPAM ' }, me)).toMatchObject({ ret: 200, msg: '已屏蔽', data: { list: ['spam'] } satisfies ShieldedKeywordList });
    world.later();
    await world.send(BarrageCalls.shieldKeyword, { keyword: '剧透' }, me);
    expect((await world.send(BarrageCalls.shieldedKeywords, {}, me)).data).toEqual({ list: ['剧透', 'spam'] });
    expect((await world.send(BarrageCalls.shieldKeyword, { keyword: '字'.repeat(21) }, me)).ret).toBe(BarrageRet.ShieldKeywordInvalid);
    expect((await world.send(BarrageCalls.shieldKeyword, {}, me)).ret).toBe(BarrageRet.ShieldKeywordInvalid);
    expect(await world.send(BarrageCalls.removeShieldedKeyword, { keyword: 'Spam' }, me)).toMatchObject({ ret: 200, msg: '已取消屏蔽', data: { list: ['剧透'] } });
    expect((await world.send(BarrageCalls.removeShieldedKeyword, { keyword: '' }, me)).ret).toBe(1001);
    expect((await world.send(BarrageCalls.shieldedKeywords, {}, null)).ret).toBe(201);
  });

  it('getBarrageCofig / PutBarrageCofig: the defaults for a visitor; saves what is given, answers all; 8051 for a bad value or none', async () => {
    expect((await world.send(BarrageCalls.config, {}, null)).data).toEqual(DEFAULT_BARRAGE_CONFIG);
    const me = await world.user();
    expect(await world.send(BarrageCalls.putConfig, { opacity: '0.5', size: 'large' }, me)).toMatchObject({
      ret: 200,
      msg: '弹幕设置已保存',
      data: { ...DEFAULT_BARRAGE_CONFIG, opacity: 0.5, size: 'large' },
    });
    expect((await world.send(BarrageCalls.config, {}, me)).data).toEqual({ ...DEFAULT_BARRAGE_CONFIG, opacity: 0.5, size: 'large' });
    expect((await world.send(BarrageCalls.putConfig, { speed: 'warp' }, me)).ret).toBe(BarrageRet.ConfigInvalid);
    expect((await world.send(BarrageCalls.putConfig, { opacity: '0.05' }, me)).ret).toBe(BarrageRet.ConfigInvalid);
    expect((await world.send(BarrageCalls.putConfig, {}, me)).ret).toBe(BarrageRet.ConfigInvalid);
    expect((await world.send(BarrageCalls.putConfig, { area: '0.5' }, null)).ret).toBe(201);
  });

  it('PutBarrageCofig keeps the filters: merge, density 0.1–1 and the type blocks, each checked (8051)', async () => {
    const me = await world.user();
    const saved = await world.send(BarrageCalls.putConfig, { merge: '0', density: '0.3', blockTop: '1', blockColor: 'true' }, me);
    const expected = { ...DEFAULT_BARRAGE_CONFIG, merge: false, density: 0.3, blockTop: true, blockColor: true };
    expect(saved).toMatchObject({ ret: 200, data: expected });
    expect((await world.send(BarrageCalls.config, {}, me)).data).toEqual(expected);
    expect(await world.send(BarrageCalls.putConfig, { blockTop: '0', blockScroll: '1' }, me)).toMatchObject({ data: { ...expected, blockTop: false, blockScroll: true } });
    for (const bad of [{ density: '0' }, { density: '1.5' }, { density: '0.35' }, { merge: 'yes' }, { blockBottom: '2' }]) {
      expect((await world.send(BarrageCalls.putConfig, bad, me)).ret).toBe(BarrageRet.ConfigInvalid);
    }
  });

  it('ShieldKeyWord takes a safe /regex/ as written; refuses an unsafe, malformed or long one with 8050 and the reason', async () => {
    const me = await world.user();
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: ' /^6+$/ ' }, me)).toMatchObject({ ret: 200, data: { list: ['/^6+$/'] } });
    world.later();
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: '/(a+)+$/' }, me)).toMatchObject({ ret: BarrageRet.ShieldKeywordInvalid, msg: RegexKeywordTexts.unsafe });
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: '/(a|ab)*c/' }, me)).toMatchObject({ ret: BarrageRet.ShieldKeywordInvalid, msg: RegexKeywordTexts.unsafe });
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: '/[a-/' }, me)).toMatchObject({ ret: BarrageRet.ShieldKeywordInvalid, msg: RegexKeywordTexts.invalid });
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: `/${'a'.repeat(60)}/` }, me)).toMatchObject({ ret: BarrageRet.ShieldKeywordInvalid, msg: RegexKeywordTexts.tooLong });
    expect(await world.send(BarrageCalls.shieldKeyword, { keyword: '/(x)\\1/' }, me)).toMatchObject({ ret: BarrageRet.ShieldKeywordInvalid, msg: RegexKeywordTexts.backReference });
    expect(await world.send(BarrageCalls.removeShieldedKeyword, { keyword: '/^6+$/' }, me)).toMatchObject({ ret: 200, data: { list: [] } });
  });
});
