import type { Video } from '../shared-kernel/video.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { PlaybackCalls, PlaybackRet } from './playback-protocol.ts';
import type { Episode, PlayInfo } from './playback-protocol.ts';
import { readDownloadLink, readEpisodes, readPlayDetails, readPlayInfo, readRelated, readSource, readWatchingLists } from './play-video.ts';
import type { DownloadOffer, PlayAddress, PlayDetails, WatchingLists } from './play-video.ts';

type RequestOptions = Omit<CallOptions, 'paramsIn' | 'bodyEncoding'>;

/** An answer the client cannot use (no video, no source): shown as a failure like any other. */
const PlayTextsUnreadable = '加载失败';

/** The playback calls, each answering typed data read defensively. */
export class PlayService {
  /** resolveUrl: makes the media paths the API answers addresses of the API server (its origin may differ from the page's). */
  constructor(
    private readonly api: ApiClient,
    private readonly resolveUrl: (url: string) => string = (url) => url,
  ) {}

  async details(mediaKey: string, options: RequestOptions = {}): Promise<PlayDetails> {
    const details = readPlayDetails(await this.api.request(PlaybackCalls.details, { mediaKey }, options));
    if (!details) throw new ApiError(0, PlayTextsUnreadable);
    return details;
  }

  async playInfo(mediaKey: string): Promise<PlayInfo> {
    return readPlayInfo(await this.api.request(PlaybackCalls.playInfo, { mediaKey }, { suppressTips: true }));
  }

  async episodes(mediaKey: string, options: RequestOptions = {}): Promise<Episode[]> {
    return readEpisodes(await this.api.request(PlaybackCalls.episodes, { mediaKey }, options));
  }

  /** The source of an episode, or the lock (ret VideoLocked, answered without a toast: the gold gate says it). */
  async address(mediaKey: string, episode: number): Promise<PlayAddress> {
    try {
      const source = readSource(await this.api.request(PlaybackCalls.address, { mediaKey, episode }, { suppressCodes: [PlaybackRet.VideoLocked] }));
      if (!source) throw new ApiError(0, PlayTextsUnreadable);
      return { locked: false, source: { ...source, url: this.resolveUrl(source.url) } };
    } catch (error) {
      if (error instanceof ApiError && error.ret === PlaybackRet.VideoLocked) return { locked: true };
      throw error;
    }
  }

  /**
   * The download an episode offers (AppDownload): its file, or the lock (1031), or the operator's refusal (1034, its
   * message kept as the reason); both answered without a toast, the download page says them.
   */
  async download(mediaKey: string, episode: number): Promise<DownloadOffer> {
    try {
      const answer = await this.api.request(PlaybackCalls.appDownload, { mediaKey, episode }, { suppressCodes: [PlaybackRet.VideoLocked, PlaybackRet.DownloadNotAllowed] });
      const link = readDownloadLink(answer);
      if (!link) throw new ApiError(0, PlayTextsUnreadable);
      return { kind: 'file', ...link, url: this.resolveUrl(link.url) };
    } catch (error) {
      if (error instanceof ApiError && error.ret === PlaybackRet.VideoLocked) return { kind: 'locked' };
      if (error instanceof ApiError && error.ret === PlaybackRet.DownloadNotAllowed) return { kind: 'refused', reason: error.msg };
      throw error;
    }
  }

  async related(mediaKey: string): Promise<Video[]> {
    return readRelated(await this.api.request(PlaybackCalls.related, { mediaKey }, { suppressTips: true }));
  }

  /** Records where the logged-in viewer is (whole seconds; a GET, as the spec lists it); failures are quiet, the next record repeats it. */
  async addPlayRecord(record: { mediaKey: string; episode: number; progress: number }): Promise<boolean> {
    try {
      await this.api.request(
        PlaybackCalls.addPlayRecord,
        { mediaKey: record.mediaKey, episode: record.episode, progress: Math.max(0, Math.floor(record.progress)) },
        { suppressTips: true },
      );
      return true;
    } catch {
      return false;
    }
  }

  async watching(options: RequestOptions = {}): Promise<WatchingLists> {
    return readWatchingLists(await this.api.request(PlaybackCalls.watching, {}, options));
  }
}
