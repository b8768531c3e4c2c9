import { EPISODE_NOT_FOUND, PlaybackCalls, PlaybackRet } from '../../src/core/playback/playback-protocol.ts';
import type { AppDownloadLink, EpisodeList, PlayInfo, RelatedVideos, WirePlaySource, WireVideoDetails, WireWatchingLists } from '../../src/core/playback/playback-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import { fail, fakeApi, ok, recordCalls, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** A video as the imitation knows it. */
export interface FakePlaybackVideo {
  mediaKey: string;
  title: string;
  category: string;
  episodes: number;
  live?: boolean;
  goldPrice?: number;
  introEnd?: number;
  outroStart?: number;
  kind?: 'hls' | 'mp4';
  /** False where the operator does not allow downloading it (AppDownload answers 1034). */
  downloadable?: boolean;
}

export const FAKE_PLAYBACK_VIDEOS: FakePlaybackVideo[] = [
  { mediaKey: 'movie-01', title: '长河落日', category: 'movie', episodes: 1 },
  { mediaKey: 'drama-01', title: '繁花似锦', category: 'drama', episodes: 6, introEnd: 3, outroStart: 17 },
  { mediaKey: 'music-01', title: '夜曲', category: 'music', episodes: 1, kind: 'mp4' },
  { mediaKey: 'tvlive-01', title: '新闻频道', category: 'tvlive', episodes: 1, live: true },
  { mediaKey: 'movie-02', title: '星海迷航', category: 'movie', episodes: 1, goldPrice: 30 },
  { mediaKey: 'drama-02', title: '山河故人', category: 'drama', episodes: 8, introEnd: 3, outroStart: 17 },
];

/** Every episode plays a clip of this many seconds (as the reference server's demo media). */
const CLIP_SECONDS = 20;

/** The imitation's state, for tests to arrange and read. */
export interface FakePlaybackApi {
  calls: FakeHttpCall[];
  videos: FakePlaybackVideo[];
  /** AddPlayRecord records, in order. */
  records: { mediaKey: string; episode: number; progress: number }[];
  /** Where the viewer left each video (what getPlayInfo answers a signed-in caller). */
  lastPlayed: Map<string, { episode: number; progress: number }>;
  /** Keys unlocked (a paid video answers 1031 until then). */
  unlocked: Set<string>;
  /** The next calls of these paths fail with this answer. */
  fail: Map<string, { ret: number; msg: string }>;
}

export interface FakePlaybackApiOptions {
  videos?: FakePlaybackVideo[];
  /** Who is calling: a user id, or null for a visitor; the login_uid the app sends by default. */
  caller?: (call: FakeHttpCall) => number | null;
}

function view(video: FakePlaybackVideo): WireVideo {
  return {
    mediaKey: video.mediaKey,
    title: video.title,
    category: video.category,
    subId: 0,
    cover: `/media/${video.mediaKey}.jpg`,
    poster: `/media/${video.mediaKey}-p.jpg`,
    duration: 5400,
    playCount: 12000,
    score: 8.6,
    year: 2024,
    area: '中国大陆',
    tags: ['剧情'],
    description: `${video.title}的简介`,
    updatedAt: 1_700_000_000_000,
    uploader: null,
  };
}

/**
 * An in-memory imitation of the reference server's playback calls, answering what playback-protocol.ts declares and
 * checking their parameters as declared (test/contract/playback-protocol.test.ts runs one suite against it and the
 * server).
 */
export function installFakePlaybackApi(http: FakeHttp, options: FakePlaybackApiOptions = {}): FakePlaybackApi {
  const api: FakePlaybackApi = {
    calls: [],
    videos: [...(options.videos ?? FAKE_PLAYBACK_VIDEOS)],
    records: [],
    lastPlayed: new Map(),
    unlocked: new Set(),
    fail: new Map(),
  };
  const find = (mediaKey: string): FakePlaybackVideo => {
    const video = api.videos.find((v) => v.mediaKey === mediaKey);
    if (!video) throw refuse(1030, '视频不存在');
    return video;
  };
  const { serve } = fakeApi(http, {
    caller: options.caller,
    before: recordCalls(api),
  });

  serve(PlaybackCalls.details, 'optional', ({ mediaKey }) => {
    const video = find(mediaKey);
    const price = video.goldPrice ?? 0;
    const details: WireVideoDetails = {
      ...view(video),
      episodeCount: video.episodes,
      live: video.live === true,
      goldPrice: price,
      unlocked: price === 0 || api.unlocked.has(video.mediaKey),
      introEnd: video.introEnd ?? 0,
      outroStart: video.outroStart ?? 0,
    };
    return ok(details);
  });
  serve(PlaybackCalls.playInfo, 'optional', ({ mediaKey }, uid) => {
    const video = find(mediaKey);
    const at = uid === null || video.live === true ? undefined : api.lastPlayed.get(mediaKey);
    const info: PlayInfo = at === undefined || at.episode > video.episodes ? { episode: 1, progress: 0 } : { episode: at.episode, progress: Math.min(at.progress, CLIP_SECONDS) };
    return ok(info);
  });
  serve(PlaybackCalls.episodes, 'optional', ({ mediaKey }) => {
    const video = find(mediaKey);
    const list = Array.from({ length: video.episodes }, (_, i) => ({
      episode: i + 1,
      title: video.episodes > 1 ? `第${i + 1}集` : video.title,
      duration: video.live === true ? 0 : CLIP_SECONDS,
    }));
    return ok({ list, total: list.length } satisfies EpisodeList);
  });
  const address = (video: FakePlaybackVideo, episode: number): WirePlaySource => {
    if (episode > video.episodes) throw refuse(1002, EPISODE_NOT_FOUND);
    if ((video.goldPrice ?? 0) > 0 && !api.unlocked.has(video.mediaKey)) throw refuse(PlaybackRet.VideoLocked, '该视频需要金币解锁');
    if (video.live === true) return { url: `/live/t/${video.mediaKey}/index.m3u8`, kind: 'hls', live: true };
    if (video.kind === 'mp4') return { url: `/vod/t/clip-d.mp4`, kind: 'mp4', live: false };
    return { url: `/vod/t/${video.mediaKey}-${episode}/master.m3u8`, kind: 'hls', live: false };
  };
  serve(PlaybackCalls.address, 'optional', ({ mediaKey, episode }) => ok(address(find(mediaKey), episode)));
  serve(PlaybackCalls.appDownload, 'optional', ({ mediaKey, episode }) => {
    const video = find(mediaKey);
    if (episode > video.episodes) return fail(1002, EPISODE_NOT_FOUND);
    if (video.live === true) return fail(PlaybackRet.DownloadNotAllowed, '直播不支持下载');
    if (video.downloadable === false) return fail(PlaybackRet.DownloadNotAllowed, '该视频暂不支持下载');
    const source = address(video, episode);
    const name = video.episodes > 1 ? `${video.title}-第${episode}集` : video.title;
    return ok({ url: source.url, kind: source.kind, fileName: `${name}.${source.kind === 'mp4' ? 'mp4' : 'm3u8'}` } satisfies AppDownloadLink);
  });
  serve(PlaybackCalls.related, 'optional', ({ mediaKey }) => {
    const video = find(mediaKey);
    return ok({ list: api.videos.filter((v) => v.mediaKey !== video.mediaKey && v.category === video.category).map(view) } satisfies RelatedVideos);
  });
  serve(PlaybackCalls.watching, 'optional', (_input, uid) => {
    const mine =
      uid === null
        ? []
        : [...api.lastPlayed].flatMap(([key, at]) => {
            const video = api.videos.find((v) => v.mediaKey === key);
            return video ? [{ ...view(video), progress: at.progress, episode: at.episode, episodeDuration: video.live === true ? 0 : CLIP_SECONDS }] : [];
          });
    return ok({ mine, everyone: api.videos.map(view) } satisfies WireWatchingLists);
  });
  serve(PlaybackCalls.addPlayRecord, 'required', ({ mediaKey, episode, progress }) => {
    const video = find(mediaKey);
    if (episode > video.episodes) return fail(1002, EPISODE_NOT_FOUND);
    const record = { mediaKey: video.mediaKey, episode, progress };
    api.records.push(record);
    api.lastPlayed.set(record.mediaKey, { episode, progress });
    return ok(null);
  });
  return api;
}
