import type { Clock } from '../ports/clock.ts';
import type { Fullscreen } from '../ports/fullscreen.ts';
import type { MediaSource } from '../ports/media-player.ts';
import type { NetworkType } from '../ports/network-type.ts';
import type { PageVisibility } from '../ports/page-visibility.ts';
import type { Video } from '../shared-kernel/video.ts';
import type { PlayerStateStore } from './play-player-state.ts';
import type { PlayService } from './play-service.ts';
import type { PlayerSettings, PlayerSettingsStore } from './play-settings.ts';
import type { Episode, PlayDetails } from './play-video.ts';

/** The account settings playback follows (kept by the account feature; defaults when unknown). */
export interface PlaybackPreferences {
  autoPlayWhenWWAN: boolean;
  danmuOpen: boolean;
}

/** Where the play session reads the account settings from (bound by the composition to the settings service). */
interface PlaybackPreferencesSource {
  load(): Promise<PlaybackPreferences>;
}

type PlayPhase = 'loading' | 'ready' | 'failed';
/** The play address: not asked yet, a source, the gold lock (ret 1031), or a failed call. */
type PlayAccess = 'pending' | 'open' | 'locked' | 'failed';

export interface PlaySessionState {
  phase: PlayPhase;
  mediaKey: string;
  details: PlayDetails | null;
  episodes: readonly Episode[];
  /** 1-based episode playing (or about to). */
  episode: number;
  related: readonly Video[];
  access: PlayAccess;
  source: MediaSource | null;
  /** The inserted ad (chaBo) is over: playback may start. */
  prerollDone: boolean;
  /** The source is attached to the player: it can be played and handed to the parts over the player. */
  attached: boolean;
  /** On mobile data with autoplay there off: 当前为移动网络… waits for 继续播放. */
  askingMobileData: boolean;
  /** The browser refused to autoplay: the play button waits for a tap. */
  awaitingTap: boolean;
  playing: boolean;
  /** Paused by the viewer (the pause ad shows); false again when playback resumes. */
  pausedByUser: boolean;
  /** Seconds into the episode. */
  time: number;
  /** Seconds; NaN until known, Infinity for live. */
  duration: number;
  /** The media could not be loaded or played. */
  mediaFailed: boolean;
  settings: PlayerSettings;
}

export interface PlaySessionDeps {
  service: PlayService;
  loggedIn: () => boolean;
  clock: Clock;
  network: NetworkType;
  fullscreen: Fullscreen;
  visibility: PageVisibility;
  settings: PlayerSettingsStore;
  playerState: PlayerStateStore;
  preferences: PlaybackPreferencesSource;
}

export const DEFAULT_PREFERENCES: PlaybackPreferences = { autoPlayWhenWWAN: false, danmuOpen: true };

/** The state before anything is loaded. */
export function initialPlayState(settings: PlayerSettings): PlaySessionState {
  return {
    phase: 'loading',
    mediaKey: '',
    details: null,
    episodes: [],
    episode: 1,
    related: [],
    access: 'pending',
    source: null,
    prerollDone: false,
    attached: false,
    askingMobileData: false,
    awaitingTap: false,
    playing: false,
    pausedByUser: false,
    time: 0,
    duration: Number.NaN,
    mediaFailed: false,
    settings,
  };
}
