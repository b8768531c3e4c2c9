import type { FullscreenTarget } from '../ports/fullscreen.ts';
import type { MediaEvent, MediaPlayer } from '../ports/media-player.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import { PlayFullscreen } from './play-fullscreen.ts';
import { PlayProgressRecorder, type PlayPosition } from './play-progress.ts';
import {
  chooseEpisode,
  clampTime,
  decideAutoplay,
  nextEpisode,
  recordedProgress,
  resumeProgress,
  shouldAdvance,
  startPosition,
} from './play-rules.ts';
import { DEFAULT_PREFERENCES, initialPlayState, type PlaybackPreferences, type PlaySessionDeps, type PlaySessionState } from './play-session-state.ts';
import type { PlayerSettings } from './play-settings.ts';
import type { Episode, PlayInfo } from './play-video.ts';

/**
 * One video on the play screen: loads its details, the viewer's last position, the episodes, the related
 * videos and the play address (or the gold lock), and drives the player through the MediaPlayer port (start
 * position, autoplay or the mobile-data question, next episode, skip intro and outro). Recording the viewer's
 * progress is {@link PlayProgressRecorder}'s job (told when playback starts, pauses, changes episode or leaves);
 * fullscreen is {@link PlayFullscreen}'s.
 */
export class PlaySession {
  private state: PlaySessionState;
  private readonly listeners = new Set<(state: PlaySessionState) => void>();
  private player: MediaPlayer | null = null;
  private playerOff: Unsubscribe | null = null;
  private readonly offs: Unsubscribe[] = [];
  private info: PlayInfo = { episode: 1, progress: 0 };
  private preferences: Promise<PlaybackPreferences> = Promise.resolve(DEFAULT_PREFERENCES);
  private readonly progress: PlayProgressRecorder;
  private readonly screen: PlayFullscreen;
  /** The viewer accepted mobile data once on this screen (the next episode does not ask again). */
  private mobileDataAccepted = false;
  /** Bumped at each load: late answers of an earlier one are dropped. */
  private generation = 0;
  /** Bumped at each open: the related videos of an earlier video are dropped. */
  private opened = 0;
  private closed = false;

  constructor(private readonly deps: PlaySessionDeps) {
    this.state = initialPlayState(deps.settings.current());
    this.progress = new PlayProgressRecorder({
      service: deps.service,
      clock: deps.clock,
      loggedIn: deps.loggedIn,
      position: () => this.position(),
      sent: (position) => {
        this.info = { episode: position.episode, progress: position.progress };
      },
    });
    this.screen = new PlayFullscreen(deps.fullscreen, deps.playerState);
    this.offs.push(
      deps.settings.subscribe((settings) => this.update({ settings })),
      deps.visibility.onChange((visible) => {
        if (!visible) void this.record();
      }),
    );
  }

  current(): PlaySessionState {
    return this.state;
  }

  subscribe(listener: (state: PlaySessionState) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the video and the episode asked for (null: the last watched one). */
  async open(mediaKey: string, requestedEpisode: number | null): Promise<void> {
    const opened = ++this.opened;
    const generation = ++this.generation;
    this.progress.pause();
    this.update({ phase: 'loading', mediaKey, details: null, access: 'pending', source: null, attached: false, mediaFailed: false });
    this.preferences = this.deps.preferences.load().catch(() => DEFAULT_PREFERENCES);
    void this.preferences.then((preferences) => this.deps.playerState.setDanmuOpen(preferences.danmuOpen));
    const { service } = this.deps;
    void service.related(mediaKey).then(
      (related) => opened === this.opened && this.update({ related }),
      () => undefined,
    );
    try {
      const [details, info, episodes] = await Promise.all([
        service.details(mediaKey),
        service.playInfo(mediaKey).catch((): PlayInfo => ({ episode: 1, progress: 0 })),
        service.episodes(mediaKey, { suppressTips: true }).catch((): Episode[] => []),
      ]);
      if (generation !== this.generation) return;
      this.info = info;
      const list = episodes.length > 0 ? episodes : [{ episode: 1, title: details.title, duration: details.duration }];
      const episode = chooseEpisode(requestedEpisode, info, list);
      this.update({ phase: 'ready', details, episodes: list, episode });
    } catch {
      if (generation === this.generation) this.update({ phase: 'failed' });
      return;
    }
    await this.loadAddress();
  }

  /** Tries again what failed: the whole page, the address, or the media. */
  async retry(): Promise<void> {
    if (this.state.phase === 'failed') return this.open(this.state.mediaKey, this.state.episode);
    if (this.state.access === 'failed') return this.loadAddress();
    if (this.state.mediaFailed) return this.begin(true);
  }

  /** The player of the page's media element; playback starts once the address and the inserted ad allow. */
  attach(player: MediaPlayer): void {
    if (this.player === player) return;
    this.detach();
    this.player = player;
    this.playerOff = player.on((event) => this.heard(event));
    void this.begin(false);
  }

  detach(): void {
    this.playerOff?.();
    this.playerOff = null;
    this.player = null;
    this.update({ attached: false });
  }

  /** The inserted ad finished (or there was none). */
  prerollFinished(): void {
    if (this.state.prerollDone) return;
    this.update({ prerollDone: true });
    void this.begin(false);
  }

  /** The gold gate unlocked the video: ask for the address again. */
  unlocked(): Promise<void> {
    return this.loadAddress();
  }

  /** Plays another episode of this video (from the strip, the episode page or the address bar). */
  async selectEpisode(episode: number): Promise<void> {
    if (this.state.phase !== 'ready' || !this.state.episodes.some((e) => e.episode === episode)) return;
    if (episode === this.state.episode && this.state.access !== 'failed') return;
    // The record reads the position now, before the episode changes.
    const recorded = this.record();
    this.info = this.info.episode === episode ? this.info : { episode, progress: 0 };
    this.update({ episode });
    await Promise.all([recorded, this.loadAddress(true)]);
  }

  togglePlay(): void {
    const player = this.player;
    if (this.state.askingMobileData) return this.continueOnMobileData();
    if (this.state.mediaFailed) {
      void this.retry();
      return;
    }
    if (!player || !this.state.attached) return;
    if (player.paused()) {
      this.update({ pausedByUser: false, awaitingTap: false });
      void this.play(this.generation);
    } else {
      this.update({ pausedByUser: true });
      player.pause();
    }
  }

  /** 继续播放 under the mobile-data notice. */
  continueOnMobileData(): void {
    this.mobileDataAccepted = true;
    this.update({ askingMobileData: false });
    void this.play(this.generation);
  }

  seek(seconds: number): void {
    const player = this.player;
    if (!player || !this.state.attached || this.state.source?.live) return;
    const time = clampTime(seconds, player.duration());
    player.seek(time);
    this.update({ time });
  }

  setSetting(name: keyof PlayerSettings, value: boolean): void {
    this.deps.settings.set(name, value);
  }

  /** Fullscreen on or off: the element through the Fullscreen API, else the window (the UI fills it). */
  toggleFullscreen(target: FullscreenTarget): Promise<void> {
    return this.screen.toggle(target);
  }

  /** Leaving the screen: the last record, timers stopped, fullscreen left, the source detached. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const recorded = this.record();
    this.progress.pause();
    this.generation++;
    for (const off of this.offs.splice(0)) off();
    this.screen.close();
    const player = this.player;
    this.detach();
    player?.unload();
    this.listeners.clear();
    await recorded;
  }

  /** Sends the viewer's position when logged in (skipped when it is the same as the last one sent). */
  async record(): Promise<void> {
    await this.progress.record();
  }

  /** The position a record sends: none until the episode's source is attached to the player. */
  private position(): PlayPosition | null {
    const { phase, mediaKey, episode, source, attached } = this.state;
    const player = this.player;
    if (phase !== 'ready' || !source || !attached || !player) return null;
    return { mediaKey, episode, progress: recordedProgress(source.live, player.currentTime(), player.duration()) };
  }

  private async loadAddress(autoplay = false): Promise<void> {
    const generation = ++this.generation;
    const { mediaKey, episode } = this.state;
    this.progress.restart();
    this.update({ access: 'pending', source: null, attached: false, mediaFailed: false, time: 0, duration: Number.NaN, playing: false, awaitingTap: false });
    try {
      const address = await this.deps.service.address(mediaKey, episode);
      if (generation !== this.generation) return;
      if (address.locked) {
        this.player?.unload();
        this.update({ access: 'locked' });
        return;
      }
      this.update({ access: 'open', source: address.source });
    } catch {
      if (generation === this.generation) this.update({ access: 'failed' });
      return;
    }
    await this.begin(autoplay);
  }

  /**
   * Attaches the source at its start position, then plays: at once when continuing (next episode, another
   * episode chosen), else after the autoplay decision; a refusal by the browser leaves the play button.
   */
  private async begin(continuing: boolean): Promise<void> {
    const { source, details, prerollDone, access } = this.state;
    const player = this.player;
    if (!player || !source || !details || !prerollDone || access !== 'open') return;
    const generation = ++this.generation;
    this.progress.restart();
    const episode = this.state.episodes.find((e) => e.episode === this.state.episode);
    const startAt = startPosition({
      progress: resumeProgress(this.state.episode, this.info),
      introEnd: details.introEnd,
      skipIntro: this.state.settings.skip,
      duration: episode?.duration ?? Number.NaN,
      live: source.live,
    });
    this.update({ attached: false, mediaFailed: false, askingMobileData: false, awaitingTap: false, time: startAt });
    try {
      await player.load(source, startAt);
    } catch {
      if (generation === this.generation) this.update({ mediaFailed: true });
      return;
    }
    if (generation !== this.generation) return;
    this.update({ attached: true, duration: player.duration() });
    const preferences = await this.preferences;
    if (generation !== this.generation) return;
    const decision = continuing || this.mobileDataAccepted ? 'play' : decideAutoplay(this.deps.network.current(), preferences.autoPlayWhenWWAN);
    if (decision === 'ask') {
      this.update({ askingMobileData: true });
      return;
    }
    await this.play(generation);
  }

  private async play(generation: number): Promise<void> {
    const player = this.player;
    if (!player || !this.state.attached) return;
    const started = await player.play();
    if (generation === this.generation && !started && player.paused()) this.update({ awaitingTap: true });
  }

  private heard(event: MediaEvent): void {
    const player = this.player;
    if (!player) return;
    switch (event) {
      case 'play':
        this.update({ playing: true, pausedByUser: false, awaitingTap: false, askingMobileData: false });
        break;
      case 'playing':
        void this.progress.playing();
        break;
      case 'pause':
        this.progress.pause();
        this.update({ playing: false });
        if (!player.ended()) void this.record();
        break;
      case 'timeupdate':
      case 'seeked':
        this.update({ time: player.currentTime(), duration: player.duration() });
        this.maybeAdvance(false);
        break;
      case 'durationchange':
        this.update({ duration: player.duration() });
        break;
      case 'ended':
        this.progress.pause();
        this.update({ playing: false, time: player.currentTime() });
        void this.record();
        this.maybeAdvance(true);
        break;
      case 'error':
        this.progress.pause();
        this.update({ mediaFailed: true, playing: false });
        break;
      default:
        break;
    }
  }

  private maybeAdvance(ended: boolean): void {
    const { details, source, episode, episodes, settings, attached } = this.state;
    if (!details || !source || !attached) return;
    const next = nextEpisode(episode, episodes);
    const advance = shouldAdvance({
      time: this.state.time,
      ended,
      outroStart: details.outroStart,
      skipOutro: settings.skip,
      autoNext: settings.next,
      live: source.live,
      hasNext: next !== null,
    });
    if (advance && next !== null) void this.selectEpisode(next);
  }

  private update(change: Partial<PlaySessionState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}
