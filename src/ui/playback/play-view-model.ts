import { makeAutoObservable, observableRef, reaction, runInAction } from 'mobx';
import type { Video } from '../../core/shared-kernel/video.ts';
import { formatDuration } from '../../core/display/duration.ts';
import type { PlayerState, PlayerStateStore } from '../../core/playback/play-player-state.ts';
import { playedFraction } from '../../core/playback/play-rules.ts';
import { PlayTexts } from '../../core/playback/playback-texts.ts';
import type { PlaySession } from '../../core/playback/play-session.ts';
import { initialPlayState, type PlaySessionState } from '../../core/playback/play-session-state.ts';
import type { PlaySessionFactory } from '../../core/playback/play-session-factory.ts';
import { DEFAULT_PLAYER_SETTINGS, type PlayerSettings } from '../../core/playback/play-settings.ts';
import type { Episode } from '../../core/playback/play-video.ts';
import type { FullscreenTarget } from '../../core/ports/fullscreen.ts';
import type { MediaPlayer, MediaPlayerFactory } from '../../core/ports/media-player.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { createPlayerHandle, type DisposablePlayerHandle } from './player-handle.ts';
import type { PlayerControlsViewModel } from './player-controls-view-model.ts';
import type { PlayerHandle, VideoUploader } from '../common/player-slots.ts';

export const playPathOf = (mediaKey: string): string => `/play/${encodeURIComponent(mediaKey)}`;

/** A positive whole episode number from a query value, else null. */
export function episodeFromQuery(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export interface PlayViewModelDeps {
  makeSession: PlaySessionFactory;
  playerState: PlayerStateStore;
  navigator: Navigator;
  makePlayer: MediaPlayerFactory;
  /** Called after leaving, once the last play record is sent (refreshes the home's watching list). */
  left?: () => void;
  /** Speed, quality, the long press's 2× and the keyboard (player-controls-view-model.ts). */
  controls?: PlayerControlsViewModel;
}

/** The play screen (/play/:mediaKey): a MobX mirror of the play session, display values and the viewer's intents. */
export class PlayViewModel {
  state: PlaySessionState;
  player: PlayerState;
  /** The handle the parts over the player read (one per episode attached). */
  handle: DisposablePlayerHandle | null = null;
  moreFunOpen = false;
  /** The time under the viewer's finger while dragging the progress bar. */
  scrubTime: number | null = null;
  private session: PlaySession | null = null;
  private mediaPlayer: MediaPlayer | null = null;
  /** Counts the <video> mounts: a player made for an element that left is dropped. */
  private mounts = 0;
  private readonly mediaKey: string;

  constructor(
    private readonly deps: PlayViewModelDeps,
    mediaKey: string,
  ) {
    this.mediaKey = mediaKey;
    this.state = initialPlayState(DEFAULT_PLAYER_SETTINGS);
    this.player = deps.playerState.current();
    makeAutoObservable<PlayViewModel, 'deps' | 'session' | 'mediaPlayer' | 'mounts' | 'mediaKey'>(
      this,
      { deps: false, session: false, mediaPlayer: false, mounts: false, mediaKey: false, state: observableRef, player: observableRef, handle: observableRef, texts: false },
      { autoBind: true },
    );
  }

  /** Opens the video; returns the cleanup that leaves it (last record, fullscreen off, source detached). */
  opened(episode: number | null): () => void {
    const { playerState } = this.deps;
    const offs: (() => void)[] = [];
    let left = false;
    offs.push(playerState.subscribe((state) => runInAction(() => (this.player = state))));
    // The session moved on by itself (next episode): the address bar follows.
    offs.push(
      reaction(
        () => (this.state.phase === 'ready' ? this.state.episode : null),
        (now, before) => {
          if (now !== null && before !== null && now !== before) this.syncAddress(now);
        },
      ),
    );
    void this.deps.makeSession().then((session) => {
      if (left) return;
      this.session = session;
      offs.push(session.subscribe((state) => runInAction(() => this.sessionChanged(state))));
      if (this.mediaPlayer) session.attach(this.mediaPlayer);
      void session.open(this.mediaKey, episode);
    });
    return () => {
      left = true;
      for (const off of offs.splice(0)) off();
      this.handle?.dispose();
      this.handle = null;
      const session = this.session;
      this.session = null;
      void session?.close().then(() => this.deps.left?.());
    };
  }

  /** The <video> element is in the page (null when it leaves). */
  videoMounted(element: object | null): void {
    const mount = ++this.mounts;
    if (!element) {
      this.session?.detach();
      this.mediaPlayer = null;
      this.deps.controls?.playerChanged(null);
      return;
    }
    void this.deps.makePlayer(element).then((player) => {
      if (mount !== this.mounts) return;
      this.mediaPlayer = player;
      this.deps.controls?.playerChanged(player);
      this.session?.attach(player);
    });
  }

  /** The address bar's episode changed (the strip, /choseEpisodes, the browser's history). */
  episodeQueryChanged(episode: number | null): void {
    if (episode !== null && this.state.phase === 'ready') void this.session?.selectEpisode(episode);
  }

  // ---- display values ----

  /** The speed and quality menus, the long press's 2× and the keyboard; null where not bound (tests). */
  get controls(): PlayerControlsViewModel | null {
    return this.deps.controls ?? null;
  }

  get details() {
    return this.state.details;
  }

  get title(): string {
    return this.state.details?.title ?? '';
  }

  get loading(): boolean {
    return this.state.phase === 'loading';
  }

  get failed(): boolean {
    return this.state.phase === 'failed';
  }

  get live(): boolean {
    return this.state.details?.live === true || this.state.source?.live === true;
  }

  get locked(): boolean {
    return this.state.access === 'locked';
  }

  get goldPrice(): number {
    return this.state.details?.goldPrice ?? 0;
  }

  get episode(): number {
    return this.state.episode;
  }

  get episodes(): readonly Episode[] {
    return this.state.episodes;
  }

  /** The strip shows for series (more than one episode). */
  get showEpisodes(): boolean {
    return this.state.episodes.length > 1;
  }

  get currentEpisodeTitle(): string {
    return this.state.episodes.find((e) => e.episode === this.state.episode)?.title ?? '';
  }

  get related(): readonly Video[] {
    return this.state.related;
  }

  get uploader(): VideoUploader | null {
    return this.state.details?.uploader ?? null;
  }

  get category(): string {
    return this.state.details?.category ?? '';
  }

  get infoLine(): string {
    const d = this.state.details;
    if (!d) return '';
    return [d.score > 0 ? `${d.score.toFixed(1)}分` : '', d.year ? String(d.year) : '', d.area, d.tags.join(' / ')].filter(Boolean).join(' · ');
  }

  /** The inserted ad shows before playback once the address is known (not over the gold gate). */
  get showInsertedAd(): boolean {
    return this.state.access === 'open' && !this.state.prerollDone;
  }

  get pausedByUser(): boolean {
    return this.state.pausedByUser;
  }

  /** The handle for the parts over the player: null until the source is attached, and under the gate or the ad. */
  get slotPlayer(): PlayerHandle | null {
    const { attached, access, prerollDone } = this.state;
    return attached && access === 'open' && prerollDone ? this.handle : null;
  }

  get playing(): boolean {
    return this.state.playing;
  }

  get playLabel(): string {
    return this.state.playing ? '暂停' : '播放';
  }

  get askingMobileData(): boolean {
    return this.state.askingMobileData;
  }

  get awaitingTap(): boolean {
    return this.state.awaitingTap && !this.state.askingMobileData;
  }

  get mediaFailed(): boolean {
    return this.state.mediaFailed || this.state.access === 'failed';
  }

  get shownTime(): number {
    return this.scrubTime ?? this.state.time;
  }

  get duration(): number {
    const d = this.state.duration;
    return Number.isFinite(d) && d > 0 ? d : 0;
  }

  get timeLabel(): string {
    return formatDuration(this.shownTime);
  }

  get durationLabel(): string {
    return formatDuration(this.duration);
  }

  get progressPercent(): number {
    return Math.round(playedFraction(this.shownTime, this.duration) * 1000) / 10;
  }

  get fullscreen(): boolean {
    return this.player.playerIsFullscreen;
  }

  get settings(): PlayerSettings {
    return this.state.settings;
  }

  readonly texts = PlayTexts;

  // ---- intents ----

  playTapped(): void {
    this.session?.togglePlay();
  }

  continueTapped(): void {
    this.session?.continueOnMobileData();
  }

  retryTapped(): void {
    void this.session?.retry();
  }

  /** The progress bar moved: while dragging only the label follows; a tap or a key seeks at once. */
  scrubbed(seconds: number, dragging: boolean): void {
    if (dragging) this.scrubTime = seconds;
    else this.seekTo(seconds);
  }

  scrubEnded(): void {
    if (this.scrubTime === null) return;
    const time = this.scrubTime;
    this.seekTo(time);
  }

  seekTo(seconds: number): void {
    this.scrubTime = null;
    this.session?.seek(seconds);
  }

  fullscreenTapped(target: FullscreenTarget): void {
    void this.session?.toggleFullscreen(target);
  }

  moreFunTapped(): void {
    this.moreFunOpen = true;
  }

  moreFunClosed(): void {
    this.moreFunOpen = false;
  }

  settingChanged(name: keyof PlayerSettings, value: boolean): void {
    this.session?.setSetting(name, value);
  }

  episodeTapped(episode: number): void {
    if (episode === this.state.episode) return;
    this.syncAddress(episode);
  }

  moreEpisodesTapped(): void {
    this.deps.navigator.push('/choseEpisodes', { mediaKey: this.mediaKey, episode: String(this.state.episode) });
  }

  introTapped(): void {
    this.deps.navigator.push('/albumDetail', { mediaKey: this.mediaKey });
  }

  insertedAdFinished(): void {
    this.session?.prerollFinished();
  }

  goldUnlocked(): void {
    void this.session?.unlocked();
  }

  private syncAddress(episode: number): void {
    const here = this.deps.navigator.current();
    if (here.query['episode'] === String(episode)) return;
    this.deps.navigator.replace(playPathOf(this.mediaKey), { ...here.query, episode: String(episode) });
  }

  private sessionChanged(state: PlaySessionState): void {
    const before = this.state;
    this.state = state;
    const player = this.mediaPlayer;
    // A new source attached: a new handle for the parts over the player.
    if (state.attached && (!before.attached || before.source !== state.source) && player && state.source) {
      this.handle?.dispose();
      this.handle = createPlayerHandle(player, state.source.live, this.deps.playerState);
    } else if (!state.attached && before.attached) {
      this.handle?.dispose();
      this.handle = null;
    }
  }
}

/** The play screen's view-model for one video, bound by the composition root (playback-bindings.ts). */
export const PlayModel = viewModelToken<PlayViewModel, { mediaKey: string }>('PlayViewModel');
