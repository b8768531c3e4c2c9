import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UPLOADERS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { FakeClock, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

let user: TestUser;
const clock = new FakeClock();

interface Video {
  mediaKey: string;
  title: string;
  category: string;
  cover: string;
  duration: number;
  playCount: number;
  updatedAt: number;
  uploader: { uid: number; nickName: string } | null;
}
interface PageOf<T = Video> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedCatalogue(db, clock); // idempotent
  },
});

beforeAll(async () => {
  user = await server.registerUser();
});

describe('seed', () => {
  it('is idempotent and spreads videos over every channel', async () => {
    const rows = await server.db.query<{ category: string; n: number }>('SELECT category, count(*)::int AS n FROM videos GROUP BY category');
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThanOrEqual(40);
    expect(rows.length).toBe(15);
    expect(rows.find((r) => r.category === 'movie')?.n).toBeGreaterThan(20);
  });

  it('moves videos still on the old shared demo pictures to their own, with the real length; leaves others alone', async () => {
    await server.db.query(
      `UPDATE videos SET cover = '/media/demo/cover-3.jpg', poster = '/media/demo/poster-3.jpg', duration_seconds = 5521 WHERE media_key = 'movie-05'`,
    );
    await server.db.query(`UPDATE videos SET cover = '/media/uploads/covers/mine.jpg', duration_seconds = 99 WHERE media_key = 'movie-06'`);
    await seedCatalogue(server.db, clock);
    const rows = await server.db.query<{ media_key: string; cover: string; poster: string; duration_seconds: number }>(
      `SELECT media_key, cover, poster, duration_seconds FROM videos WHERE media_key IN ('movie-05', 'movie-06') ORDER BY media_key`,
    );
    expect(rows).toEqual([
      { media_key: 'movie-05', cover: '/media/demo/covers/movie-05.jpg', poster: '/media/demo/posters/movie-05.jpg', duration_seconds: 20 },
      { media_key: 'movie-06', cover: '/media/uploads/covers/mine.jpg', poster: '/media/demo/posters/movie-06.jpg', duration_seconds: 99 },
    ]);
    await server.db.query(`UPDATE videos SET cover = '/media/demo/covers/movie-06.jpg', duration_seconds = 20 WHERE media_key = 'movie-06'`);
  });
});

describe('GET /api/home/GetHomeData', () => {
  it('answers the channels and one block per long-form category for a visitor', async () => {
    const { body } = await server.get<{ channels: { key: string; name: string; alias: string; subChannels: unknown[] }[]; blocks: { title: string; list: Video[] }[]; watchingList: Video[] }>('/api/home/GetHomeData');
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.channels.map((c) => c.name)).toEqual(['电影', '电视剧', '综艺', '动漫', '体育', '纪录片', '音乐', '直播', '国风', '游戏', '资讯', '娱乐', '生活', '时尚', '科技']);
    expect(body.data.channels.find((c) => c.key === 'games')?.alias).toBe('game');
    expect(body.data.channels.find((c) => c.key === 'games')?.subChannels).toHaveLength(3);
    expect(body.data.blocks.map((b) => b.title)).toEqual(['电影', '电视剧', '综艺', '动漫', '体育', '纪录片', '音乐', '直播']);
    const movies = body.data.blocks[0]!.list;
    expect(movies).toHaveLength(6);
    expect(movies[0]!.playCount).toBeGreaterThanOrEqual(movies[1]!.playCount);
    expect(movies[0]!.cover).toBe(`/media/demo/covers/${movies[0]!.mediaKey}.jpg`);
    expect(body.data.watchingList).toEqual([]);
  });

  it('answers 热播 / 最新上线 / 高分推荐 for one channel and rejects an unknown one', async () => {
    const { body } = await server.get<{ blocks: { title: string; list: Video[] }[] }>('/api/home/GetHomeData', { category: 'drama' });
    expect(body.data.blocks.map((b) => b.title)).toEqual(['热播', '最新上线', '高分推荐']);
    expect(body.data.blocks.every((b) => b.list.every((v) => v.category === 'drama'))).toBe(true);
    const bad = await server.get('/api/home/GetHomeData', { category: 'nope' });
    expect(bad.body).toEqual({ ret: Ret.BadParam, msg: '分类不存在', data: null });
  });

  it("includes the logged-in user's watching list, newest play first", async () => {
    await server.get('/api/video/AddPlayRecord', { ...tokenParams(user.token), mediaKey: 'movie-03', progress: '120' });
    clock.advance(1000);
    await server.get('/api/video/AddPlayRecord', { ...tokenParams(user.token), mediaKey: 'drama-01' });
    const { body } = await server.get<{ watchingList: (Video & { progress: number })[] }>('/api/home/GetHomeData', tokenParams(user.token));
    expect(body.data.watchingList.map((v) => v.mediaKey)).toEqual(['drama-01', 'movie-03']);
    expect(body.data.watchingList[1]!.progress).toBe(120);
  });
});

describe('GET /api/list/GetVideoList', () => {
  it('pages a category until a short page', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await server.get<PageOf>('/api/list/GetVideoList', { category: 'movie', page: String(page), pageSize: '10' });
      expect(body.ret).toBe(Ret.Ok);
      seen.push(...body.data.list.map((v) => v.mediaKey));
      if (body.data.list.length < 10) break;
    }
    expect(seen.length).toBe(26);
    expect(new Set(seen).size).toBe(26);
  });

  it('sorts newest first by default and by play count on request', async () => {
    const latest = (await server.get<PageOf>('/api/list/GetVideoList', { category: 'movie' })).body.data.list;
    expect(latest.map((v) => v.updatedAt)).toEqual([...latest.map((v) => v.updatedAt)].sort((a, b) => b - a));
    const hot = (await server.get<PageOf>('/api/list/GetVideoList', { category: 'movie', sort: 'hot' })).body.data.list;
    expect(hot.map((v) => v.playCount)).toEqual([...hot.map((v) => v.playCount)].sort((a, b) => b - a));
  });

  it('narrows a short-video channel by subID', async () => {
    const { body } = await server.get<PageOf<Video & { subId: number }> & { category: { name: string; subChannels: { name: string }[] } }>('/api/list/GetVideoList', { category: 'games', subID: '3' });
    expect(body.data.category.name).toBe('游戏');
    expect(body.data.category.subChannels.map((s) => s.name)).toEqual(['手游', '端游', '电竞']);
    expect((await server.get<{ channels: unknown[] }>('/api/home/GetChannels')).body.data.channels).toHaveLength(15);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.every((v) => v.subId === 3)).toBe(true);
  });

  it('validates its parameters', async () => {
    expect((await server.get('/api/list/GetVideoList', {})).body.ret).toBe(Ret.MissingParam);
    expect((await server.get('/api/list/GetVideoList', { category: 'movie', pageSize: '51' })).body).toEqual({ ret: Ret.BadParam, msg: '每页数量为1-50', data: null });
    expect((await server.get('/api/list/GetVideoList', { category: 'movie', page: '0' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/list/GetVideoList', { category: 'movie', page: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/list/GetVideoList', { category: 'movie', sort: 'random' })).body.ret).toBe(Ret.BadParam);
  });
});

describe('rank, discovery and search', () => {
  it('ranks by play count, numbered, overall and per category', async () => {
    const all = (await server.get<{ list: (Video & { rank: number })[] }>('/api/list/GetRank')).body.data.list;
    expect(all.map((v) => v.rank).slice(0, 3)).toEqual([1, 2, 3]);
    expect(all.map((v) => v.playCount)).toEqual([...all.map((v) => v.playCount)].sort((a, b) => b - a));
    const anime = (await server.get<{ list: Video[] }>('/api/list/GetRank', { category: 'anime' })).body.data.list;
    expect(anime.every((v) => v.category === 'anime')).toBe(true);
  });

  it('discovery lists uploaders’ works, newest first', async () => {
    const { body } = await server.get<PageOf>('/api/list/GetDiscovery', { pageSize: '5' });
    expect(body.data.list).toHaveLength(5);
    expect(body.data.list.every((v) => v.uploader !== null)).toBe(true);
  });

  it('searches titles, escaping LIKE wildcards', async () => {
    const { body } = await server.get<PageOf & { keyword: string }>('/api/list/Search', { keyword: '长安' });
    expect(body.data.list.map((v) => v.title)).toContain('风起长安');
    expect((await server.get<PageOf>('/api/list/Search', { keyword: '%' })).body.data.list).toEqual([]);
    expect((await server.get<PageOf>('/api/list/Search', { keyword: '_' })).body.data.total).toBe(0);
    expect((await server.get('/api/list/Search', { keyword: '   ' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get('/api/list/Search', { keyword: '长'.repeat(31) })).body.msg).toBe('搜索内容过长');
  });
});

describe('GET /api/User/GetSpace', () => {
  it("answers an uploader's profile and videos", async () => {
    const id = (await server.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [DEMO_UPLOADERS[0].userName]))[0]!.id;
    const { body } = await server.get<PageOf & { user: { uid: number; nickName: string; level: number; bigV: boolean } }>('/api/User/GetSpace', { id: String(id) });
    expect(body.data.user).toMatchObject({ uid: id, nickName: '小鱼影视', level: 6, bigV: true });
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list.every((v) => v.uploader?.uid === id)).toBe(true);
  });

  it('refuses an unknown user', async () => {
    expect((await server.get('/api/User/GetSpace', { id: '999999' })).body.ret).toBe(Ret.UserNotFound);
    expect((await server.get('/api/User/GetSpace', { id: 'abc' })).body.ret).toBe(Ret.BadParam);
  });
});

describe('history and collections', () => {
  it('need a login', async () => {
    expect((await server.get('/api/video/AddPlayRecord', { mediaKey: 'movie-01' })).body.ret).toBe(Ret.SessionInvalid);
    expect((await server.get('/api/Video/AddToScjs', { mediaKey: 'movie-01' })).body.ret).toBe(Ret.SessionInvalid);
    expect((await server.get('/api/video/GetPlayRecords')).body.ret).toBe(Ret.SessionInvalid);
  });

  it('records plays and lists them', async () => {
    const fresh = await server.registerUser();
    await server.get('/api/video/AddPlayRecord', { ...tokenParams(fresh.token), mediaKey: 'anime-01' });
    const { body } = await server.get<PageOf>('/api/video/GetPlayRecords', tokenParams(fresh.token));
    expect(body.data.list.map((v) => v.mediaKey)).toEqual(['anime-01']);
    expect((await server.get('/api/video/AddPlayRecord', { ...tokenParams(fresh.token), mediaKey: 'nope' })).body).toEqual({ ret: Ret.VideoNotFound, msg: '视频不存在', data: null });
    expect((await server.get('/api/video/AddPlayRecord', { ...tokenParams(fresh.token), mediaKey: 'anime-01', progress: '-1' })).body.ret).toBe(Ret.BadParam);
  });

  it('AddPlayRecord is a GET with its params in the query; a POST is not served (issue 20)', async () => {
    const fresh = await server.registerUser();
    const query = new URLSearchParams({ ...tokenParams(fresh.token), mediaKey: 'anime-01', progress: '7' });
    const served = await server.app.inject({ method: 'GET', url: `/api/video/AddPlayRecord?${query}` });
    expect(served.json()).toMatchObject({ ret: Ret.Ok });
    const posted = await server.post('/api/video/AddPlayRecord', { ...tokenParams(fresh.token), mediaKey: 'anime-01' });
    expect(posted.body).toMatchObject({ ret: 404, msg: '接口不存在' });
  });

  it('AddToScjs toggles a collection', async () => {
    const fresh = await server.registerUser();
    const toggle = async () => (await server.get<{ collected: boolean }>('/api/Video/AddToScjs', { ...tokenParams(fresh.token), mediaKey: 'movie-02' })).body.data.collected;
    expect(await toggle()).toBe(true);
    expect((await server.get<PageOf>('/api/Video/GetCollections', tokenParams(fresh.token))).body.data.list.map((v) => v.mediaKey)).toEqual(['movie-02']);
    expect(await toggle()).toBe(false);
    expect((await server.get<PageOf>('/api/Video/GetCollections', tokenParams(fresh.token))).body.data.total).toBe(0);
  });
});
