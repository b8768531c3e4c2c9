import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppServices } from '../app-services.ts';
import { resolveSessionSecret } from '../auth/session-secret.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { envelope, sendFailure } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { PlaybackCalls } from '../../src/core/playback/playback-protocol.ts';
import { currentSequence, LIVE_SEGMENT_SECONDS, liveWindow, livePlaylist, loopOf, segmentUrisOf } from './live-playlist.ts';
import { MPEG_TICKS_PER_SECOND, shiftTimestamps } from './ts-timestamps.ts';
import { DEMO_MEDIA_DIR, findFileInside, safeMediaSegments, sendMediaFile } from './media-serving.ts';
import { isClipName, isHlsClip, type ClipName } from './playback-media.ts';
import { findLiveChannel } from './playback-repository.ts';
import { CHANNEL_PATTERN, LIVE_PREFIX, liveScope, PlaybackUseCases, VOD_PREFIX } from './playback-use-cases.ts';
import { PlayUrlSigner } from './signed-urls.ts';

/** Longest browser cache of a media file (never beyond its token's expiry). */
const MAX_CACHE_SECONDS = 3600;

/** The rendition a live channel loops. */
const LIVE_RENDITION = '360p';

export interface PlaybackRoutesOptions {
  /** Folder of the demo clips; default demo-media/ of the repository. */
  mediaDir?: string;
}

/**
 * The playback API (VideoDetails, getPlayInfo, VideoChooseGather, GetPlayAddress, AppDownload, GetRelatedVideo,
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

  const playback = new PlaybackUseCases(services, signerOf);
  const callerOf = (auth: { user: { id: number } } | null): number | null => auth?.user.id ?? null;

  serve(api, PlaybackCalls.details, 'optional', ({ input, auth }) => playback.details(input.mediaKey, callerOf(auth)), { etag: true });
  serve(api, PlaybackCalls.playInfo, 'optional', ({ input, auth }) => playback.playInfo(input.mediaKey, callerOf(auth)));
  serve(api, PlaybackCalls.episodes, 'none', ({ input }) => playback.episodes(input.mediaKey));
  serve(api, PlaybackCalls.address, 'optional', ({ input, auth }) => playback.address(input.mediaKey, input.episode, callerOf(auth)));
  serve(api, PlaybackCalls.appDownload, 'optional', ({ input, auth }) => playback.appDownload(input.mediaKey, input.episode, callerOf(auth)));
  serve(api, PlaybackCalls.related, 'none', async ({ input }) => ({ list: await playback.related(input.mediaKey) }));
  serve(api, PlaybackCalls.watching, 'optional', ({ auth }) => playback.watching(callerOf(auth)));

  const app = api.app;
  const cacheControl = (remaining: number): string => `private, max-age=${Math.min(remaining, MAX_CACHE_SECONDS)}`;
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
