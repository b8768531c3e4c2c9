import type { NetworkKind } from '../ports/network-type.ts';
import type { Episode, PlayInfo } from './play-video.ts';

export const PlayLimits = {
  /** A play record is sent this often while the video plays (besides start, pause and leaving). */
  recordEveryMs: 15_000,
  /** A last position this close to the end starts the episode over rather than at its last second. */
  restartWithinSeconds: 3,
} as const;

/** Autoplay or ask first: on mobile data the video waits for 继续播放 unless autoPlayWhenWWAN allows it. */
export type AutoplayDecision = 'play' | 'ask';

export function decideAutoplay(network: NetworkKind, autoPlayWhenWWAN: boolean): AutoplayDecision {
  return network === 'cellular' && !autoPlayWhenWWAN ? 'ask' : 'play';
}

/** The episode to open: the one asked for when it exists, else the last watched, else the first. */
export function chooseEpisode(requested: number | null, info: PlayInfo, episodes: readonly Episode[]): number {
  const exists = (n: number | null): n is number => n !== null && episodes.some((e) => e.episode === n);
  if (exists(requested)) return requested;
  if (requested !== null && episodes.length === 0 && requested >= 1) return Math.floor(requested);
  if (exists(info.episode)) return info.episode;
  return episodes[0]?.episode ?? 1;
}

/** Where the viewer stopped in this episode (0 when they last watched another one). */
export function resumeProgress(episode: number, info: PlayInfo): number {
  return info.episode === episode ? info.progress : 0;
}

export interface StartInput {
  /** Seconds watched of this episode before (0 for none). */
  progress: number;
  introEnd: number;
  skipIntro: boolean;
  /** Seconds of the episode; 0 or NaN when unknown. */
  duration: number;
  live: boolean;
}

/**
 * The second playback starts at: the last position (from the start when it was at the very end), moved on
 * to the end of the opening titles when skip is on and the position is earlier. Live always starts at the edge (0).
 */
export function startPosition(input: StartInput): number {
  if (input.live) return 0;
  const known = Number.isFinite(input.duration) && input.duration > 0;
  let start = Math.max(0, input.progress);
  if (known && start >= input.duration - PlayLimits.restartWithinSeconds) start = 0;
  if (input.skipIntro && input.introEnd > start && (!known || input.introEnd < input.duration)) start = input.introEnd;
  return start;
}

/** The episode after this one, or null at the last. */
export function nextEpisode(episode: number, episodes: readonly Episode[]): number | null {
  const later = episodes.filter((e) => e.episode > episode).map((e) => e.episode);
  return later.length > 0 ? Math.min(...later) : null;
}

export interface AdvanceInput {
  /** Seconds into the episode. */
  time: number;
  ended: boolean;
  outroStart: number;
  skipOutro: boolean;
  autoNext: boolean;
  live: boolean;
  hasNext: boolean;
}

/**
 * Moves on to the next episode when 自动连播 is on and there is one: at the end, or where the closing titles
 * start when 跳过片头片尾 is on. Never for live.
 */
export function shouldAdvance(input: AdvanceInput): boolean {
  if (input.live || !input.autoNext || !input.hasNext) return false;
  if (input.ended) return true;
  return input.skipOutro && input.outroStart > 0 && input.time >= input.outroStart;
}

/** A time within the episode for the progress bar and seeks: [0, duration]. */
export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Number.isFinite(duration) && duration > 0 ? Math.min(seconds, duration) : seconds;
}

/** The whole seconds a play record sends (AddPlayRecord): 0 for a live stream, else the time within the episode. */
export function recordedProgress(live: boolean, seconds: number, duration: number): number {
  return live ? 0 : Math.floor(clampTime(seconds, duration));
}

/** Fraction of the episode played, 0..1 (0 when the duration is unknown). */
export function playedFraction(time: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(1, Math.max(0, time / duration));
}
