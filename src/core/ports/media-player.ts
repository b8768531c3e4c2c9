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
  | 'volumechange'
  /** The renditions of the source are known (levels()): an HLS master playlist was read. */
  | 'levelschange'
  /** The rendition playing changed (a choice, or the automatic choice moved). */
  | 'levelswitch'
  | 'error';

/** One rendition of an HLS master playlist. */
export interface MediaLevel {
  /** Pixels; 0 when the playlist does not say. */
  height: number;
  /** Bits per second (BANDWIDTH). */
  bandwidth: number;
}

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
  /** Plays at this rate (kept for the next source too). */
  setPlaybackRate(rate: number): void;
  /** 0–1. */
  volume(): number;
  setVolume(volume: number): void;
  /** The renditions of the loaded source (empty until known, and for a single-rendition source). */
  levels(): readonly MediaLevel[];
  /** The rendition chosen: an index into levels(), or -1 for automatic. */
  level(): number;
  /** The rendition playing now (the automatic choice's too), -1 when unknown. */
  playingLevel(): number;
  /**
   * Chooses a rendition (-1: automatic), keeping the position and whether it plays. Said while 'levelschange' is
   * heard, the source starts with it.
   */
  setLevel(index: number): void;
  /** For automatic choice: the rendition to start with (said while 'levelschange' is heard; -1: the player decides). */
  setStartLevel(index: number): void;
  /** The source loaded now, null before load and after unload. */
  source(): MediaSource | null;
  on(listener: (event: MediaEvent) => void): Unsubscribe;
  /** Detaches the source and stops loading. */
  unload(): void;
}

/** Makes the player of a media element the UI hands over (opaque to the core); its code may load on first need. */
export type MediaPlayerFactory = (element: object) => Promise<MediaPlayer>;
export const MediaPlayerFactory = Symbol('MediaPlayerFactory');
