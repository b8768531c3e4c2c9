import { makeAutoObservable, runInAction } from 'mobx';
import { isMiniPlayerDrag, settleMiniPlayer, type MiniPlayerEntry, type MiniPlayerSide, type MiniPlayerStore } from '../../core/playback/mini-player.ts';
import type { PlayPosition, PlayProgressRecorder } from '../../core/playback/play-progress.ts';
import { recordedProgress } from '../../core/playback/play-rules.ts';
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
  /** The side it keeps to (dragged there). */
  side: MiniPlayerSide;
  /** Its offset (CSS px) from its resting place while dragged or before it glides back; null at rest. */
  offset: { x: number; y: number } | null = null;
  /** Following a finger. */
  dragging = false;
  /** Gliding to its resting place after a drag. */
  gliding = false;
  /** Where the pointer went down, while it is down. */
  private press: { x: number; y: number } | null = null;
  /** The last press was a drag, so the click that may follow it is no tap. */
  private dragged = false;
  private player: MediaPlayer | null = null;
  private element: object | null = null;
  private off: (() => void) | null = null;
  private mounts = 0;
  private readonly recorder: PlayProgressRecorder | null;

  constructor(private readonly deps: MiniPlayerDeps) {
    this.entry = deps.store.current();
    this.side = deps.store.side();
    this.recorder = deps.makeRecorder?.(() => this.position()) ?? null;
    makeAutoObservable<MiniPlayerViewModel, 'deps' | 'player' | 'off' | 'mounts' | 'element' | 'recorder' | 'press' | 'dragged'>(
      this,
      { deps: false, player: false, off: false, mounts: false, element: false, recorder: false, entry: false, press: false, dragged: false },
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

  /** A finger (or the mouse's main button) went down on the floating player, at (x, y) on the screen. */
  pressed(x: number, y: number): void {
    this.press = { x, y };
    this.dragging = false;
    this.dragged = false;
    this.gliding = false;
    this.offset = null;
  }

  /**
   * The pointer moved to (x, y): past the drag threshold the player follows it. True while it drags (the screen
   * then keeps the pointer's events for the player).
   */
  moved(x: number, y: number): boolean {
    const press = this.press;
    if (!press) return false;
    const dx = x - press.x;
    const dy = y - press.y;
    if (!this.dragging && !isMiniPlayerDrag(dx, dy)) return false;
    this.dragging = true;
    this.dragged = true;
    this.offset = { x: dx, y: dy };
    return true;
  }

  /**
   * The pointer was lifted (or the browser took it) with the player's box where `drop` says: a drag settles on
   * the nearer side (kept for the next video) and glides from where it was let go.
   */
  released(drop: { left: number; width: number }, viewportWidth: number): void {
    const press = this.press;
    this.press = null;
    if (!press || !this.dragging) return;
    this.dragging = false;
    const { side, glideFrom } = settleMiniPlayer(drop, viewportWidth);
    this.deps.store.settledOn(side);
    this.side = side;
    this.offset = { x: glideFrom, y: this.offset?.y ?? 0 };
  }

  /** Let go after a drag, at the offset it glides from (until the screen has laid that out). */
  get letGo(): boolean {
    return this.offset !== null && !this.dragging && !this.gliding;
  }

  /** Its let-go position is laid out: it glides to its resting place. */
  glideStarted(): void {
    if (!this.letGo) return;
    this.offset = null;
    this.gliding = true;
  }

  glideEnded(): void {
    this.gliding = false;
  }

  /** A tap on the picture: back to the play page, which continues from here (not the end of a drag). */
  returnTapped(): void {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
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
    return { mediaKey: entry.mediaKey, episode: entry.episode, progress: recordedProgress(entry.source.live, player.currentTime(), player.duration()) };
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
