import { expect, it } from 'vitest';
import { installFakeCatalogueApi } from '../../adapters/http/fake-catalogue-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { CatalogueCalls } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { CataloguePage, ChannelList, ChannelVideoPage, FilterPageInfo, HomeDataInfo, PlayRecordInfo, RankList, SearchPage, SpacePageInfo } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import { COMMON_PARAMS, registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The catalogue's calls (src/core/catalogue/catalogue-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-catalogue-api.ts) and by the reference server (in process, on its test database, seeded): both
 * must answer alike, so the fake cannot drift from the server. The two hold different catalogues; the suite checks
 * what every catalogue answers.
 */
interface CatalogueWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new signed-in user. */
  signedIn(): Promise<Caller>;
  /** The caller played the video (AddPlayRecord, which playback sends), at `progress` seconds. */
  play(caller: Caller, mediaKey: string, progress: number): Promise<void>;
  /** The caller collected the video (AddToScjs, which video-social sends). */
  collect(caller: Caller, mediaKey: string): Promise<void>;
  /** A long-form category holding videos, a short-video one with sub-channels, an uploader with works, a title word. */
  long: string;
  short: string;
  uploader: number;
  word: string;
}

type Caller = Record<string, string>;

const nonIncreasing = (values: readonly number[]): boolean => values.every((value, i) => i === 0 || value <= (values[i - 1] ?? value));

/** A small catalogue for the fake: two channels, a few videos, one uploader. */
function fakeVideo(mediaKey: string, fields: Partial<WireVideo>): WireVideo {
  return {
    mediaKey,
    title: mediaKey,
    category: 'movie',
    subId: 0,
    cover: `/cover/${mediaKey}.jpg`,
    poster: `/poster/${mediaKey}.jpg`,
    duration: 60,
    playCount: 0,
    score: 7,
    year: 2023,
    area: '中国大陆',
    tags: [],
    description: '',
    updatedAt: 1_700_000_000_000,
    uploader: null,
    ...fields,
  };
}

protocolContract<CatalogueWorld>('catalogue protocol', {
  fake: ({ http, send }) => {
    const state = installFakeCatalogueApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    state.channels.push(
      { key: 'movie', name: '电影', kind: 'long', alias: 'movie', subChannels: [] },
      { key: 'games', name: '游戏', kind: 'short', alias: 'game', subChannels: [{ id: 1, name: '手游' }, { id: 2, name: '端游' }] },
    );
    const up = { uid: 7, nickName: '小鱼影视', avatar: '/a.jpg' };
    state.users.set(7, { uid: 7, nickName: '小鱼影视', avatar: '/a.jpg', vipLevel: 0, level: 6, sex: 0, introduce: '', bigV: true });
    state.videos.push(
      fakeVideo('movie-01', { title: '长河落日', playCount: 50, updatedAt: 1_700_000_300_000, year: 2023 }),
      fakeVideo('movie-02', { title: '星海迷航', playCount: 90, updatedAt: 1_700_000_100_000, year: 2024, area: '美国' }),
      fakeVideo('movie-03', { title: '落日余晖', playCount: 10, updatedAt: 1_700_000_200_000, year: 2024 }),
      fakeVideo('games-01', { title: '手游实况', category: 'games', subId: 1, playCount: 30, uploader: up, updatedAt: 1_700_000_500_000 }),
      fakeVideo('games-02', { title: '端游实况', category: 'games', subId: 2, playCount: 20, uploader: up, updatedAt: 1_700_000_400_000 }),
    );
    for (const [key, language] of [['movie-01', '国语'], ['movie-02', '英语'], ['movie-03', '国语'], ['games-01', '国语'], ['games-02', '国语']] as const) state.languages.set(key, language);
    let nextUid = 100;
    let now = 1_700_001_000_000;
    return {
      long: 'movie',
      short: 'games',
      uploader: 7,
      word: '落日',
      signedIn: async () => ({ login_uid: String(nextUid++) }),
      async play(caller, mediaKey, progress) {
        const uid = Number(caller['login_uid']);
        const plays = (state.plays.get(uid) ?? []).filter((p) => p.mediaKey !== mediaKey);
        state.plays.set(uid, [{ mediaKey, progress, episode: 1, playedAt: (now += 1000) }, ...plays]);
      },
      async collect(caller, mediaKey) {
        const uid = Number(caller['login_uid']);
        state.collections.set(uid, [mediaKey, ...(state.collections.get(uid) ?? [])]);
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: async ({ app, db, clock, send }) => {
      const uploader = (await db.query<{ id: number }>("SELECT id FROM users WHERE user_name = 'up_xiaoyu'"))[0]?.id ?? 0;
      // The calls the catalogue serves but other features send, spelled out as the spec names them.
      const other = async (url: string, caller: Caller, query: Record<string, string>): Promise<void> => {
        const answer = (await app.inject({ method: 'GET', url, query: { ...COMMON_PARAMS, ...caller, ...query } })).json() as Answer;
        expect(answer.ret).toBe(200);
      };
      return {
        long: 'movie',
        short: 'games',
        uploader,
        word: '落日',
        signedIn: async () => tokenParams((await registerUser(app)).token),
        async play(caller, mediaKey, progress) {
          clock.advance(1000);
          await other('/api/video/AddPlayRecord', caller, { mediaKey, progress: String(progress) });
        },
        collect: (caller, mediaKey) => other('/api/Video/AddToScjs', caller, { mediaKey }),
        send: (declared, input, caller) => send(declared, input, caller ?? {}),
      };
    },
  },
}, (world) => {
  it('GetChannels lists the channels; GetHomeData (推荐) for a visitor has the same channels, long-form blocks and no watching list', async () => {
    const channels = await world.send(CatalogueCalls.channels, {}, null);
    expect(channels.ret).toBe(200);
    const list = (channels.data as ChannelList).channels;
    expect(list.find((c) => c.key === world.long)?.kind).toBe('long');
    const short = list.find((c) => c.key === world.short);
    expect(short?.kind).toBe('short');
    expect(short?.subChannels.length).toBeGreaterThan(0);
    const home = await world.send(CatalogueCalls.home, {}, null);
    expect(home.ret).toBe(200);
    const data = home.data as HomeDataInfo;
    expect(data.channels).toEqual(list);
    expect(data.watchingList).toEqual([]);
    expect(data.blocks.length).toBeGreaterThan(0);
    for (const block of data.blocks) {
      expect(list.find((c) => c.key === block.category)?.kind).toBe('long');
      expect(block.list.length).toBeGreaterThan(0);
      expect(block.list.length).toBeLessThanOrEqual(6);
      expect(block.list.every((video) => video.category === block.category)).toBe(true);
      expect(nonIncreasing(block.list.map((video) => video.playCount))).toBe(true);
    }
  });

  it('GetHomeData of a category: 热播, 最新上线, 高分推荐 of it; an unknown category is 1002 分类不存在', async () => {
    const data = (await world.send(CatalogueCalls.home, { category: world.long }, null)).data as HomeDataInfo;
    expect(data.blocks.map((b) => [b.key, b.title])).toEqual([
      ['hot', '热播'],
      ['new', '最新上线'],
      ['score', '高分推荐'],
    ]);
    expect(data.blocks.every((b) => b.category === world.long && b.list.every((video) => video.category === world.long))).toBe(true);
    expect(await world.send(CatalogueCalls.home, { category: 'no-such-category' }, null)).toMatchObject({ ret: 1002, msg: '分类不存在' });
  });

  it('GetHomeData: a signed-in user watching a video finds it first in the watching list with the progress', async () => {
    const user = await world.signedIn();
    const video = ((await world.send(CatalogueCalls.home, { category: world.long }, user)).data as HomeDataInfo).blocks[0]?.list[0] as WireVideo;
    await world.play(user, video.mediaKey, 3);
    const data = (await world.send(CatalogueCalls.home, {}, user)).data as HomeDataInfo;
    expect(data.watchingList[0]).toMatchObject({ mediaKey: video.mediaKey, progress: 3 });
  });

  it('GetVideoList: a page of the channel, sorted, with the channel; subID narrows; category, sort and pageSize are checked', async () => {
    const answer = await world.send(CatalogueCalls.list, { category: world.long, sort: 'hot', page: 1, pageSize: 5 }, null);
    expect(answer.ret).toBe(200);
    const page = answer.data as ChannelVideoPage;
    expect({ page: page.page, pageSize: page.pageSize, key: page.category.key }).toEqual({ page: 1, pageSize: 5, key: world.long });
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((video) => video.category === world.long)).toBe(true);
    expect(nonIncreasing(page.list.map((video) => video.playCount))).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(page.list.length);
    const newest = (await world.send(CatalogueCalls.list, { category: world.long, page: 1, pageSize: 5 }, null)).data as ChannelVideoPage;
    expect(nonIncreasing(newest.list.map((video) => video.updatedAt))).toBe(true);
    const sub = (await world.send(CatalogueCalls.list, { category: world.short, subID: 1, page: 1, pageSize: 50 }, null)).data as ChannelVideoPage;
    expect(sub.list.length).toBeGreaterThan(0);
    expect(sub.list.every((video) => video.subId === 1)).toBe(true);
    expect(sub.category.subChannels.length).toBeGreaterThan(0);
    expect(await world.send(CatalogueCalls.list, { category: 'no-such-category', page: 1, pageSize: 5 }, null)).toMatchObject({ ret: 1002, msg: '分类不存在' });
    expect((await world.send(CatalogueCalls.list, { category: '', page: 1, pageSize: 5 }, null)).ret).toBe(1001);
    expect(await world.send(CatalogueCalls.list, { category: world.long, page: 1, pageSize: 51 }, null)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect(await world.send(CatalogueCalls.list, { category: world.long, sort: 'price', page: 1, pageSize: 5 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：sort' });
    expect(await world.send(CatalogueCalls.list, { category: world.long, subID: 1001, page: 1, pageSize: 5 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：subID' });
  });

  it('GetRank ranks from 1 by plays, of all or of one category; an unknown category is 1002', async () => {
    const all = (await world.send(CatalogueCalls.rank, {}, null)).data as RankList;
    expect(all.category).toBe('');
    expect(all.list.map((video) => video.rank)).toEqual(all.list.map((_, i) => i + 1));
    expect(nonIncreasing(all.list.map((video) => video.playCount))).toBe(true);
    const one = (await world.send(CatalogueCalls.rank, { category: world.long }, null)).data as RankList;
    expect(one.category).toBe(world.long);
    expect(one.list.every((video) => video.category === world.long)).toBe(true);
    expect(await world.send(CatalogueCalls.rank, { category: 'no-such-category' }, null)).toMatchObject({ ret: 1002, msg: '分类不存在' });
  });

  it('GetDiscovery: uploaders\' works, newest first; page 0 is 1002', async () => {
    const page = (await world.send(CatalogueCalls.discovery, { page: 1, pageSize: 10 }, null)).data as CataloguePage<WireVideo>;
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((video) => video.uploader !== null)).toBe(true);
    expect(nonIncreasing(page.list.map((video) => video.updatedAt))).toBe(true);
    expect(await world.send(CatalogueCalls.discovery, { page: 0, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：page' });
  });

  it('Search finds titles holding the keyword (trimmed); blank is 请输入搜索内容, more than 30 characters 搜索内容过长, none 1001', async () => {
    const answer = await world.send(CatalogueCalls.search, { keyword: ` ${world.word} `, page: 1, pageSize: 10 }, null);
    expect(answer.ret).toBe(200);
    const page = answer.data as SearchPage;
    expect(page.keyword).toBe(world.word);
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((video) => video.title.includes(world.word))).toBe(true);
    expect(await world.send(CatalogueCalls.search, { keyword: '   ', page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '请输入搜索内容' });
    expect(await world.send(CatalogueCalls.search, { keyword: '长'.repeat(31), page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '搜索内容过长' });
    expect((await world.send(CatalogueCalls.search, { keyword: '', page: 1, pageSize: 10 }, null)).ret).toBe(1001);
  });

  it('GetSpace: the uploader\'s profile and works; no such user is 1006, id 0 is 1002', async () => {
    const answer = await world.send(CatalogueCalls.space, { id: world.uploader, page: 1, pageSize: 10 }, null);
    expect(answer.ret).toBe(200);
    const space = answer.data as SpacePageInfo;
    expect(space.user.uid).toBe(world.uploader);
    expect(space.list.length).toBeGreaterThan(0);
    expect(space.list.every((video) => video.uploader?.uid === world.uploader)).toBe(true);
    expect(space.user.totalPlays).toBeGreaterThanOrEqual(space.list.reduce((sum, video) => sum + video.playCount, 0));
    expect((await world.send(CatalogueCalls.space, { id: 2_000_000_000, page: 1, pageSize: 10 }, null)).ret).toBe(1006);
    expect((await world.send(CatalogueCalls.space, { id: 0, page: 1, pageSize: 10 }, null)).ret).toBe(1002);
  });

  it('GetPlayRecords and GetCollections: the caller\'s own, newest first; a visitor is 201', async () => {
    const user = await world.signedIn();
    const other = await world.signedIn();
    const videos = ((await world.send(CatalogueCalls.list, { category: world.long, sort: 'hot', page: 1, pageSize: 2 }, null)).data as ChannelVideoPage).list;
    const [first, second] = videos as [WireVideo, WireVideo];
    await world.play(user, first.mediaKey, 5);
    await world.play(user, second.mediaKey, 7);
    await world.collect(user, first.mediaKey);
    const records = (await world.send(CatalogueCalls.playRecords, { page: 1, pageSize: 10 }, user)).data as CataloguePage<PlayRecordInfo>;
    expect(records.list.map((r) => [r.mediaKey, r.progress, r.episode])).toEqual([
      [second.mediaKey, 7, 1],
      [first.mediaKey, 5, 1],
    ]);
    expect(records.total).toBe(2);
    expect(typeof records.list[0]?.playedAt).toBe('number');
    const collected = (await world.send(CatalogueCalls.collections, { page: 1, pageSize: 10 }, user)).data as CataloguePage<WireVideo>;
    expect(collected.list.map((v) => v.mediaKey)).toEqual([first.mediaKey]);
    expect(((await world.send(CatalogueCalls.playRecords, { page: 1, pageSize: 10 }, other)).data as CataloguePage<PlayRecordInfo>).total).toBe(0);
    expect(((await world.send(CatalogueCalls.collections, { page: 1, pageSize: 10 }, other)).data as CataloguePage<WireVideo>).total).toBe(0);
    expect((await world.send(CatalogueCalls.playRecords, { page: 1, pageSize: 10 }, null)).ret).toBe(201);
    expect((await world.send(CatalogueCalls.collections, { page: 1, pageSize: 10 }, null)).ret).toBe(201);
  });

  it('/api/home/filter: the options, the filter applied and the matching page; unknown category, a bad year or sort are 1002', async () => {
    const all = (await world.send(CatalogueCalls.filter, { sort: 'hot', page: 1, pageSize: 10 }, null)).data as FilterPageInfo;
    expect(all.filter).toEqual({ category: '', area: '', year: 0, language: '', sort: 'hot' });
    expect(all.options.sorts).toEqual([
      { key: 'hot', name: '最热' },
      { key: 'new', name: '最新' },
      { key: 'score', name: '高分' },
    ]);
    expect(all.options.categories.some((c) => c.key === world.long && c.kind === 'long')).toBe(true);
    expect(nonIncreasing(all.options.years)).toBe(true);
    const year = all.options.years[0] as number;
    const narrowed = (await world.send(CatalogueCalls.filter, { category: world.long, year, sort: 'new', page: 1, pageSize: 10 }, null)).data as FilterPageInfo;
    expect(narrowed.filter).toEqual({ category: world.long, area: '', year, language: '', sort: 'new' });
    expect(narrowed.list.every((video) => video.category === world.long && video.year === year)).toBe(true);
    expect(await world.send(CatalogueCalls.filter, { category: 'no-such-category', page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '分类不存在' });
    expect(await world.send(CatalogueCalls.filter, { year: 1800, page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：year' });
    expect(await world.send(CatalogueCalls.filter, { sort: 'price', page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：sort' });
  });

  it('/api/home/filter by language: each language of the options narrows the category, together all of it; one the catalogue lacks matches nothing; more than 10 characters is 1002', async () => {
    const scoped = (await world.send(CatalogueCalls.filter, { category: world.long, page: 1, pageSize: 50 }, null)).data as FilterPageInfo;
    expect(scoped.options.languages.length).toBeGreaterThan(1);
    const keys = new Set(scoped.list.map((video) => video.mediaKey));
    let seen = 0;
    for (const language of scoped.options.languages) {
      const one = (await world.send(CatalogueCalls.filter, { category: world.long, language, page: 1, pageSize: 50 }, null)).data as FilterPageInfo;
      expect(one.filter).toEqual({ category: world.long, area: '', year: 0, language, sort: 'hot' });
      expect(one.total).toBeGreaterThan(0);
      expect(one.total).toBeLessThan(scoped.total);
      expect(one.list.every((video) => keys.has(video.mediaKey))).toBe(true);
      seen += one.total;
    }
    expect(seen).toBe(scoped.total);
    const none = (await world.send(CatalogueCalls.filter, { language: '世界语', page: 1, pageSize: 10 }, null)).data as FilterPageInfo;
    expect({ list: none.list, total: none.total, language: none.filter.language }).toEqual({ list: [], total: 0, language: '世界语' });
    expect(await world.send(CatalogueCalls.filter, { language: '语'.repeat(11), page: 1, pageSize: 10 }, null)).toMatchObject({ ret: 1002, msg: '参数格式错误：language' });
  });
});
