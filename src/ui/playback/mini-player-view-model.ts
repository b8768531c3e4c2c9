import { makeAutoObservable, runInAction } from 'mobx';
import type { MiniPlayerEntry, MiniPlayerStore } from '../../core/playback/mini-player.ts';
import type { PlayPosition, PlayProgressRecorder } from '../../core/playback/play-progress.ts';
import type { PlayerTuning } from '../../core/playback/player-tuning.ts';
import type { MediaPlayer, MediaPlayerFactory } from '../../core/ports/media-player.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export interface MiniPlayerDeps {
  store: MiniPlayerStore;
  navigator: Navigator;
  makePlayer: MediaPlayerFactory;
  /** Records a signed-in viewer's progress as the play page does (start, every 15 s, pause, leaving). */
  makeRecorder?: (position: () => PlayPosition | null) => PlayProgressRecorder;
  /** The device's chosen speed and quality, applied to the mini player's source as to the play page's. */
  tuning?: PlayerTuning;
}

/**
 * The floating mini player: plays the video the play page was left playing, from where it was, in a <video> of its
 * own; reports its position to the store; a tap returns to the play page (which continues from there), × closes it.
 */
export class MiniPlayerViewModel {
  readonly entry: MiniPlayerEntry | null;
  playing = false;
  /** Playing without sound: the browser refused to start it with sound. */
  muted = false;
  private player: MediaPlayer | null = null;
  private element: object | null = null;
  private off: (() => void) | null = null;
  private mounts = 0;
  private readonly recorder: PlayProgressRecorder | null;

  constructor(private readonly deps: MiniPlayerDeps) {
    this.entry = deps.store.current();
    this.recorder = deps.makeRecorder?.(() => this.position()) ?? null;
    makeAutoObservable<MiniPlayerViewModel, 'deps' | 'player' | 'off' | 'mounts' | 'element' | 'recorder'>(
      this,
      { deps: false, player: false, off: false, mounts: false, element: false, recorder: false, entry: false },
      { autoBind: true },
    );
  }

  get title(): string {
    return this.entry?.title ?? '';
  }

  get playLabel(): string {
    return this.playing ? '暂停' : '播放';
  }

  /** The floating player's <video> is in the page (null when it leaves). */
  videoMounted(element: object | null): void {
    const mount = ++this.mounts;
    this.element = element;
    if (!element) {
      this.release();
      return;
    }
    const entry = this.entry;
    if (!entry) return;
    void this.deps.makePlayer(element).then(async (player) => {
      if (mount !== this.mounts) return;
      this.player = player;
      this.deps.tuning?.attach(player);
      this.off = player.on((event) => {
        if (event === 'timeupdate') this.deps.store.progressed(player.currentTime());
        if (event === 'play' || event === 'playing' || event === 'pause' || event === 'ended') runInAction(() => (this.playing = !player.paused()));
        if (event === 'playing') void this.recorder?.playing()?.catch(() => undefined);
        if (event === 'pause' || event === 'ended') this.stopRecording();
      });
      await player.load(entry.source, entry.time);
      if (mount !== this.mounts || (await player.play())) return;
      // Refused (iPhone Safari starts an unmuted new video only from a tap): on without sound, 🔇 turns it on.
      const media = element as { muted?: boolean };
      media.muted = true;
      const playing = mount === this.mounts && (await player.play());
      runInAction(() => (this.muted = playing));
      if (!playing) media.muted = false;
    });
  }

  /** 🔇: the sound comes back (a tap may unmute). */
  unmuteTapped(): void {
    const media = this.element as { muted?: boolean } | null;
    if (media) media.muted = false;
    this.muted = false;
  }

  /** A tap on the picture: back to the play page, which continues from here. */
  returnTapped(): void {
    this.player?.pause();
    const address = this.deps.store.returnTapped();
    if (address) this.deps.navigator.push(address.path, address.query);
  }

  playTapped(): void {
    const player = this.player;
    if (!player) return;
    if (player.paused()) void player.play();
    else player.pause();
  }

  closeTapped(): void {
    this.player?.pause();
    this.deps.store.close();
  }

  /** Where the viewer is in the mini player (null before its source plays). */
  private position(): PlayPosition | null {
    const { entry, player } = this;
    if (!entry || !player?.source()) return null;
    const time = player.currentTime();
    return { mediaKey: entry.mediaKey, episode: entry.episode, progress: entry.source.live || !Number.isFinite(time) ? 0 : Math.floor(time) };
  }

  /** Timed records stop; the position now is recorded. */
  private stopRecording(): void {
    this.recorder?.pause();
    void this.recorder?.record().catch(() => undefined);
  }

  private release(): void {
    this.stopRecording();
    this.off?.();
    this.off = null;
    this.deps.tuning?.detach();
    this.player?.unload();
    this.player = null;
  }
}

/** The floating mini player's view-model (one per video handed over). */
export const MiniPlayerModel = viewModelToken<MiniPlayerViewModel>('MiniPlayerViewModel');
