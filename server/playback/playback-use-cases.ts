/**
 * Playback's use cases (src/core/playback/playback-protocol.ts): what each call does beyond reading its parameters,
 * so the routes (server/playback/routes.ts) parse, call and answer. Refusals are ApiErrors (server/http/ret.ts).
 */
import { EPISODE_NOT_FOUND, type AppDownloadLink, type EpisodeList, type PlayInfo, type WirePlaySource, type WireVideoDetails, type WireWatchingLists } from '../../src/core/playback/playback-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import type { AppServices } from '../app-services.ts';
import { ORDER_BY } from '../catalogue/catalogue-repository.ts';
import { videoAccess } from '../gold/gold-repository.ts';
import { DEMO_CLIP_SECONDS } from '../db/seed.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { episodeClip, isHlsClip, MP4_CLIP } from './playback-media.ts';
import { downloadAllowed, findPlayableVideo, playRecordOf, videoViews, watchingOf, type PlayableVideo } from './playback-repository.ts';
import type { PlayUrlSigner } from './signed-urls.ts';

const PlaybackLimits = {
  relatedSize: 10,
  watchingSize: 20,
  everyoneSize: 20,
} as const;

/** The tables VideoDetails' shared part is read from (the video, its media, its uploader's name; the price is a video column). */
const DETAILS_TABLES = ['videos', 'video_media', 'users', 'catalogue_categories'] as const;

/** URL prefixes of the signed media paths (server/playback/routes.ts serves them). */
export const VOD_PREFIX = '/vod/';
export const LIVE_PREFIX = '/live/';
export const CHANNEL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** What a live channel's token is signed for. */
export const liveScope = (channel: string): string => `live:${channel}`;

const videoNotFound = () => new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);

/** Playback's calls for one server: `signer` signs the media addresses (the routes check them with the same one). */
export class PlaybackUseCases {
  constructor(
    private readonly services: AppServices,
    private readonly signer: () => Promise<PlayUrlSigner>,
  ) {}

  private async playable(mediaKey: string): Promise<PlayableVideo> {
    const video = await findPlayableVideo(this.services.db, mediaKey);
    if (video === null) throw videoNotFound();
    return video;
  }

  /**
   * VideoDetails' shared part by media key (null: no such video): both answers, for a caller who may play it and for
   * one who may not, kept as every visitor sees them (sharedReads).
   */
  private sharedDetails(mediaKey: string) {
    const { db, sharedReads } = this.services;
    return sharedReads.get(`playback:details:${mediaKey}`, DETAILS_TABLES, async () => {
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
  }

  /** The video page's video; whether the caller may play it (a purchase of a paid video) is asked per request. */
  async details(mediaKey: string, caller: number | null): Promise<WireVideoDetails> {
    const details = await this.sharedDetails(mediaKey);
    if (details === null) throw videoNotFound();
    if (details.locked === null) return details.unlocked;
    const unlocked = caller !== null && (await videoAccess(this.services.db, caller, details.id)).unlocked;
    return unlocked ? details.unlocked : details.locked;
  }

  /** Where the caller left off: the last episode watched and its progress (episode 1, 0 s for visitors). */
  async playInfo(mediaKey: string, caller: number | null): Promise<PlayInfo> {
    const video = await this.playable(mediaKey);
    const record = caller !== null && !video.media.live ? await playRecordOf(this.services.db, caller, video.id) : null;
    if (record === null || record.episode > video.media.episodeCount) return { episode: 1, progress: 0 };
    // Every episode plays a 20 s clip: a longer progress (an older record) resumes at the clip's end.
    return { episode: record.episode, progress: Math.min(record.progress, DEMO_CLIP_SECONDS) };
  }

  /** The episodes: 第N集 for series; films, short videos and live channels have one, named after the video. */
  async episodes(mediaKey: string): Promise<EpisodeList> {
    const video = await this.playable(mediaKey);
    const { episodeCount, live } = video.media;
    const series = episodeCount > 1;
    const list = Array.from({ length: episodeCount }, (_, index) => ({
      episode: index + 1,
      title: series ? `第${index + 1}集` : video.view.title,
      duration: live ? 0 : DEMO_CLIP_SECONDS,
    }));
    return { list, total: episodeCount };
  }

  /** A signed, expiring address of an episode; 1031 when the video needs gold the caller has not paid. */
  async address(mediaKey: string, episode: number, caller: number | null): Promise<WirePlaySource> {
    const video = await this.playable(mediaKey);
    if (episode > video.media.episodeCount) throw badParam('episode', EPISODE_NOT_FOUND);
    const access = await videoAccess(this.services.db, caller, video.id);
    if (!access.unlocked) throw new ApiError(Ret.VideoLocked, RetMessage.VideoLocked);
    const signing = await this.signer();
    if (video.media.live) {
      const channel = video.view.mediaKey;
      if (!CHANNEL_PATTERN.test(channel)) throw videoNotFound();
      return { url: `${LIVE_PREFIX}${signing.sign(liveScope(channel))}/${channel}/index.m3u8`, kind: 'hls', live: true };
    }
    const clip = episodeClip(video.media, episode);
    const token = signing.sign(clip);
    return isHlsClip(clip)
      ? { url: `${VOD_PREFIX}${token}/${clip}/master.m3u8`, kind: 'hls', live: false }
      : { url: `${VOD_PREFIX}${token}/${MP4_CLIP}`, kind: 'mp4', live: false };
  }

  /**
   * AppDownload: the file an episode downloads as (its signed address, named after the video and episode), where the
   * operator allows it (videos.download_allowed; never a live channel); 1031 for a paid video not unlocked.
   */
  async appDownload(mediaKey: string, episode: number, caller: number | null): Promise<AppDownloadLink> {
    const video = await this.playable(mediaKey);
    if (episode > video.media.episodeCount) throw badParam('episode', EPISODE_NOT_FOUND);
    if (video.media.live) throw new ApiError(Ret.DownloadNotAllowed, RetMessage.LiveNotDownloadable);
    if (!(await downloadAllowed(this.services.db, video.id))) throw new ApiError(Ret.DownloadNotAllowed, RetMessage.DownloadNotAllowed);
    const source = await this.address(mediaKey, episode, caller);
    const name = video.media.episodeCount > 1 ? `${video.view.title}-第${episode}集` : video.view.title;
    return { url: source.url, kind: source.kind, fileName: `${name}.${source.kind === 'mp4' ? 'mp4' : 'm3u8'}` };
  }

  /** Videos of the same category, most played first, without the video itself. */
  async related(mediaKey: string): Promise<WireVideo[]> {
    const video = await this.playable(mediaKey);
    return videoViews(this.services.db, 'v.category = $1 AND v.id <> $2', [video.view.category, video.id], ORDER_BY.hot, PlaybackLimits.relatedSize);
  }

  /** /watching: the caller's recent plays (newest first, with episode and progress) and the most played videos. */
  async watching(caller: number | null): Promise<WireWatchingLists> {
    const { db } = this.services;
    return {
      mine: caller !== null ? await watchingOf(db, caller, PlaybackLimits.watchingSize) : [],
      everyone: await videoViews(db, 'true', [], ORDER_BY.hot, PlaybackLimits.everyoneSize),
    };
  }
}
