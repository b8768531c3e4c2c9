import type { Clock, TimerId } from '../ports/clock.ts';
import { PlayLimits } from './play-rules.ts';
import type { PlayService } from './play-service.ts';

/** Where the viewer is: the video, the 1-based episode and whole seconds into it. */
export interface PlayPosition {
  mediaKey: string;
  episode: number;
  progress: number;
}

export interface PlayProgressDeps {
  service: Pick<PlayService, 'addPlayRecord'>;
  clock: Clock;
  loggedIn: () => boolean;
  /** The position to record now, or null when nothing is playable (not loaded, no source, no player). */
  position: () => PlayPosition | null;
  /** Told of each position as it is sent (the session resumes from it when the episode is chosen again). */
  sent: (position: PlayPosition) => void;
}

/**
 * Records a signed-in viewer's progress (AddPlayRecord): once when an episode starts playing, every 15 s while it
 * plays, and whenever the play session asks (pause, hiding the page, changing episode, leaving); the same position
 * twice in a row is sent once.
 */
export class PlayProgressRecorder {
  private timer: TimerId | null = null;
  private last = '';
  /** Whether the current episode's start was recorded. */
  private startRecorded = false;

  constructor(private readonly deps: PlayProgressDeps) {}

  /** Sends the position when signed in and it changed; answers what was sent (null: nothing). */
  async record(): Promise<PlayPosition | null> {
    if (!this.deps.loggedIn()) return null;
    const position = this.deps.position();
    if (!position) return null;
    const key = `${position.mediaKey}|${position.episode}|${position.progress}`;
    if (key === this.last) return null;
    this.last = key;
    this.deps.sent(position);
    await this.deps.service.addPlayRecord(position);
    return position;
  }

  /** The episode is playing: its start is recorded once, then every 15 s until {@link pause}. */
  playing(): Promise<PlayPosition | null> | null {
    const start = this.startRecorded ? null : this.record();
    this.startRecorded = true;
    if (this.timer === null) this.timer = this.deps.clock.repeat(() => void this.record(), PlayLimits.recordEveryMs);
    return start;
  }

  /** Playback stopped for now: no timed records until it plays again. */
  pause(): void {
    if (this.timer === null) return;
    this.deps.clock.cancelRepeat(this.timer);
    this.timer = null;
  }

  /** Another episode (or the same one again) starts from its beginning: its start is recorded again. */
  restart(): void {
    this.pause();
    this.startRecorded = false;
  }
}
