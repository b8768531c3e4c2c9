import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Video } from '../../core/shared-kernel/video.ts';
import { formatDuration } from '../../core/display/duration.ts';
import { playedFraction } from '../../core/playback/play-rules.ts';
import type { PlayService } from '../../core/playback/play-service.ts';
import type { Episode, PlayDetails, WatchingVideo } from '../../core/playback/play-video.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { playPathOf } from './play-view-model.ts';

export type LoadStatus = 'loading' | 'ready' | 'failed';

/** What a watched video's row shows: where the viewer stopped, and how far that is. */
export function watchedLine(video: WatchingVideo): { label: string; percent: number } {
  const length = video.episodeDuration > 0 ? video.episodeDuration : video.duration;
  const where = `观看至 ${formatDuration(video.progress)}`;
  return {
    label: video.episode > 1 ? `第${video.episode}集 ${where}` : where,
    percent: Math.round(playedFraction(video.progress, length) * 100),
  };
}

/** Details and episodes of one video (a single entry for a film), for /choseEpisodes, /albumDetail and /playDownload. */
async function videoAndEpisodes(service: PlayService, mediaKey: string): Promise<{ details: PlayDetails; episodes: Episode[] }> {
  const [details, episodes] = await Promise.all([service.details(mediaKey), service.episodes(mediaKey, { suppressTips: true }).catch((): Episode[] => [])]);
  return { details, episodes: episodes.length > 0 ? episodes : [{ episode: 1, title: details.title, duration: 0 }] };
}

/** One video's details and episodes as a page loads them (/choseEpisodes, /albumDetail). */
export class VideoEpisodesPage {
  status: LoadStatus = 'loading';
  details: PlayDetails | null = null;
  episodes: readonly Episode[] = [];

  constructor(
    private readonly service: PlayService,
    readonly mediaKey: string,
  ) {
    makeAutoObservable<VideoEpisodesPage, 'service'>(this, { service: false, details: observableRef, episodes: observableRef }, { autoBind: true });
  }

  get missing(): boolean {
    return this.mediaKey === '';
  }

  async load(): Promise<void> {
    if (this.missing) return;
    this.status = 'loading';
    try {
      const { details, episodes } = await videoAndEpisodes(this.service, this.mediaKey);
      runInAction(() => {
        this.details = details;
        this.episodes = episodes;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }
}

/** /choseEpisodes (query mediaKey, episode): every episode; a tap plays it in place of this page. */
export class ChoseEpisodesViewModel {
  readonly page: VideoEpisodesPage;

  constructor(
    service: PlayService,
    private readonly navigator: Navigator,
    mediaKey: string,
    readonly current: number | null,
  ) {
    this.page = new VideoEpisodesPage(service, mediaKey);
    makeAutoObservable<ChoseEpisodesViewModel, 'navigator'>(this, { navigator: false, page: false }, { autoBind: true });
  }

  episodeTapped(episode: number): void {
    this.navigator.replace(playPathOf(this.page.mediaKey), { episode: String(episode) });
  }
}

/** /albumDetail (query mediaKey): poster, title, year, area, tags, score, description and the episodes. */
export class AlbumDetailViewModel {
  readonly page: VideoEpisodesPage;

  constructor(
    service: PlayService,
    private readonly navigator: Navigator,
    mediaKey: string,
  ) {
    this.page = new VideoEpisodesPage(service, mediaKey);
    makeAutoObservable<AlbumDetailViewModel, 'navigator'>(this, { navigator: false, page: false }, { autoBind: true });
  }

  get lines(): string[] {
    const d = this.page.details;
    if (!d) return [];
    return [
      [d.year ? `${d.year}` : '', d.area].filter(Boolean).join(' · '),
      d.tags.join(' / '),
      d.episodeCount > 1 ? `共${d.episodeCount}集` : '',
    ].filter(Boolean);
  }

  get score(): string {
    const d = this.page.details;
    return d && d.score > 0 ? d.score.toFixed(1) : '';
  }

  playTapped(): void {
    this.navigator.push(playPathOf(this.page.mediaKey));
  }

  episodeTapped(episode: number): void {
    this.navigator.push(playPathOf(this.page.mediaKey), { episode: String(episode) });
  }
}

export type DownloadRow =
  | { episode: number; title: string; kind: 'mp4'; url: string; fileName: string }
  | { episode: number; title: string; kind: 'refused'; reason: string }
  | { episode: number; title: string; kind: 'hls' | 'live' | 'locked' | 'failed' };

/**
 * /playDownload (query mediaKey): the episodes and what each offers (AppDownload): MP4 ones download, HLS ones need the
 * app, where the operator does not allow it its reason.
 */
export class PlayDownloadViewModel {
  status: LoadStatus = 'loading';
  title = '';
  rows: readonly DownloadRow[] = [];

  constructor(
    private readonly service: PlayService,
    private readonly navigator: Navigator,
    readonly mediaKey: string,
  ) {
    makeAutoObservable<PlayDownloadViewModel, 'service' | 'navigator'>(this, { service: false, navigator: false, rows: observableRef }, { autoBind: true });
  }

  get missing(): boolean {
    return this.mediaKey === '';
  }

  get needsApp(): boolean {
    return this.rows.some((row) => row.kind === 'hls');
  }

  /** The operator's reason when it allows no episode to be downloaded (AppDownload's refusal), else null. */
  get refusal(): string | null {
    const first = this.rows[0];
    return first?.kind === 'refused' && this.rows.every((row) => row.kind === 'refused') ? first.reason : null;
  }

  async load(): Promise<void> {
    if (this.missing) return;
    this.status = 'loading';
    try {
      const { details, episodes } = await videoAndEpisodes(this.service, this.mediaKey);
      const rows = await Promise.all(episodes.map((e) => this.rowOf(e, details.live)));
      runInAction(() => {
        this.title = details.title;
        this.rows = rows;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  appTapped(): void {
    this.navigator.push('/app-download');
  }

  unlockTapped(): void {
    this.navigator.push(playPathOf(this.mediaKey));
  }

  private async rowOf(episode: Episode, live: boolean): Promise<DownloadRow> {
    const base = { episode: episode.episode, title: episode.title };
    if (live) return { ...base, kind: 'live' };
    try {
      const offer = await this.service.download(this.mediaKey, episode.episode);
      if (offer.kind === 'locked') return { ...base, kind: 'locked' };
      if (offer.kind === 'refused') return { ...base, kind: 'refused', reason: offer.reason };
      return offer.media === 'mp4' ? { ...base, kind: 'mp4', url: offer.url, fileName: offer.fileName } : { ...base, kind: 'hls' };
    } catch {
      return { ...base, kind: 'failed' };
    }
  }
}

/** /watching: the logged-in viewer's 继续观看 with progress, then 大家在看. */
export class WatchingViewModel {
  status: LoadStatus = 'loading';
  mine: readonly WatchingVideo[] = [];
  everyone: readonly Video[] = [];

  constructor(
    private readonly service: PlayService,
    private readonly session: SessionModel,
  ) {
    makeAutoObservable<WatchingViewModel, 'service' | 'session'>(this, { service: false, session: false, mine: observableRef, everyone: observableRef }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  async load(): Promise<void> {
    this.status = this.mine.length + this.everyone.length > 0 ? 'ready' : 'loading';
    try {
      const lists = await this.service.watching({ suppressTips: true });
      runInAction(() => {
        this.mine = lists.mine;
        this.everyone = lists.everyone;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }
}

/** /watch (query mediaKey, episode): the old address of the player, replaced by /play/<mediaKey>. */
export class WatchRedirectViewModel {
  constructor(private readonly navigator: Navigator) {}

  /** Replaces this page with the player of `mediaKey` (nothing when there is none: the screen says it is missing). */
  redirect(mediaKey: string, episode: number | null): void {
    if (mediaKey) this.navigator.replace(playPathOf(mediaKey), episode !== null ? { episode: String(episode) } : {});
  }
}

/** The playback pages' view-models, bound by the composition root (playback-bindings.ts). */
export const ChoseEpisodesModel = viewModelToken<ChoseEpisodesViewModel, { mediaKey: string; episode: number | null }>('ChoseEpisodesViewModel');
export const AlbumDetailModel = viewModelToken<AlbumDetailViewModel, { mediaKey: string }>('AlbumDetailViewModel');
export const PlayDownloadModel = viewModelToken<PlayDownloadViewModel, { mediaKey: string }>('PlayDownloadViewModel');
export const WatchingModel = viewModelToken<WatchingViewModel>('WatchingViewModel');
export const WatchRedirectModel = viewModelToken<WatchRedirectViewModel>('WatchRedirectViewModel');
