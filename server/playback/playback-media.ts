/**
 * How the demo catalogue maps onto the demo clips of `demo-media/` (made by scripts/make-media.sh):
 * long videos cycle the HLS clips, short videos and music play the MP4, `tvlive` videos are live
 * channels looping an HLS clip. Every episode plays a 20 s clip (DEMO_CLIP_SECONDS, db/seed.ts).
 */
import { LIVE_CATEGORY } from '../../src/core/playback/playback-protocol.ts';

/** The HLS clips (folders with master.m3u8, 360p/ and 180p/). */
export const HLS_CLIPS = ['clip-a', 'clip-b', 'clip-c'] as const;
/** The MP4 clip (played natively with range requests). */
export const MP4_CLIP = 'clip-d.mp4';
export type ClipName = (typeof HLS_CLIPS)[number] | typeof MP4_CLIP;

/** Categories whose videos are series (several episodes, opening and closing titles). */
const SERIES_EPISODES: Readonly<Record<string, { min: number; spread: number }>> = {
  drama: { min: 6, spread: 7 }, // 6–12
  anime: { min: 6, spread: 7 }, // 6–12
  variety: { min: 6, spread: 5 }, // 6–10
  documentary: { min: 3, spread: 4 }, // 3–6
};

/** Opening titles end and closing titles start (seconds) in a series episode's 20 s clip. */
const SERIES_INTRO_END = 3;
const SERIES_OUTRO_START = 17;

/** Long-form categories played as short MP4 videos (besides every short-video channel). */
const MP4_LONG_CATEGORIES: ReadonlySet<string> = new Set(['music']);

export interface VideoMedia {
  clip: ClipName;
  live: boolean;
  episodeCount: number;
  introEnd: number;
  outroStart: number;
}

export function isClipName(value: string): value is ClipName {
  return value === MP4_CLIP || (HLS_CLIPS as readonly string[]).includes(value);
}

export function isHlsClip(clip: ClipName): clip is (typeof HLS_CLIPS)[number] {
  return clip !== MP4_CLIP;
}

/**
 * The media of the `index`-th (0-based) video of a category; `short` for short-video channels.
 * Long videos cycle clip-a/b/c by index, live channels too.
 */
export function mediaFor(category: string, index: number, short: boolean): VideoMedia {
  const cycled = HLS_CLIPS[((index % HLS_CLIPS.length) + HLS_CLIPS.length) % HLS_CLIPS.length] ?? 'clip-a';
  if (category === LIVE_CATEGORY) return { clip: cycled, live: true, episodeCount: 1, introEnd: 0, outroStart: 0 };
  if (short || MP4_LONG_CATEGORIES.has(category)) return { clip: MP4_CLIP, live: false, episodeCount: 1, introEnd: 0, outroStart: 0 };
  const series = SERIES_EPISODES[category];
  if (series === undefined) return { clip: cycled, live: false, episodeCount: 1, introEnd: 0, outroStart: 0 };
  return {
    clip: cycled,
    live: false,
    episodeCount: series.min + ((index * 5) % series.spread),
    introEnd: SERIES_INTRO_END,
    outroStart: SERIES_OUTRO_START,
  };
}

/**
 * The clip an episode plays: HLS series move one clip further per episode (so the next episode is
 * visibly another picture); the MP4 and live channels always play their own clip.
 */
export function episodeClip(media: Pick<VideoMedia, 'clip' | 'live'>, episode: number): ClipName {
  if (media.live || !isHlsClip(media.clip)) return media.clip;
  const base = HLS_CLIPS.indexOf(media.clip);
  return HLS_CLIPS[(base + episode - 1) % HLS_CLIPS.length] ?? media.clip;
}

/** The index inside its category of a seeded media key (`movie-07` → 6), else 0. */
export function seedIndexOf(mediaKey: string): number {
  const match = /-(\d{1,4})$/.exec(mediaKey);
  return match ? Math.max(0, Number(match[1]) - 1) : 0;
}
