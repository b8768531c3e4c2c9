import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppServices } from '../app-services.ts';
import { resolveSessionSecret } from '../auth/session-secret.ts';
import { ORDER_BY } from '../catalogue/catalogue-repository.ts';
import { videoAccess } from '../gold/gold-access.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { envelope, sendFailure } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { EPISODE_NOT_FOUND, PlaybackCalls, type EpisodeList, type WireVideoDetails } from '../../src/core/playback/playback-protocol.ts';
import { currentSequence, LIVE_SEGMENT_SECONDS, liveWindow, livePlaylist, loopOf, segmentUrisOf } from './live-playlist.ts';
import { MPEG_TICKS_PER_SECOND, shiftTimestamps } from './ts-timestamps.ts';
import { DEMO_MEDIA_DIR, findFileInside, safeMediaSegments, sendMediaFile } from './media-serving.ts';
import { CLIP_SECONDS, episodeClip, isClipName, isHlsClip, MP4_CLIP, type ClipName } from './playback-media.ts';
import { findLiveChannel, findPlayableVideo, playRecordOf, videoViews, watchingOf, type PlayableVideo } from './playback-repository.ts';
import { PlayUrlSigner } from './signed-urls.ts';

const PlaybackLimits = {
  relatedSize: 10,
  watchingSize: 20,
  everyoneSize: 20,
  /** Longest browser cache of a media file (never beyond its token's expiry). */
  maxCacheSeconds: 3600,
} as const;

/** The tables VideoDetails' shared part is read from (the video, its media, its uploader's name; the price is a video column). */
const DETAILS_TABLES = ['videos', 'video_media', 'users', 'catalogue_categories'] as const;

/** URL prefixes of the signed media paths. */
const VOD_PREFIX = '/vod/';
const LIVE_PREFIX = '/live/';

/** The rendition a live channel loops. */
const LIVE_RENDITION = '360p';
const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface PlaybackRoutesOptions {
  /** Folder of the demo clips; default demo-media/ of the repository. */
  mediaDir?: string;
}

async function playableOrFail(services: AppServices, mediaKey: string): Promise<PlayableVideo> {
  const video = await findPlayableVideo(services.db, mediaKey);
  if (video === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
  return video;
}

const liveScope = (channel: string): string => `live:${channel}`;

/**
 * The playback API (VideoDetails, getPlayInfo, VideoChooseGather, GetPlayAddress, GetRelatedVideo,
 * GetWatching) and the signed media paths: `/vod/<token>/<clip>/…` (HLS playlists and segments, the
 * MP4 with range requests) and `/live/<token>/<channel>/index.m3u8` (a rolling window over a clip).
 */
export function registerPlaybackRoutes(api: ApiRouter, services: AppServices, options: PlaybackRoutesOptions = {}): void {
  const { db, config, clock } = services;
  const mediaDir = options.mediaDir ?? DEMO_MEDIA_DIR;
  let signer: Promise<PlayUrlSigner> | undefined;
  const signerOf = (): Promise<PlayUrlSigner> => {
    signer ??= resolveSessionSecret(db, config.sessionSecret).then((secret) => new PlayUrlSigner(secret, clock));
    return signer;
  };
  const liveSegments = new Map<ClipName, Promise<string[]>>();
  const liveSegmentsOf = (clip: ClipName): Promise<string[]> => {
    let found = liveSegments.get(clip);
    if (found === undefined) {
      found = readFile(join(mediaDir, clip, LIVE_RENDITION, 'index.m3u8'), 'utf8').then((text) =>
        segmentUrisOf(text).map((uri) => `${LIVE_RENDITION}/${uri}`),
      );
      found.catch(() => liveSegments.delete(clip));
      liveSegments.set(clip, found);
    }
    return found;
  };

  /**
   * VideoDetails' shared part by media key (null: no such video): both answers, for a caller who may play it and for
   * one who may not. Whether the caller may (a purchase of a paid video) is their own and is asked per request.
   */
  const detailsOf = (mediaKey: string) =>
    services.sharedReads.get(`playback:details:${mediaKey}`, DETAILS_TABLES, async () => {
      const video = await findPlayableVideo(db, mediaKey);
      if (video === null) return null;
      const { price } = await videoAccess(db, null, video.id);
      const answer = (unlocked: boolean): WireVideoDetails => ({
        ...video.view,
        episodeCount: video.media.episodeCount,
        live: video.media.live,
        goldPrice: price,
        unlocked,
        introEnd: video.media.introEnd,
        outroStart: video.media.outroStart,
      });
      return { id: video.id, price, unlocked: answer(true), locked: price === 0 ? null : answer(false) };
    });

  /** The video page: catalogue fields, episodes, live, price and whether the caller may play it, intro/outro marks. */
  serve(
    api,
    PlaybackCalls.details,
    'optional',
    async ({ input, auth }) => {
      const details = await detailsOf(input.mediaKey);
      if (details === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
      if (details.locked === null) return details.unlocked;
      const unlocked = auth !== null && (await videoAccess(db, auth.user.id, details.id)).unlocked;
      return unlocked ? details.unlocked : details.locked;
    },
    { etag: true },
  );

  /** Where the caller left off: the last episode watched and its progress (episode 1, 0 s for visitors). */
  serve(api, PlaybackCalls.playInfo, 'optional', async ({ input, auth }) => {
    const video = await playableOrFail(services, input.mediaKey);
    const record = auth && !video.media.live ? await playRecordOf(db, auth.user.id, video.id) : null;
    if (record === null || record.episode > video.media.episodeCount) return { episode: 1, progress: 0 };
    // Every episode plays a 20 s clip: a longer progress (an older record) resumes at the clip's end.
    return { episode: record.episode, progress: Math.min(record.progress, CLIP_SECONDS) };
  });

  /** The episodes: 第N集 for series; films, short videos and live channels have one, named after the video. */
  serve(api, PlaybackCalls.episodes, 'none', async ({ input }): Promise<EpisodeList> => {
    const video = await playableOrFail(services, input.mediaKey);
    const { episodeCount, live } = video.media;
    const series = episodeCount > 1;
    const list = Array.from({ length: episodeCount }, (_, index) => ({
      episode: index + 1,
      title: series ? `第${index + 1}集` : video.view.title,
      duration: live ? 0 : CLIP_SECONDS,
    }));
    return { list, total: episodeCount };
  });

  /** A signed, expiring address of an episode; 1031 when the video needs gold the caller has not paid. */
  serve(api, PlaybackCalls.address, 'optional', async ({ input, auth }) => {
    const video = await playableOrFail(services, input.mediaKey);
    const { episode } = input;
    if (episode > video.media.episodeCount) throw badParam('episode', EPISODE_NOT_FOUND);
    const access = await videoAccess(db, auth?.user.id ?? null, video.id);
    if (!access.unlocked) throw new ApiError(Ret.VideoLocked, RetMessage.VideoLocked);
    const signing = await signerOf();
    if (video.media.live) {
      const channel = video.view.mediaKey;
      if (!CHANNEL_PATTERN.test(channel)) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
      return { url: `${LIVE_PREFIX}${signing.sign(liveScope(channel))}/${channel}/index.m3u8`, kind: 'hls', live: true };
    }
    const clip = episodeClip(video.media, episode);
    const token = signing.sign(clip);
    return isHlsClip(clip)
      ? { url: `${VOD_PREFIX}${token}/${clip}/master.m3u8`, kind: 'hls', live: false }
      : { url: `${VOD_PREFIX}${token}/${MP4_CLIP}`, kind: 'mp4', live: false };
  });

  /** Videos of the same category, most played first, without the video itself. */
  serve(api, PlaybackCalls.related, 'none', async ({ input }) => {
    const video = await playableOrFail(services, input.mediaKey);
    const list = await videoViews(db, 'v.category = $1 AND v.id <> $2', [video.view.category, video.id], ORDER_BY.hot, PlaybackLimits.relatedSize);
    return { list };
  });

  /** /watching: the caller's recent plays (newest first, with episode and progress) and the most played videos. */
  serve(api, PlaybackCalls.watching, 'optional', async ({ auth }) => ({
    mine: auth ? await watchingOf(db, auth.user.id, PlaybackLimits.watchingSize) : [],
    everyone: await videoViews(db, 'true', [], ORDER_BY.hot, PlaybackLimits.everyoneSize),
  }));

  const app = api.app;
  const cacheControl = (remaining: number): string => `private, max-age=${Math.min(remaining, PlaybackLimits.maxCacheSeconds)}`;
  const unsatisfiable = () => envelope(Ret.MediaRangeInvalid, RetMessage.MediaRangeInvalid, null);

  /** `/vod/<token>/<clip>/…`: files of one clip, the token signed for that clip. */
  app.get(`${VOD_PREFIX}:token/*`, async (request, reply) => {
    const { token = '', '*': rest = '' } = request.params as Record<string, string | undefined>;
    const segments = safeMediaSegments(rest);
    const clip = segments?.[0];
    if (segments === undefined || clip === undefined || !isClipName(clip)) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    if (isHlsClip(clip) ? segments.length < 2 : segments.length !== 1) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const remaining = (await signerOf()).remainingSeconds(token, clip);
    if (remaining === undefined) return sendFailure(reply, 403, Ret.PlayUrlInvalid, RetMessage.PlayUrlInvalid);
    const file = await findFileInside(mediaDir, segments);
    if (file === undefined) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    return sendMediaFile(request, reply, file, cacheControl(remaining), unsatisfiable);
  });

  /** `/live/<token>/<channel>/index.m3u8` (the rolling window) and `/live/<token>/<channel>/360p/segNNN.ts`. */
  app.get(`${LIVE_PREFIX}:token/*`, async (request, reply) => {
    const { token = '', '*': rest = '' } = request.params as Record<string, string | undefined>;
    const [channel = '', ...inside] = rest.split('/');
    const segments = inside.length > 0 ? safeMediaSegments(inside.join('/')) : undefined;
    if (!CHANNEL_PATTERN.test(channel) || segments === undefined) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const remaining = (await signerOf()).remainingSeconds(token, liveScope(channel));
    if (remaining === undefined) return sendFailure(reply, 403, Ret.PlayUrlInvalid, RetMessage.PlayUrlInvalid);
    const media = await findLiveChannel(db, channel);
    if (media === null || !isHlsClip(media.clip)) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    if (segments.length === 1 && segments[0] === 'index.m3u8') {
      const uris = await liveSegmentsOf(media.clip).catch(() => undefined);
      if (uris === undefined || uris.length === 0) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
      return reply
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .type('application/vnd.apple.mpegurl')
        .send(livePlaylist(liveWindow(clock.now(), uris)));
    }
    if (!(segments[segments.length - 1] ?? '').endsWith('.ts')) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const uris = await liveSegmentsOf(media.clip).catch(() => undefined);
    const file = await findFileInside(mediaDir, [media.clip, ...segments]);
    if (file === undefined || uris === undefined || uris.length === 0) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    // The loop the segment belongs to: only one of the window's loops (the current one or the one before).
    const loopText = (request.query as Record<string, unknown>)['loop'];
    const loop = typeof loopText === 'string' && /^\d{1,15}$/.test(loopText) ? Number(loopText) : -1;
    const currentLoop = loopOf(currentSequence(clock.now()), uris.length);
    if (loop < currentLoop - 1 || loop > currentLoop) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const bytes = await readFile(file.absolute).catch(() => undefined);
    if (bytes === undefined) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    return reply
      .header('cache-control', cacheControl(remaining))
      .type('video/mp2t')
      .send(shiftTimestamps(bytes, loop * uris.length * LIVE_SEGMENT_SECONDS * MPEG_TICKS_PER_SECOND));
  });
}
