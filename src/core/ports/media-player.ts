import type { Unsubscribe } from './page-visibility.ts';

/** How a source is delivered: an HLS playlist (master or media) or a progressive MP4 file. */
export type MediaKind = 'hls' | 'mp4';

export interface MediaSource {
  url: string;
  kind: MediaKind;
  /** A live stream: no fixed timeline, played at the live edge, never sought past it. */
  live: boolean;
}

export type MediaEvent =
  | 'play'
  | 'playing'
  | 'pause'
  | 'seeking'
  | 'seeked'
  | 'timeupdate'
  | 'durationchange'
  | 'ended'
  | 'ratechange'
  | 'waiting'
  | 'error';

/** A media element playing one source at a time (the page's <video>). */
export interface MediaPlayer {
  /** Attaches the source (replacing any earlier one), to start at startAt seconds (ignored for live). */
  load(source: MediaSource, startAt: number): Promise<void>;
  /** Starts playback; resolves false when the browser refused (autoplay policy) or nothing is loaded. */
  play(): Promise<boolean>;
  pause(): void;
  /** Moves to a time, kept within the media (for live, never past the live edge). */
  seek(seconds: number): void;
  currentTime(): number;
  /** Seconds; Infinity for live, NaN until known. */
  duration(): number;
  paused(): boolean;
  ended(): boolean;
  playbackRate(): number;
  /** The source loaded now, null before load and after unload. */
  source(): MediaSource | null;
  on(listener: (event: MediaEvent) => void): Unsubscribe;
  /** Detaches the source and stops loading. */
  unload(): void;
}

/** Makes the player of a media element the UI hands over (opaque to the core); its code may load on first need. */
export type MediaPlayerFactory = (element: object) => Promise<MediaPlayer>;
export const MediaPlayerFactory = Symbol('MediaPlayerFactory');
