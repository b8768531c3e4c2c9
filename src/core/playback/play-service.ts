import type { Video } from '../shared-kernel/video.ts';
import { isRefusal } from '../request/api-error.ts';
import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { PlaybackCalls, PlaybackRet } from './playback-protocol.ts';
import type { Episode, PlayInfo } from './playback-protocol.ts';
import type { DownloadOffer, PlayAddress, PlayDetails, WatchingLists } from './play-video.ts';

type RequestOptions = Omit<CallOptions, 'paramsIn' | 'bodyEncoding'>;

/** The playback calls, each answering its typed data (read once by ApiClient through the call's declared answer). */
export class PlayService {
  /** resolveUrl: makes the media paths the API answers addresses of the API server (its origin may differ from the page's). */
  constructor(
    private readonly api: ApiClient,
    private readonly resolveUrl: (url: string) => string = (url) => url,
  ) {}

  async details(mediaKey: string, options: RequestOptions = {}): Promise<PlayDetails> {
    return this.api.request(PlaybackCalls.details, { mediaKey }, options);
  }

  async playInfo(mediaKey: string): Promise<PlayInfo> {
    return this.api.request(PlaybackCalls.playInfo, { mediaKey }, { suppressTips: true });
  }

  async episodes(mediaKey: string, options: RequestOptions = {}): Promise<Episode[]> {
    return (await this.api.request(PlaybackCalls.episodes, { mediaKey }, options)).list;
  }

  /** The source of an episode, or the lock (ret VideoLocked, answered without a toast: the gold gate says it). */
  async address(mediaKey: string, episode: number): Promise<PlayAddress> {
    try {
      const source = await this.api.request(PlaybackCalls.address, { mediaKey, episode });
      return { locked: false, source: { ...source, url: this.resolveUrl(source.url) } };
    } catch (error) {
      if (isRefusal(error, PlaybackCalls.address)) return { locked: true };
      throw error;
    }
  }

  /**
   * The download an episode offers (AppDownload): its file, or the lock (1031), or the operator's refusal (1034, its
   * message kept as the reason); both answered without a toast, the download page says them.
   */
  async download(mediaKey: string, episode: number): Promise<DownloadOffer> {
    try {
      const link = await this.api.request(PlaybackCalls.appDownload, { mediaKey, episode });
      return { kind: 'file', url: this.resolveUrl(link.url), media: link.kind, fileName: link.fileName };
    } catch (error) {
      if (isRefusal(error, PlaybackCalls.appDownload)) return error.ret === PlaybackRet.VideoLocked ? { kind: 'locked' } : { kind: 'refused', reason: error.msg };
      throw error;
    }
  }

  async related(mediaKey: string): Promise<Video[]> {
    return (await this.api.request(PlaybackCalls.related, { mediaKey }, { suppressTips: true })).list;
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
    return this.api.request(PlaybackCalls.watching, {}, options);
  }
}
