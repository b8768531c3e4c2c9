import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { DEMO_MEDIA_DIR } from '../../server/playback/media-serving.ts';
import { seedPlayback } from '../../server/playback/seed.ts';
import { PLAY_URL_LIFETIME_SECONDS } from '../../server/playback/signed-urls.ts';
import { MPEG_TICKS_PER_SECOND, shiftTimestamps } from '../../server/playback/ts-timestamps.ts';
import type { WirePlaySource, WireVideoDetails } from '../../src/core/playback/playback-protocol.ts';
import { firstPts } from './ts-packets.ts';
import { FakeClock, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

let user: TestUser;
const clock = new FakeClock();

interface VideoItem {
  mediaKey: string;
  category: string;
  playCount: number;
}

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedPlayback(db);
    await seedPlayback(db); // idempotent
  },
});

beforeAll(async () => {
  user = await server.registerUser();
});

const call = <T = unknown>(path: string, fields: Record<string, string> = {}, who: TestUser | null = null) =>
  server.get<T>(path, { ...(who ? tokenParams(who.token) : {}), ...fields });
const details = async (mediaKey: string) => {
  const { body } = await call<WireVideoDetails>('/api/Video/VideoDetails', { mediaKey });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
const address = async (mediaKey: string, episode?: number) => {
  const { body } = await call<WirePlaySource>('/api/video/GetPlayAddress', { mediaKey, ...(episode ? { episode: String(episode) } : {}) });
  expect(body.ret).toBe(Ret.Ok);
  return body.data;
};
const fetchMedia = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
/** A GET over a real socket with the path exactly as given (inject and fetch would normalise `..`). */
async function rawGet(path: string): Promise<{ status: number; body: string }> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
/** Resolves a playlist line against the playlist's URL, as a player does. */
const resolveUrl = (base: string, relative: string) => {
  const resolved = new URL(relative, `http://x${base}`);
  return resolved.pathname + resolved.search;
};

describe('seed', () => {
  it('gives every video its media: series several episodes, the rest one', async () => {
    const rows = await server.db.query<{ category: string; clip: string; live: boolean; episode_count: number; intro_end: number }>(
      'SELECT v.category, m.clip, m.live, m.episode_count, m.intro_end FROM videos v JOIN video_media m ON m.video_id = v.id',
    );
    const videos = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM videos');
    expect(rows).toHaveLength(videos[0]!.n);
    for (const row of rows) {
      if (['drama', 'anime', 'variety'].includes(row.category)) {
        expect(row.episode_count).toBeGreaterThanOrEqual(6);
        expect(row.episode_count).toBeLessThanOrEqual(12);
        expect(row.intro_end).toBe(3);
      }
      if (row.category === 'movie') expect([row.episode_count, row.intro_end]).toEqual([1, 0]);
      if (row.category === 'music' || row.category === 'games') expect(row.clip).toBe('clip-d.mp4');
      if (row.category === 'tvlive') expect(row.live).toBe(true);
    }
    expect(new Set(rows.filter((r) => r.category === 'movie').map((r) => r.clip))).toEqual(new Set(['clip-a', 'clip-b', 'clip-c']));
  });
});

describe('GET /api/Video/VideoDetails', () => {
  it('answers the catalogue fields with episodes, price and intro/outro marks', async () => {
    const drama = await details('drama-01');
    expect(drama).toMatchObject({ mediaKey: 'drama-01', title: '繁花似锦', category: 'drama', live: false, goldPrice: 0, unlocked: true, introEnd: 3, outroStart: 17 });
    expect(drama.episodeCount).toBeGreaterThanOrEqual(6);
    // The catalogue lists the real length of what plays: every episode plays a 20 s clip.
    expect(drama.duration).toBe(20);
    expect(await details('movie-01')).toMatchObject({ episodeCount: 1, live: false, introEnd: 0, outroStart: 0 });
    expect(await details('tvlive-01')).toMatchObject({ episodeCount: 1, live: true });
  });

  it('refuses a missing, too long or unknown media key', async () => {
    expect((await call('/api/Video/VideoDetails')).body).toMatchObject({ ret: Ret.MissingParam, msg: '缺少参数：mediaKey' });
    expect((await call('/api/Video/VideoDetails', { mediaKey: 'x'.repeat(65) })).body.ret).toBe(Ret.BadParam);
    expect((await call('/api/Video/VideoDetails', { mediaKey: 'movie-999' })).body).toEqual({ ret: Ret.VideoNotFound, msg: '视频不存在', data: null });
  });
});

describe('GET /api/Video/VideoChooseGather', () => {
  it('lists 第N集 of a series, each a 20 s clip', async () => {
    const { episodeCount } = await details('drama-01');
    const { body } = await call<{ list: { episode: number; title: string; duration: number }[]; total: number }>('/api/Video/VideoChooseGather', { mediaKey: 'drama-01' });
    expect(body.data.total).toBe(episodeCount);
    expect(body.data.list.map((e) => e.title)).toEqual(Array.from({ length: episodeCount }, (_, i) => `第${i + 1}集`));
    expect(body.data.list.every((e) => e.duration === 20)).toBe(true);
  });

  it('gives films and live channels one episode named after the video', async () => {
    const film = await call<{ list: unknown[]; total: number }>('/api/Video/VideoChooseGather', { mediaKey: 'movie-01' });
    expect(film.body.data).toEqual({ list: [{ episode: 1, title: '长河落日', duration: 20 }], total: 1 });
    const live = await call<{ list: { duration: number }[]; total: number }>('/api/Video/VideoChooseGather', { mediaKey: 'tvlive-01' });
    expect(live.body.data).toEqual({ list: [{ episode: 1, title: 'CCTV-1 综合', duration: 0 }], total: 1 });
    expect((await call('/api/Video/VideoChooseGather', { mediaKey: 'nope' })).body.ret).toBe(Ret.VideoNotFound);
  });
});

describe('GET /api/video/GetPlayAddress', () => {
  it('answers a signed HLS address whose playlists and segments play', async () => {
    const first = await address('drama-01');
    expect(first).toMatchObject({ kind: 'hls', live: false });
    expect(first.url).toMatch(/^\/vod\/[0-9a-z]+-[A-Za-z0-9_-]{22}\/clip-[abc]\/master\.m3u8$/);
    const master = await fetchMedia(first.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/max-age=\d+/);
    const rendition = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const renditionUrl = resolveUrl(first.url, rendition);
    const media = await fetchMedia(renditionUrl);
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-ENDLIST');
    const segmentUrl = resolveUrl(renditionUrl, media.body.split('\n').find((line) => line.endsWith('.ts'))!);
    const segment = await fetchMedia(segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const clip = /\/(clip-[abc])\//.exec(first.url)![1]!;
    expect(segment.rawPayload.equals(await readFile(join(DEMO_MEDIA_DIR, clip, '360p', 'seg000.ts')))).toBe(true);
  });

  it('plays the next episode of a series from another clip', async () => {
    const one = await address('drama-01', 1);
    const two = await address('drama-01', 2);
    expect(/clip-[abc]/.exec(one.url)![0]).not.toBe(/clip-[abc]/.exec(two.url)![0]);
  });

  it('answers the MP4 for short videos and music, and a live playlist for live channels', async () => {
    expect(await address('music-01')).toMatchObject({ kind: 'mp4', live: false, url: expect.stringMatching(/^\/vod\/[^/]+\/clip-d\.mp4$/) });
    expect(await address('games-01')).toMatchObject({ kind: 'mp4' });
    expect(await address('tvlive-01')).toMatchObject({ kind: 'hls', live: true, url: expect.stringMatching(/^\/live\/[^/]+\/tvlive-01\/index\.m3u8$/) });
  });

  it('validates its params: 1001 without mediaKey, 1002 for a bad episode, 1030 for an unknown video', async () => {
    expect((await call('/api/video/GetPlayAddress')).body.ret).toBe(Ret.MissingParam);
    const { episodeCount } = await details('drama-01');
    for (const episode of ['0', '-1', String(episodeCount + 1), 'abc', '1.5']) {
      expect((await call('/api/video/GetPlayAddress', { mediaKey: 'drama-01', episode })).body.ret).toBe(Ret.BadParam);
    }
    expect((await call('/api/video/GetPlayAddress', { mediaKey: 'movie-01', episode: '2' })).body).toEqual({ ret: Ret.BadParam, msg: '该集不存在', data: null });
    expect((await call('/api/video/GetPlayAddress', { mediaKey: 'movie-999' })).body.ret).toBe(Ret.VideoNotFound);
  });
});

describe('signed media paths', () => {
  it('refuse a forged, foreign or expired token with 403 {ret,msg}', async () => {
    const { url } = await address('movie-01');
    const [, , token, clip] = url.split('/');
    const forged = await fetchMedia(`/vod/${token!.slice(0, -2)}xx/${clip}/master.m3u8`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ ret: Ret.PlayUrlInvalid, msg: '播放地址无效或已过期', data: null });
    expect((await fetchMedia(`/vod/not-a-token/${clip}/master.m3u8`)).statusCode).toBe(403);
    const other = ['clip-a', 'clip-b', 'clip-c'].find((c) => c !== clip)!;
    expect((await fetchMedia(`/vod/${token}/${other}/master.m3u8`)).statusCode).toBe(403);
    expect((await fetchMedia(`/vod/${token}/clip-d.mp4`)).statusCode).toBe(403);

    const fresh = await address('movie-01');
    clock.advance(PLAY_URL_LIFETIME_SECONDS * 1000 - 1000);
    expect((await fetchMedia(fresh.url)).statusCode).toBe(200);
    clock.advance(2000);
    const expired = await fetchMedia(fresh.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ ret: Ret.PlayUrlInvalid });
  });

  it('never lets a path leave the clip folder', async () => {
    const { url } = await address('movie-01');
    const base = url.slice(0, url.lastIndexOf('/'));
    for (const path of ['/../../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/360p/..%2f..%2f..%2fpackage.json', '/.hidden.ts', '/360p/seg000.ts%00.m3u8', '/360p\\seg000.ts']) {
      const response = await rawGet(`${base}${path}`);
      expect([403, 404], path).toContain(response.status);
      expect(JSON.parse(response.body), path).toMatchObject({ ret: expect.any(Number), msg: expect.any(String) });
    }
    const missing = await fetchMedia(`${base}/360p/seg999.ts`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ret: Ret.NotFound, msg: '视频文件不存在', data: null });
  });

  it('serve the MP4 with byte ranges (206) and refuse unsatisfiable ones (416)', async () => {
    const { url } = await address('music-01');
    const file = await readFile(join(DEMO_MEDIA_DIR, 'clip-d.mp4'));
    const whole = await fetchMedia(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(file)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, file.length - 1],
      ['bytes=-500', file.length - 500, file.length - 1],
      [`bytes=${file.length - 10}-${file.length + 1000}`, file.length - 10, file.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await fetchMedia(url, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(Number(part.headers['content-length'])).toBe(end - start + 1);
      expect(part.rawPayload.equals(file.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${file.length}-`, 'bytes=500-100', 'bytes=abc', 'bytes=-0']) {
      const refused = await fetchMedia(url, { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe(`bytes */${file.length}`);
      expect(refused.json()).toEqual({ ret: Ret.MediaRangeInvalid, msg: '请求的范围无效', data: null });
    }
  });
});

describe('live channels', () => {
  const playlistAt = async (url: string) => {
    const response = await fetchMedia(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.body).not.toContain('#EXT-X-ENDLIST');
    expect(response.body).not.toContain('#EXT-X-DISCONTINUITY');
    const lines = response.body.trim().split('\n');
    const tag = (name: string) => Number(lines.find((line) => line.startsWith(`${name}:`))!.split(':')[1]);
    return { sequence: tag('#EXT-X-MEDIA-SEQUENCE'), items: lines.filter((line) => !line.startsWith('#')) };
  };

  it('rolls a window of 2 s segments with the clock; each loop of the clip is named, so its timestamps keep rising', async () => {
    // Move to the moment the 20 s loop starts again (the channel loops clip-a's ten segments).
    clock.advance(20_000 - (clock.now() % 20_000));
    const { url } = await address('tvlive-01');
    const start = Math.floor(clock.now() / 2000);
    const loop = Math.floor(start / 10);
    const wrapped = await playlistAt(url);
    expect(wrapped.sequence).toBe(start - 4);
    const before = loop - 1;
    expect(wrapped.items).toEqual([6, 7, 8, 9].map((n) => `360p/seg00${n}.ts?loop=${before}`).concat(`360p/seg000.ts?loop=${loop}`));

    clock.advance(1999);
    expect((await playlistAt(url)).sequence).toBe(start - 4);
    clock.advance(1);
    const next = await playlistAt(url);
    expect(next.sequence).toBe(start - 3);
    expect(next.items).toEqual([7, 8, 9].map((n) => `360p/seg00${n}.ts?loop=${before}`).concat([0, 1].map((n) => `360p/seg00${n}.ts?loop=${loop}`)));

    clock.advance(4 * 2000);
    const after = await playlistAt(url);
    expect(after.sequence).toBe(start + 1);
    expect(after.items).toEqual([1, 2, 3, 4, 5].map((n) => `360p/seg00${n}.ts?loop=${loop}`));

    // The segment is the clip's file with every timestamp one loop (20 s) per loop later.
    const segment = await fetchMedia(resolveUrl(url, after.items[0]!));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const file = await readFile(join(DEMO_MEDIA_DIR, 'clip-a', '360p', 'seg001.ts'));
    expect(segment.rawPayload.equals(shiftTimestamps(file, loop * 20 * MPEG_TICKS_PER_SECOND))).toBe(true);
    expect(firstPts(segment.rawPayload)).toBe((firstPts(file) + loop * 20 * MPEG_TICKS_PER_SECOND) % 2 ** 33);
    // The loop before is still served (the window spans it); older or future loops are not.
    expect((await fetchMedia(resolveUrl(url, `360p/seg009.ts?loop=${before}`))).statusCode).toBe(200);
    for (const bad of [`loop=${loop - 2}`, `loop=${loop + 1}`, 'loop=x', '']) {
      expect((await fetchMedia(resolveUrl(url, `360p/seg001.ts?${bad}`))).statusCode, bad).toBe(404);
    }
  });

  it('needs the channel token', async () => {
    const { url } = await address('tvlive-01');
    const [, , token] = url.split('/');
    expect((await fetchMedia(`/live/${token}/tvlive-02/index.m3u8`)).statusCode).toBe(403);
    expect((await rawGet(`/live/${token}/tvlive-01/../../package.json`)).status).toBe(404);
    expect((await rawGet(`/live/${token}/tvlive-01/360p/../../../../package.json`)).status).toBe(404);
    expect((await fetchMedia(`/live/${token}/tvlive-01/360p/seg000.m3u8`)).statusCode).toBe(404);
  });
});

describe('play records: getPlayInfo, AddPlayRecord with episodes, GetWatching', () => {
  it('starts visitors and new viewers at episode 1, 0 s', async () => {
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'drama-02' })).body.data).toEqual({ episode: 1, progress: 0 });
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'drama-02' }, user)).body.data).toEqual({ episode: 1, progress: 0 });
  });

  it('resumes at the last episode and progress recorded', async () => {
    const record = (fields: Record<string, string>) => server.get('/api/video/AddPlayRecord', { ...tokenParams(user.token), ...fields });
    expect((await record({ mediaKey: 'drama-02', episode: '3', progress: '12' })).body.ret).toBe(Ret.Ok);
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'drama-02' }, user)).body.data).toEqual({ episode: 3, progress: 12 });
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'drama-02' })).body.data).toEqual({ episode: 1, progress: 0 });

    const { episodeCount } = await details('drama-02');
    for (const episode of ['0', String(episodeCount + 1), 'x']) {
      expect((await record({ mediaKey: 'drama-02', episode, progress: '5' })).body.ret).toBe(Ret.BadParam);
    }
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'drama-02' }, user)).body.data).toEqual({ episode: 3, progress: 12 });
    // Without an episode the record is of episode 1 (films, older clients).
    clock.advance(1000);
    expect((await record({ mediaKey: 'movie-03', progress: '7' })).body.ret).toBe(Ret.Ok);
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'movie-03' }, user)).body.data).toEqual({ episode: 1, progress: 7 });
    expect((await record({ mediaKey: 'movie-03', episode: '2' })).body.ret).toBe(Ret.BadParam);
    const history = await call<{ list: { mediaKey: string; episode: number; progress: number }[] }>('/api/video/GetPlayRecords', {}, user);
    expect(history.body.data.list.map((v) => [v.mediaKey, v.episode, v.progress])).toEqual([['movie-03', 1, 7], ['drama-02', 3, 12]]);
  });

  it('resumes a progress longer than the 20 s clip at its end', async () => {
    const other = await server.registerUser();
    await server.get('/api/video/AddPlayRecord', { ...tokenParams(other.token), mediaKey: 'anime-02', episode: '2', progress: '600' });
    expect((await call('/api/Video/getPlayInfo', { mediaKey: 'anime-02' }, other)).body.data).toEqual({ episode: 2, progress: 20 });
  });

  it('counts a play once per viewing: progress records within 30 minutes do not raise the play count', async () => {
    const viewer = await server.registerUser();
    const plays = async () => (await details('movie-09')).playCount;
    const record = (progress: string) => server.get('/api/video/AddPlayRecord', { ...tokenParams(viewer.token), mediaKey: 'movie-09', progress });
    const before = await plays();
    await record('0');
    expect(await plays()).toBe(before + 1);
    clock.advance(15_000);
    await record('15');
    clock.advance(29 * 60 * 1000);
    await record('18');
    expect(await plays()).toBe(before + 1);
    clock.advance(30 * 60 * 1000 + 1);
    await record('0');
    expect(await plays()).toBe(before + 2);
  });

  it('GetWatching answers my plays newest first and everyone\'s most played', async () => {
    const mine = await call<{ mine: (VideoItem & { episode: number; progress: number; episodeDuration: number })[]; everyone: VideoItem[] }>(
      '/api/video/GetWatching',
      {},
      user,
    );
    expect(mine.body.data.mine.map((v) => [v.mediaKey, v.episode, v.progress, v.episodeDuration])).toEqual([['movie-03', 1, 7, 20], ['drama-02', 3, 12, 20]]);
    const counts = mine.body.data.everyone.map((v) => v.playCount);
    expect(counts.length).toBeGreaterThan(5);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const visitor = await call<{ mine: unknown[]; everyone: VideoItem[] }>('/api/video/GetWatching');
    expect(visitor.body.data.mine).toEqual([]);
    expect(visitor.body.data.everyone).toEqual(mine.body.data.everyone);
  });
});

describe('GET /api/list/GetRelatedVideo', () => {
  it('answers the same category, most played first, without the video itself', async () => {
    const { body } = await call<{ list: VideoItem[] }>('/api/list/GetRelatedVideo', { mediaKey: 'movie-01' });
    expect(body.data.list.length).toBeGreaterThan(3);
    expect(body.data.list.every((v) => v.category === 'movie' && v.mediaKey !== 'movie-01')).toBe(true);
    const counts = body.data.list.map((v) => v.playCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await call('/api/list/GetRelatedVideo', { mediaKey: 'movie-999' })).body.ret).toBe(Ret.VideoNotFound);
    expect((await call('/api/list/GetRelatedVideo')).body.ret).toBe(Ret.MissingParam);
  });
});
