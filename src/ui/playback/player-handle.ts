import type { PlayerStateStore } from '../../core/playback/play-player-state.ts';
import type { MediaEvent, MediaPlayer } from '../../core/ports/media-player.ts';
import type { PlayerEvent, PlayerHandle } from '../common/player-slots.ts';

const FORWARDED: ReadonlySet<MediaEvent> = new Set<MediaEvent>(['play', 'pause', 'seeking', 'seeked', 'timeupdate', 'ended', 'ratechange']);

export interface DisposablePlayerHandle extends PlayerHandle {
  /** Stops forwarding events (the episode is over for this handle). */
  dispose(): void;
}

/**
 * The PlayerHandle the parts over and under the player read: the media player of one episode plus the shared
 * fullscreen state. For a live stream, currentTime counts from where this page started playing it.
 */
export function createPlayerHandle(player: MediaPlayer, live: boolean, playerState: PlayerStateStore): DisposablePlayerHandle {
  const listeners = new Set<(event: PlayerEvent) => void>();
  let liveStart: number | null = null;
  let fullscreen = playerState.current().playerIsFullscreen;
  const tell = (event: PlayerEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const offPlayer = player.on((event) => {
    if (live && liveStart === null && event === 'playing') liveStart = player.currentTime();
    if (FORWARDED.has(event)) tell(event as PlayerEvent);
  });
  const offState = playerState.subscribe((state) => {
    if (state.playerIsFullscreen === fullscreen) return;
    fullscreen = state.playerIsFullscreen;
    tell('fullscreenchange');
  });
  return {
    live,
    currentTime: () => (live ? Math.max(0, player.currentTime() - (liveStart ?? player.currentTime())) : player.currentTime()),
    paused: () => player.paused(),
    duration: () => (live ? Number.POSITIVE_INFINITY : player.duration()),
    fullscreen: () => playerState.current().playerIsFullscreen,
    playbackRate: () => player.playbackRate(),
    on: (listener) => {
      const own = (event: PlayerEvent) => listener(event);
      listeners.add(own);
      return () => listeners.delete(own);
    },
    play: async () => {
      await player.play();
    },
    pause: () => player.pause(),
    dispose: () => {
      offPlayer();
      offState();
      listeners.clear();
    },
  };
}
