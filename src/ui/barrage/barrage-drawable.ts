import type { BarrageMode } from '../../core/playback/barrage-style.ts';
import type { PlayerEvent } from '../common/player-slots.ts';

/** What the renderer draws: a barrage of the timeline, a live or own one, or the barrage ad. */
export interface Drawable {
  id: number;
  /** Seconds into the episode. */
  time: number;
  content: string;
  uid: number;
  /** The sender's size: 'small' is drawn at ¾ of the viewer's font size; normal when absent. */
  size?: 'small' | 'normal';
  /** Sent by the viewer: drawn with a frame. */
  own?: boolean;
  /** The barrage ad: drawn with a 广告 mark. */
  adMark?: boolean;
  /** Scrolling (absent), top or bottom; uppercase '#RRGGBB' colour (white when absent): what blocking by type reads. */
  mode?: BarrageMode;
  color?: string;
}

/** The timeline the renderer walks (BarrageTimeline): by time, walked without allocating. */
export interface DrawableSource<D extends Drawable> {
  firstAfter(time: number): number;
  at(index: number): D | undefined;
}

/** The part of the player the renderer follows (PlayerHandle). */
export interface RendererClock {
  currentTime(): number;
  paused(): boolean;
  playbackRate(): number;
  on(listener: (event: PlayerEvent) => void): () => void;
}

/** A barrage on screen as the accessible mirror lists it: where it is (CSS pixels from the canvas's top left). */
export interface FlyingView<D extends Drawable> {
  item: D;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One barrage on screen (pooled: no allocation per frame or per barrage in steady state). */
export interface Flying<D extends Drawable> {
  item: D;
  /** Media time at which its left edge was at the right edge of the screen. */
  start: number;
  lane: number;
  /** CSS pixels. */
  width: number;
  /** Where it is painted on the tape: round(start × device px per second), and its width, in device pixels. */
  tapeX: number;
  tapeWidth: number;
  imageKey: string;
}

/**
 * The layer's geometry and clock, kept by the renderer and read by its parts (the tape, hit-testing): one mutable
 * record, so a frame passes nothing around.
 */
export interface BarrageGeometry {
  /** The canvas in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
  /** The canvas's backing store in device pixels. */
  screenWidth: number;
  screenHeight: number;
  dpr: number;
  /** A lane's height in CSS pixels, and in device pixels (rounded up: a text image's height). */
  lineHeight: number;
  rowHeight: number;
  /** Barrage speed in CSS pixels per second of media time. */
  pxPerSec: number;
  /** The media time the screen was last brought to. */
  mediaTime: number;
}

/** Where a flying barrage's left edge is now (CSS pixels from the canvas's left). */
export function leftOf(flying: Flying<Drawable>, at: BarrageGeometry): number {
  return at.cssWidth - (at.mediaTime - flying.start) * at.pxPerSec;
}
