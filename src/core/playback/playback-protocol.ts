/**
 * Playback's calls, declared once (src/core/request/protocol.ts): the app's PlayService sends them, the reference
 * server (server/playback/routes.ts; AddPlayRecord in server/catalogue/routes.ts, beside the play history) serves
 * them, the fake (adapters/http/fake-playback-api.ts) answers them. Every call is a GET with its parameters in the
 * query string (spec: "Video and social (GET unless noted)").
 */
import type { MediaKind } from '../ports/media-player.ts';
import { check, object, picklist, pipe, transform, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { video } from '../shared-kernel/video-wire.ts';

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

/** The category of live TV channels. */
export const LIVE_CATEGORY = 'tvlive';

const MEDIA_KINDS: readonly MediaKind[] = ['hls', 'mp4'];

/**
 * VideoDetails: the video with what the player needs: its episodes (at least 1), live (so too a video of the live
 * category), its price in gold (0 for a free video), whether the caller may play it (free or bought; yes unless the
 * answer says no) and, but for a live channel, the seconds of the opening titles and where the closing ones start
 * (0 when none).
 */
const videoDetails = pipe(
  object({
    ...video.entries,
    episodeCount: wire.wholeAtLeast(1),
    live: wire.isTrue,
    goldPrice: wire.amount(),
    unlocked: wire.lenientAnswer((value) => value !== false),
    introEnd: wire.amount(),
    outroStart: wire.amount(),
  }),
  transform((read) => {
    const live = read.live || read.category === LIVE_CATEGORY;
    return { ...read, live, introEnd: live ? 0 : read.introEnd, outroStart: live ? 0 : read.outroStart };
  }),
);

export type WireVideoDetails = InferOutput<typeof videoDetails>;

/** getPlayInfo: where the viewer left the video (episode 1 at 0 s for a visitor). */
const playInfo = object({ episode: wire.wholeAtLeast(1), progress: wire.amount() });

export type PlayInfo = InferOutput<typeof playInfo>;

/** One episode of VideoChooseGather (1-based; its duration 0 for a live channel), 第<n>集 when it has no title. */
const episode = pipe(
  object({ episode: wire.wholeAtLeast(0), title: wire.text, duration: wire.amount() }),
  check((read) => read.episode >= 1, 'no episode'),
  transform((read) => ({ ...read, title: read.title || `第${read.episode}集` })),
);

export type Episode = InferOutput<typeof episode>;

/** VideoChooseGather: the episodes in episode order, one per number (the first of duplicates wins). */
const episodeList = object({
  list: pipe(
    wire.items(episode),
    transform((list) => [...new Map(list.reverse().map((item) => [item.episode, item])).values()].sort((x, y) => x.episode - y.episode)),
  ),
  total: wire.amount(),
});

export type EpisodeList = InferOutput<typeof episodeList>;

/** GetPlayAddress: a signed, expiring address of the episode. */
const playSource = object({ url: wire.key, kind: picklist(MEDIA_KINDS), live: wire.isTrue });

export type WirePlaySource = InferOutput<typeof playSource>;

/**
 * AppDownload: the file an episode downloads as, where the operator allows it: a signed MP4 the browser saves, or
 * an HLS playlist only the app can download; what the saved file is called (the video's title and the episode;
 * 视频 when the answer names none).
 */
const appDownloadLink = pipe(
  object({ url: wire.key, kind: picklist(MEDIA_KINDS), fileName: wire.text }),
  transform((read) => ({ ...read, fileName: read.fileName || '视频' })),
);

export type AppDownloadLink = InferOutput<typeof appDownloadLink>;

/** GetRelatedVideo: videos of the same category. */
const relatedVideos = object({ list: wire.items(video) });

export type RelatedVideos = InferOutput<typeof relatedVideos>;

/** A video of the caller's watching list, with where they stopped and the seconds of the episode (0 for a live channel). */
const watchedVideo = object({ ...video.entries, progress: wire.amount(), episode: wire.wholeAtLeast(1), episodeDuration: wire.amount() });

/** GetWatching: the caller's recent plays (empty for a visitor) and the most played videos. */
const watchingLists = object({ mine: wire.items(watchedVideo), everyone: wire.items(video) });

export type WireWatchingLists = InferOutput<typeof watchingLists>;

const mediaKey = { kind: 'text', max: PlaybackProtocolLimits.maxMediaKey } as const;
/** The episode (default 1); beyond the video's episodes 1002 该集不存在. */
const episodeParam = { kind: 'int', min: 1, max: PlaybackProtocolLimits.maxEpisode, fallback: 1, rangeMessage: EPISODE_NOT_FOUND } as const;

export const PlaybackCalls = {
  /** The video page's video: catalogue fields, episodes, live, price and whether the caller may play it, intro/outro. */
  details: call({ method: 'GET', path: '/api/Video/VideoDetails', carrier: 'query', params: { mediaKey }, answer: videoDetails }),
  /** Where the caller left off (episode 1 at 0 s for a visitor). */
  playInfo: call({ method: 'GET', path: '/api/Video/getPlayInfo', carrier: 'query', params: { mediaKey }, answer: playInfo }),
  /** The episodes. */
  episodes: call({ method: 'GET', path: '/api/Video/VideoChooseGather', carrier: 'query', params: { mediaKey }, answer: episodeList }),
  /** A signed address of an episode; {@link PlaybackRet.VideoLocked} for a paid video the caller has not unlocked. */
  address: call({
    method: 'GET',
    path: '/api/video/GetPlayAddress',
    carrier: 'query',
    params: { mediaKey, episode: episodeParam },
    answer: playSource,
    refusals: [PlaybackRet.VideoLocked],
  }),
  /**
   * The download an episode offers: {@link PlaybackRet.DownloadNotAllowed} where the operator does not allow it (or a
   * live channel), {@link PlaybackRet.VideoLocked} for a paid video the caller has not unlocked.
   */
  appDownload: call({
    method: 'GET',
    path: '/api/Video/AppDownload',
    carrier: 'query',
    params: { mediaKey, episode: episodeParam },
    answer: appDownloadLink,
    refusals: [PlaybackRet.VideoLocked, PlaybackRet.DownloadNotAllowed],
  }),
  /** Videos of the same category, most played first. */
  related: call({ method: 'GET', path: '/api/list/GetRelatedVideo', carrier: 'query', params: { mediaKey }, answer: relatedVideos }),
  /** Records where the caller is in a video (whole seconds); the newest comes first in history. Signed in only. */
  addPlayRecord: call({
    method: 'GET',
    path: '/api/video/AddPlayRecord',
    carrier: 'query',
    outlivesPage: true,
    params: { mediaKey, episode: episodeParam, progress: { kind: 'int', min: 0, max: PlaybackProtocolLimits.maxProgressSeconds, fallback: 0 } },
    answer: wire.none,
  }),
  /** /watching: the caller's recent plays and what everyone watches. */
  watching: call({ method: 'GET', path: '/api/video/GetWatching', carrier: 'query', params: {}, answer: watchingLists }),
} as const;
