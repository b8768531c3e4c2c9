/** An imitation of the playback calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';
import { AccountPaths } from '../../../src/core/account/account-paths.ts';
import { PlayPaths } from '../../../src/core/playback/play-video.ts';

export interface FakeVideo {
  mediaKey: string;
  title: string;
  category: string;
  episodes: number;
  live?: boolean;
  goldPrice?: number;
  introEnd?: number;
  outroStart?: number;
  kind?: 'hls' | 'mp4';
}

export const FAKE_VIDEOS: FakeVideo[] = [
  { mediaKey: 'movie-01', title: '长河落日', category: 'movie', episodes: 1 },
  { mediaKey: 'drama-01', title: '繁花似锦', category: 'drama', episodes: 6, introEnd: 3, outroStart: 17 },
  { mediaKey: 'music-01', title: '夜曲', category: 'music', episodes: 1, kind: 'mp4' },
  { mediaKey: 'tvlive-01', title: '新闻频道', category: 'tvlive', episodes: 1, live: true },
  { mediaKey: 'movie-02', title: '星海迷航', category: 'movie', episodes: 1, goldPrice: 30 },
];

export interface FakePlayApi {
  calls: FakeHttpCall[];
  videos: FakeVideo[];
  /** AddPlayRecord bodies, in order. */
  records: { mediaKey: string; episode: number; progress: number }[];
  /** Where the viewer left each video (what getPlayInfo answers). */
  lastPlayed: Map<string, { episode: number; progress: number }>;
  /** Keys unlocked (a paid video answers 1031 until then). */
  unlocked: Set<string>;
  settings: { autoPlayWhenWWAN: boolean; danmuOpen: boolean };
  /** The next calls of these paths fail with this answer. */
  fail: Map<string, { ret: number; msg: string }>;
}

const ok = (data: unknown) => ({ body: { ret: 200, msg: '成功', data } });

function view(video: FakeVideo) {
  return {
    mediaKey: video.mediaKey,
    title: video.title,
    category: video.category,
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

export function installFakePlayApi(http: FakeHttp, videos: FakeVideo[] = FAKE_VIDEOS): FakePlayApi {
  const api: FakePlayApi = {
    calls: [],
    videos: [...videos],
    records: [],
    lastPlayed: new Map(),
    unlocked: new Set(),
    settings: { autoPlayWhenWWAN: false, danmuOpen: true },
    fail: new Map(),
  };
  const find = (call: FakeHttpCall) => api.videos.find((v) => v.mediaKey === call.params['mediaKey']);
  const route = (method: 'GET' | 'POST', path: string, handler: (call: FakeHttpCall) => unknown) =>
    http.route(method, path, (call) => {
      api.calls.push(call);
      const failure = api.fail.get(path);
      if (failure) return { body: { ...failure, data: null } };
      const answer = handler(call);
      return answer && typeof answer === 'object' && 'body' in answer ? (answer as { body: unknown }) : ok(answer);
    });
  const missing = { body: { ret: 1030, msg: '视频不存在', data: null } };
  route('GET', PlayPaths.details, (call) => {
    const video = find(call);
    if (!video) return missing;
    const price = video.goldPrice ?? 0;
    return {
      ...view(video),
      episodeCount: video.episodes,
      live: video.live === true,
      goldPrice: price,
      unlocked: price === 0 || api.unlocked.has(video.mediaKey),
      introEnd: video.introEnd ?? 0,
      outroStart: video.outroStart ?? 0,
    };
  });
  route('GET', PlayPaths.playInfo, (call) => api.lastPlayed.get(call.params['mediaKey'] ?? '') ?? { episode: 1, progress: 0 });
  route('GET', PlayPaths.episodes, (call) => {
    const video = find(call);
    if (!video) return missing;
    const list = Array.from({ length: video.episodes }, (_, i) => ({
      episode: i + 1,
      title: video.episodes > 1 ? `第${i + 1}集` : video.title,
      duration: video.live ? 0 : 20,
    }));
    return { list, total: list.length };
  });
  route('GET', PlayPaths.address, (call) => {
    const video = find(call);
    if (!video) return missing;
    if ((video.goldPrice ?? 0) > 0 && !api.unlocked.has(video.mediaKey)) return { body: { ret: 1031, msg: '该视频需要金币解锁', data: null } };
    const episode = call.params['episode'] ?? '1';
    if (video.live) return { url: `/live/t/${video.mediaKey}/index.m3u8`, kind: 'hls', live: true };
    if (video.kind === 'mp4') return { url: `/vod/t/clip-d.mp4`, kind: 'mp4', live: false };
    return { url: `/vod/t/${video.mediaKey}-${episode}/master.m3u8`, kind: 'hls', live: false };
  });
  route('GET', PlayPaths.related, (call) => ({
    list: api.videos.filter((v) => v.mediaKey !== call.params['mediaKey']).map(view),
  }));
  route('GET', PlayPaths.addPlayRecord, (call) => {
    const record = { mediaKey: String(call.params['mediaKey']), episode: Number(call.params['episode'] ?? 1), progress: Number(call.params['progress'] ?? 0) };
    api.records.push(record);
    api.lastPlayed.set(record.mediaKey, { episode: record.episode, progress: record.progress });
    return null;
  });
  route('GET', PlayPaths.watching, () => ({
    mine: [...api.lastPlayed].map(([key, at]) => {
      const video = api.videos.find((v) => v.mediaKey === key);
      return video ? { ...view(video), progress: at.progress, episode: at.episode, episodeDuration: 20 } : null;
    }),
    everyone: api.videos.map(view),
  }));
  route('GET', AccountPaths.getSettings, () => ({ ...api.settings, enableNotify: true, onlyReceiveFriendMessage: false }));
  return api;
}
