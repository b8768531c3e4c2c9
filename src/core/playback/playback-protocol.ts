/**
 * Playback's calls, declared once (src/core/request/protocol.ts): the app's PlayService sends them, the reference
 * server (server/playback/routes.ts; AddPlayRecord in server/catalogue/routes.ts, beside the play history) serves
 * them, the fake (adapters/http/fake-playback-api.ts) answers them. Every call is a GET with its parameters in the
 * query string (spec: "Video and social (GET unless noted)").
 */
import type { MediaKind } from '../ports/media-player.ts';
import { call } from '../request/protocol.ts';
import type { WireVideo } from '../shared-kernel/video-wire.ts';

const PlaybackProtocolLimits = {
  /** The longest media key a video can have. */
  maxMediaKey: 64,
  /** The largest episode number the wire takes (an integer column); the video's own count bounds it further. */
  maxEpisode: 2_147_483_647,
  /** AddPlayRecord: the largest progress, in seconds (a week). */
  maxProgressSeconds: 7 * 24 * 3600,
} as const;

/** The answer codes of playback's calls that the app handles itself. */
export const PlaybackRet = {
  /** GetPlayAddress: the video must be unlocked with gold first (该视频需要金币解锁). */
  VideoLocked: 1031,
  /** AppDownload: the operator does not allow this video (or a live channel) to be downloaded (该视频暂不支持下载). */
  DownloadNotAllowed: 1034,
} as const;

/** The refusal of an episode the video does not have (1002). */
export const EPISODE_NOT_FOUND = '该集不存在';

/** VideoDetails: the video with what the player needs. */
export interface WireVideoDetails extends WireVideo {
  episodeCount: number;
  live: boolean;
  /** Price in gold; 0 for a free video. */
  goldPrice: number;
  /** Free, or bought by the caller. */
  unlocked: boolean;
  /** Seconds of the opening titles; 0 when none. */
  introEnd: number;
  /** Second where the closing titles start; 0 when none. */
  outroStart: number;
}

/** getPlayInfo: where the viewer left the video (episode 1 at 0 s for a visitor). */
export interface PlayInfo {
  episode: number;
  /** Seconds. */
  progress: number;
}

/** One episode of VideoChooseGather. */
export interface Episode {
  /** 1-based. */
  episode: number;
  title: string;
  /** Seconds (0 for a live channel). */
  duration: number;
}

/** VideoChooseGather: the episodes in order. */
export interface EpisodeList {
  list: Episode[];
  total: number;
}

/** GetPlayAddress: a signed, expiring address of the episode. */
export interface WirePlaySource {
  url: string;
  kind: MediaKind;
  live: boolean;
}

/**
 * AppDownload: the file an episode downloads as, where the operator allows it: a signed MP4 the browser saves, or
 * an HLS playlist only the app can download.
 */
export interface AppDownloadLink {
  url: string;
  kind: MediaKind;
  /** What the saved file is called: the video's title and the episode. */
  fileName: string;
}

/** GetRelatedVideo: videos of the same category. */
export interface RelatedVideos {
  list: WireVideo[];
}

/** A video of the caller's watching list, with where they stopped. */
interface WireWatchedVideo extends WireVideo {
  progress: number;
  episode: number;
  /** Seconds of the episode (0 for a live channel). */
  episodeDuration: number;
}

/** GetWatching: the caller's recent plays (empty for a visitor) and the most played videos. */
export interface WireWatchingLists {
  mine: WireWatchedVideo[];
  everyone: WireVideo[];
}

const mediaKey = { kind: 'text', max: PlaybackProtocolLimits.maxMediaKey } as const;
/** The episode (default 1); beyond the video's episodes 1002 该集不存在. */
const episode = { kind: 'int', min: 1, max: PlaybackProtocolLimits.maxEpisode, fallback: 1, rangeMessage: EPISODE_NOT_FOUND } as const;

export const PlaybackCalls = {
  /** The video page's video: catalogue fields, episodes, live, price and whether the caller may play it, intro/outro. */
  details: call<WireVideoDetails>()({ method: 'GET', path: '/api/Video/VideoDetails', carrier: 'query', params: { mediaKey } }),
  /** Where the caller left off (episode 1 at 0 s for a visitor). */
  playInfo: call<PlayInfo>()({ method: 'GET', path: '/api/Video/getPlayInfo', carrier: 'query', params: { mediaKey } }),
  /** The episodes. */
  episodes: call<EpisodeList>()({ method: 'GET', path: '/api/Video/VideoChooseGather', carrier: 'query', params: { mediaKey } }),
  /** A signed address of an episode; {@link PlaybackRet.VideoLocked} for a paid video the caller has not unlocked. */
  address: call<WirePlaySource>()({ method: 'GET', path: '/api/video/GetPlayAddress', carrier: 'query', params: { mediaKey, episode } }),
  /**
   * The download an episode offers: {@link PlaybackRet.DownloadNotAllowed} where the operator does not allow it (or a
   * live channel), {@link PlaybackRet.VideoLocked} for a paid video the caller has not unlocked.
   */
  appDownload: call<AppDownloadLink>()({ method: 'GET', path: '/api/Video/AppDownload', carrier: 'query', params: { mediaKey, episode } }),
  /** Videos of the same category, most played first. */
  related: call<RelatedVideos>()({ method: 'GET', path: '/api/list/GetRelatedVideo', carrier: 'query', params: { mediaKey } }),
  /** Records where the caller is in a video (whole seconds); the newest comes first in history. Signed in only. */
  addPlayRecord: call<null>()({
    method: 'GET',
    path: '/api/video/AddPlayRecord',
    carrier: 'query',
    outlivesPage: true,
    params: { mediaKey, episode, progress: { kind: 'int', min: 0, max: PlaybackProtocolLimits.maxProgressSeconds, fallback: 0 } },
  }),
  /** /watching: the caller's recent plays and what everyone watches. */
  watching: call<WireWatchingLists>()({ method: 'GET', path: '/api/video/GetWatching', carrier: 'query', params: {} }),
} as const;
