import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { seedGold } from '../../server/gold/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { SEED_DOWNLOAD_REFUSED, seedPlayback } from '../../server/playback/seed.ts';
import { GoldCalls } from '../../src/core/gold/gold-protocol.ts';
import { PlaybackCalls, PlaybackRet, type AppDownloadLink } from '../../src/core/playback/playback-protocol.ts';
import { FakeClock, tokenParams } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/** AppDownload (spec §7: the download a video offers, where the operator allows it). */
const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedPlayback(db);
    await seedGold(db, clock);
  },
});

const appDownload = (mediaKey: string, episode: string | undefined, fields: Record<string, string> = {}) =>
  server.get<AppDownloadLink>(PlaybackCalls.appDownload.path, { mediaKey, ...(episode === undefined ? {} : { episode }), ...fields });

describe('GET /api/Video/AppDownload', () => {
  it('answers an MP4 video\'s signed file, named after the video, that the browser can fetch whole', async () => {
    const { body } = await appDownload('music-01', '1');
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.kind).toBe('mp4');
    const title = (await server.db.query<{ title: string }>("SELECT title FROM videos WHERE media_key = 'music-01'"))[0]?.title;
    expect(body.data.fileName).toBe(`${title}.mp4`);
    const file = await server.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/video\/mp4/);
    expect(file.rawPayload.length).toBeGreaterThan(1000);
    // The episode defaults to 1.
    expect((await appDownload('music-01', undefined)).body.ret).toBe(Ret.Ok);
  });

  it('answers a series episode as its HLS playlist (only the app downloads it), named with the episode', async () => {
    const { body } = await appDownload('drama-01', '3');
    expect(body).toMatchObject({ ret: Ret.Ok, data: { kind: 'hls' } });
    expect(body.data.url).toMatch(/^\/vod\/[^/]+\/clip-[abc]\/master\.m3u8$/);
    expect(body.data.fileName).toMatch(/-第3集\.m3u8$/);
  });

  it('refuses the seeded videos the operator does not allow, and a live channel, with 1034', async () => {
    expect(SEED_DOWNLOAD_REFUSED.length).toBeGreaterThan(0);
    for (const mediaKey of SEED_DOWNLOAD_REFUSED) {
      expect((await appDownload(mediaKey, '1')).body).toEqual({ ret: PlaybackRet.DownloadNotAllowed, msg: '该视频暂不支持下载', data: null });
      // Playing it is still allowed.
      expect((await server.get(PlaybackCalls.address.path, { mediaKey, episode: '1' })).body.ret).toBe(Ret.Ok);
    }
    expect(Ret.DownloadNotAllowed).toBe(PlaybackRet.DownloadNotAllowed);
    expect((await appDownload('tvlive-01', '1')).body).toMatchObject({ ret: PlaybackRet.DownloadNotAllowed, msg: '直播不支持下载' });
  });

  it('follows the operator\'s flag at once, both ways', async () => {
    await server.db.query("UPDATE videos SET download_allowed = false WHERE media_key = 'movie-01'");
    expect((await appDownload('movie-01', '1')).body.ret).toBe(PlaybackRet.DownloadNotAllowed);
    await server.db.query("UPDATE videos SET download_allowed = true WHERE media_key = 'movie-01'");
    expect((await appDownload('movie-01', '1')).body.ret).toBe(Ret.Ok);
  });

  it('a paid video: 1031 until the caller unlocks it, then the file', async () => {
    const user = await server.registerUser();
    await server.db.query('UPDATE users SET gold = 100 WHERE id = $1', [user.id]);
    expect((await appDownload('movie-02', '1')).body.ret).toBe(PlaybackRet.VideoLocked);
    expect((await appDownload('movie-02', '1', tokenParams(user.token))).body).toMatchObject({ ret: PlaybackRet.VideoLocked, msg: '该视频需要金币解锁' });
    expect((await server.get(GoldCalls.unlock.path, { ...tokenParams(user.token), mediaKey: 'movie-02' })).body.ret).toBe(Ret.Ok);
    expect((await appDownload('movie-02', '1', tokenParams(user.token))).body.ret).toBe(Ret.Ok);
    expect((await appDownload('movie-02', '1')).body.ret).toBe(PlaybackRet.VideoLocked);
  });

  it('checks its parameters: 1001 without a key, 1030 for an unknown one, 1002 for a bad or missing episode', async () => {
    expect((await server.get(PlaybackCalls.appDownload.path, {})).body.ret).toBe(Ret.MissingParam);
    expect((await appDownload('no-such-video', '1')).body.ret).toBe(Ret.VideoNotFound);
    expect((await appDownload('k'.repeat(65), '1')).body.ret).toBe(Ret.BadParam);
    expect((await appDownload('movie-01', '2')).body).toMatchObject({ ret: Ret.BadParam, msg: '该集不存在' });
    expect((await appDownload('movie-01', '0')).body.ret).toBe(Ret.BadParam);
    expect((await appDownload('movie-01', 'x')).body.ret).toBe(Ret.BadParam);
    expect((await appDownload('movie-01', '1\u0000')).body.ret).toBe(Ret.BadParam);
  });
});
