import { expect, it } from 'vitest';
import { FAKE_PLAYBACK_VIDEOS, installFakePlaybackApi } from '../../adapters/http/fake-playback-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { seedGold } from '../../server/gold/seed.ts';
import { seedPlayback } from '../../server/playback/seed.ts';
import { GoldCalls } from '../../src/core/gold/gold-protocol.ts';
import { PlaybackCalls, PlaybackRet } from '../../src/core/playback/playback-protocol.ts';
import type { AppDownloadLink, EpisodeList, PlayInfo, RelatedVideos, WirePlaySource, WireVideoDetails, WireWatchingLists } from '../../src/core/playback/playback-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Playback's calls (src/core/playback/playback-protocol.ts) as the app sends them, answered by the fake the app's tests
 * use (adapters/http/fake-playback-api.ts) and by the reference server (in process, on its test database): both must
 * answer alike, so the fake cannot drift from the server.
 */

/** The token fields a signed-in app sends. */
type Caller = Record<string, string>;

interface PlaybackWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new signed-in user. */
  user(): Promise<Caller>;
  /** Unlocks the paid video for `caller`. */
  unlock(caller: Caller): Promise<void>;
  /** The operator turns downloading a video off. */
  refuseDownload(mediaKey: string): Promise<void>;
}

const FREE = 'movie-01';
const SERIES = 'drama-01';
const LIVE = 'tvlive-01';
const PAID = 'movie-02';

protocolContract<PlaybackWorld>('playback protocol', {
  fake: ({ http, send }) => {
    const api = installFakePlaybackApi(http, {
      videos: FAKE_PLAYBACK_VIDEOS,
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
    });
    // The fake keeps one viewer's progress: each user starts afresh.
    let nextUid = 1;
    return {
      async user() {
        api.lastPlayed.clear();
        api.unlocked.clear();
        return { login_uid: String(nextUid++) };
      },
      async unlock() {
        api.unlocked.add(PAID);
      },
      async refuseDownload(mediaKey) {
        const index = api.videos.findIndex((video) => video.mediaKey === mediaKey);
        api.videos.splice(index, 1, { ...api.videos[index]!, downloadable: false });
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: async (db, clock) => {
      await seedCatalogue(db, clock);
      await seedPlayback(db);
      await seedGold(db, clock);
    },
    world: ({ app, db, send }) => ({
      async user() {
        const user = await registerUser(app);
        await db.query('UPDATE users SET gold = 100 WHERE id = $1', [user.id]);
        return tokenParams(user.token);
      },
      async unlock(caller) {
        expect((await send(GoldCalls.unlock, { mediaKey: PAID }, caller)).ret).toBe(200);
      },
      async refuseDownload(mediaKey) {
        await db.query('UPDATE videos SET download_allowed = false WHERE media_key = $1', [mediaKey]);
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  /** Records where `caller` is in a video, as the app does. */
  const record = async (caller: Caller, mediaKey: string, episode: number, progress: number) => {
    expect(await world.send(PlaybackCalls.addPlayRecord, { mediaKey, episode, progress }, caller)).toMatchObject({ ret: 200, data: null });
  };

  it('VideoDetails: the video with its episodes, live, price and marks; 1030 for an unknown key, 1001 without one', async () => {
    const answer = await world.send(PlaybackCalls.details, { mediaKey: SERIES }, null);
    expect(answer.ret).toBe(200);
    const details = answer.data as WireVideoDetails;
    expect(details).toMatchObject({ mediaKey: SERIES, category: 'drama', live: false, goldPrice: 0, unlocked: true, introEnd: 3, outroStart: 17 });
    expect(details.episodeCount).toBeGreaterThan(1);
    expect(((await world.send(PlaybackCalls.details, { mediaKey: LIVE }, null)).data as WireVideoDetails).live).toBe(true);
    expect((await world.send(PlaybackCalls.details, { mediaKey: 'no-such-video' }, null)).ret).toBe(1030);
    expect((await world.send(PlaybackCalls.details, { mediaKey: '' }, null)).ret).toBe(1001);
    expect((await world.send(PlaybackCalls.details, { mediaKey: 'k'.repeat(65) }, null)).ret).toBe(1002);
  });

  it('VideoDetails: a paid video is locked for a visitor and for a user until they unlock it', async () => {
    expect((await world.send(PlaybackCalls.details, { mediaKey: PAID }, null)).data).toMatchObject({ goldPrice: 30, unlocked: false });
    const user = await world.user();
    expect((await world.send(PlaybackCalls.details, { mediaKey: PAID }, user)).data).toMatchObject({ unlocked: false });
    await world.unlock(user);
    expect((await world.send(PlaybackCalls.details, { mediaKey: PAID }, user)).data).toMatchObject({ unlocked: true });
  });

  it('getPlayInfo: episode 1 at 0 s for a visitor; where a user left off once recorded', async () => {
    expect(await world.send(PlaybackCalls.playInfo, { mediaKey: SERIES }, null)).toMatchObject({ ret: 200, data: { episode: 1, progress: 0 } satisfies PlayInfo });
    const user = await world.user();
    await record(user, SERIES, 2, 8);
    expect((await world.send(PlaybackCalls.playInfo, { mediaKey: SERIES }, user)).data).toEqual({ episode: 2, progress: 8 } satisfies PlayInfo);
    expect((await world.send(PlaybackCalls.playInfo, { mediaKey: SERIES }, null)).data).toEqual({ episode: 1, progress: 0 });
    expect((await world.send(PlaybackCalls.playInfo, { mediaKey: 'no-such-video' }, user)).ret).toBe(1030);
  });

  it('VideoChooseGather: 第N集 for a series, one episode named after a film', async () => {
    const series = (await world.send(PlaybackCalls.episodes, { mediaKey: SERIES }, null)).data as EpisodeList;
    expect(series.list[0]).toEqual({ episode: 1, title: '第1集', duration: 20 });
    expect(series.total).toBe(series.list.length);
    const film = (await world.send(PlaybackCalls.episodes, { mediaKey: FREE }, null)).data as EpisodeList;
    expect(film.list).toHaveLength(1);
    expect(film.list[0]?.title).not.toBe('第1集');
    expect((await world.send(PlaybackCalls.episodes, { mediaKey: 'no-such-video' }, null)).ret).toBe(1030);
  });

  it('GetPlayAddress: an HLS source, live for a channel; 1002 该集不存在 beyond the episodes; 1031 for a locked video', async () => {
    const answer = await world.send(PlaybackCalls.address, { mediaKey: SERIES, episode: 2 }, null);
    expect(answer.ret).toBe(200);
    expect(answer.data).toMatchObject({ kind: 'hls', live: false } satisfies Partial<WirePlaySource>);
    expect((answer.data as WirePlaySource).url).toMatch(/master\.m3u8$/);
    expect((await world.send(PlaybackCalls.address, { mediaKey: LIVE, episode: 1 }, null)).data).toMatchObject({ kind: 'hls', live: true });
    expect(await world.send(PlaybackCalls.address, { mediaKey: FREE, episode: 2 }, null)).toMatchObject({ ret: 1002, msg: '该集不存在' });
    expect(await world.send(PlaybackCalls.address, { mediaKey: FREE, episode: 0 }, null)).toMatchObject({ ret: 1002, msg: '该集不存在' });
    expect(await world.send(PlaybackCalls.address, { mediaKey: PAID, episode: 1 }, null)).toMatchObject({ ret: PlaybackRet.VideoLocked, msg: '该视频需要金币解锁' });
    const user = await world.user();
    await world.unlock(user);
    expect((await world.send(PlaybackCalls.address, { mediaKey: PAID, episode: 1 }, user)).ret).toBe(200);
  });

  it('AppDownload: the signed file an episode downloads as; 1034 where the operator does not allow it or for a live channel; 1031 locked; 1002 beyond the episodes', async () => {
    const mp4 = await world.send(PlaybackCalls.appDownload, { mediaKey: 'music-01', episode: 1 }, null);
    expect(mp4).toMatchObject({ ret: 200, data: { kind: 'mp4' } satisfies Partial<AppDownloadLink> });
    expect((mp4.data as AppDownloadLink).url).toMatch(/^\/vod\/[^/]+\/clip-d\.mp4$/);
    expect((mp4.data as AppDownloadLink).fileName).toMatch(/\.mp4$/);
    const episode = (await world.send(PlaybackCalls.appDownload, { mediaKey: SERIES, episode: 2 }, null)).data as AppDownloadLink;
    expect(episode).toMatchObject({ kind: 'hls' });
    expect(episode.url).toMatch(/master\.m3u8$/);
    expect(episode.fileName).toMatch(/-第2集\.m3u8$/);
    await world.refuseDownload('drama-02');
    expect(await world.send(PlaybackCalls.appDownload, { mediaKey: 'drama-02', episode: 1 }, null)).toEqual({ ret: PlaybackRet.DownloadNotAllowed, msg: '该视频暂不支持下载', data: null });
    expect(await world.send(PlaybackCalls.appDownload, { mediaKey: LIVE, episode: 1 }, null)).toMatchObject({ ret: PlaybackRet.DownloadNotAllowed, msg: '直播不支持下载' });
    expect(await world.send(PlaybackCalls.appDownload, { mediaKey: FREE, episode: 2 }, null)).toMatchObject({ ret: 1002, msg: '该集不存在' });
    expect((await world.send(PlaybackCalls.appDownload, { mediaKey: 'no-such-video', episode: 1 }, null)).ret).toBe(1030);
    expect((await world.send(PlaybackCalls.appDownload, { mediaKey: '', episode: 1 }, null)).ret).toBe(1001);
    const user = await world.user();
    expect(await world.send(PlaybackCalls.appDownload, { mediaKey: PAID, episode: 1 }, user)).toMatchObject({ ret: PlaybackRet.VideoLocked, msg: '该视频需要金币解锁' });
    await world.unlock(user);
    expect((await world.send(PlaybackCalls.appDownload, { mediaKey: PAID, episode: 1 }, user)).ret).toBe(200);
  });

  it('GetRelatedVideo: videos of the same category, without the video itself', async () => {
    const related = (await world.send(PlaybackCalls.related, { mediaKey: SERIES }, null)).data as RelatedVideos;
    expect(related.list.length).toBeGreaterThan(0);
    expect(related.list.every((video) => video.category === 'drama' && video.mediaKey !== SERIES)).toBe(true);
    expect((await world.send(PlaybackCalls.related, { mediaKey: 'no-such-video' }, null)).ret).toBe(1030);
  });

  it('AddPlayRecord: signed in only; the episode must be one the video has; progress from 0', async () => {
    expect((await world.send(PlaybackCalls.addPlayRecord, { mediaKey: SERIES, episode: 1, progress: 3 }, null)).ret).toBe(201);
    const user = await world.user();
    expect(await world.send(PlaybackCalls.addPlayRecord, { mediaKey: FREE, episode: 2, progress: 3 }, user)).toMatchObject({ ret: 1002, msg: '该集不存在' });
    expect((await world.send(PlaybackCalls.addPlayRecord, { mediaKey: FREE, episode: 1, progress: -1 }, user)).ret).toBe(1002);
    expect((await world.send(PlaybackCalls.addPlayRecord, { mediaKey: 'no-such-video', episode: 1, progress: 0 }, user)).ret).toBe(1030);
  });

  it('GetWatching: nothing of their own for a visitor; a user\'s recent plays with episode and progress', async () => {
    const visitor = (await world.send(PlaybackCalls.watching, {}, null)).data as WireWatchingLists;
    expect(visitor.mine).toEqual([]);
    expect(visitor.everyone.length).toBeGreaterThan(0);
    const user = await world.user();
    await record(user, SERIES, 3, 5);
    const mine = ((await world.send(PlaybackCalls.watching, {}, user)).data as WireWatchingLists).mine;
    expect(mine[0]).toMatchObject({ mediaKey: SERIES, episode: 3, progress: 5, episodeDuration: 20 });
  });
});
