import { formatDuration } from '../display/duration.ts';

/**
 * Gestures on the picture (phone): what a finger's path means. Framework-free: the UI feeds pointer positions and
 * times (ms) and calls `tick` at `deadline()`; every rule and threshold is here.
 */
export const GESTURE_RULES = {
  /** A finger that moves less than this (CSS px, either axis) from where it went down is still a tap or a hold. */
  tapSlopPx: 10,
  /** A second tap lifted within this time (ms) of the first is a double tap. */
  doubleTapMs: 300,
  /** Two taps further apart than this (px) are two single taps, not a double tap. */
  doubleTapSlopPx: 40,
  /** A finger held still this long (ms) is a long press (2× while held). */
  holdMs: 500,
  /** A move past this (px) along one axis, more than along the other, starts a swipe on that axis. */
  swipeStartPx: 16,
  /** A swipe across the whole width of the picture seeks this far (seconds), or the whole video when shorter. */
  seekSpanSeconds: 90,
  /** Controls shown while playing hide after this long (ms) without a touch. */
  controlsHideMs: 3000,
  /** Picture brightness (CSS filter brightness): default, lowest and highest; a swipe over the whole height covers 1. */
  brightnessDefault: 1,
  brightnessMin: 0.3,
  brightnessMax: 1.5,
} as const;

export interface GesturePoint {
  x: number;
  y: number;
  /** Milliseconds (the event's time stamp). */
  at: number;
}

/** What the picture is when the finger goes down. */
export interface GestureContext {
  width: number;
  height: number;
  fullscreen: boolean;
  /** Seconds now, and the video's length (0, NaN or Infinity when not seekable: live, not loaded). */
  time: number;
  duration: number;
  /** Brightness now (1 = as recorded). */
  brightness: number;
}

export type GestureEffect =
  | { type: 'tap' }
  | { type: 'double-tap' }
  | { type: 'hold-start' }
  | { type: 'hold-end' }
  | { type: 'seek-preview'; target: number; delta: number }
  | { type: 'seek'; target: number }
  | { type: 'seek-cancel' }
  | { type: 'brightness'; level: number }
  | { type: 'brightness-end' };

/**
 * What a gesture does while the screen is locked (fullscreen's 🔒, as bilibili's and Tencent Video's players have it,
 * so a hand holding the phone sideways changes nothing): a tap, single or double, only shows or hides the lock; a
 * gesture's end still ends it; everything else does nothing (null).
 */
export function whileLocked(effect: GestureEffect): GestureEffect | null {
  switch (effect.type) {
    case 'tap':
    case 'double-tap':
      return { type: 'tap' };
    case 'hold-end':
    case 'seek-cancel':
    case 'brightness-end':
      return effect;
    default:
      return null;
  }
}

type Mode = 'pending' | 'hold' | 'seek' | 'brightness' | 'scroll';

interface Press {
  start: GesturePoint;
  context: GestureContext;
  mode: Mode;
  /** Last seek target or brightness level (applied on release). */
  value: number;
  /** Moved past the tap slop: neither a tap nor a hold any more. */
  moved: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Seconds one pixel of horizontal swipe moves, for a picture this wide and a video this long (0 when not seekable). */
export function secondsPerPixel(width: number, duration: number): number {
  if (!(width > 0) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(duration, GESTURE_RULES.seekSpanSeconds) / width;
}

/** The seek target of a horizontal swipe of dx pixels from `time`, kept within the video. */
export function swipeSeekTarget(time: number, dx: number, width: number, duration: number): number {
  return clamp(time + dx * secondsPerPixel(width, duration), 0, duration);
}

/** Brightness after a vertical swipe of dy pixels (up is brighter) on a picture this high. */
export function swipeBrightness(level: number, dy: number, height: number): number {
  if (!(height > 0)) return level;
  return clamp(level - dy / height, GESTURE_RULES.brightnessMin, GESTURE_RULES.brightnessMax);
}

/** The seek preview: "01:23 / 05:00" and "+15秒" / "-15秒" (whole seconds). */
export function seekPreviewLabel(target: number, duration: number, delta: number): { time: string; delta: string } {
  const seconds = Math.round(delta);
  return { time: `${formatDuration(target)} / ${formatDuration(duration)}`, delta: `${seconds >= 0 ? '+' : '-'}${Math.abs(seconds)}秒` };
}

/** The brightness hint: "亮度 80%". */
export function brightnessLabel(level: number): string {
  return `亮度 ${Math.round(level * 100)}%`;
}

/**
 * One finger on the picture at a time. A tap is told once the double-tap time has passed without a second one;
 * a second tap close by is a double tap instead; a finger held still is a hold (2×) until it lifts; a horizontal
 * swipe previews a seek applied on release; in fullscreen, a vertical swipe on the right half sets the brightness.
 * A vertical swipe elsewhere is left to the page (scrolling).
 */
export class PictureGestures {
  private press: Press | null = null;
  /** The lift of a tap waiting for a possible second one. */
  private pendingTap: GesturePoint | null = null;

  /** When `tick` should be called next (ms), or null when nothing waits. */
  deadline(): number | null {
    const press = this.press;
    if (press?.mode === 'pending' && !press.moved) return press.start.at + GESTURE_RULES.holdMs;
    if (this.pendingTap) return this.pendingTap.at + GESTURE_RULES.doubleTapMs;
    return null;
  }

  down(point: GesturePoint, context: GestureContext): GestureEffect[] {
    const effects = this.cancel();
    this.press = { start: point, context, mode: 'pending', value: 0, moved: false };
    return effects;
  }

  move(point: GesturePoint): GestureEffect[] {
    const press = this.press;
    if (!press) return [];
    const dx = point.x - press.start.x;
    const dy = point.y - press.start.y;
    const { context } = press;
    if (press.mode === 'pending') {
      const ax = Math.abs(dx);
      const ay = Math.abs(dy);
      if (Math.max(ax, ay) >= GESTURE_RULES.tapSlopPx) press.moved = true;
      if (Math.max(ax, ay) < GESTURE_RULES.swipeStartPx) return [];
      if (ax >= ay) press.mode = secondsPerPixel(context.width, context.duration) > 0 ? 'seek' : 'scroll';
      else press.mode = context.fullscreen && press.start.x >= context.width / 2 ? 'brightness' : 'scroll';
      this.pendingTap = null;
    }
    if (press.mode === 'seek') {
      press.value = swipeSeekTarget(context.time, dx, context.width, context.duration);
      return [{ type: 'seek-preview', target: press.value, delta: press.value - context.time }];
    }
    if (press.mode === 'brightness') {
      press.value = swipeBrightness(context.brightness, dy, context.height);
      return [{ type: 'brightness', level: press.value }];
    }
    return [];
  }

  up(point: GesturePoint): GestureEffect[] {
    const press = this.press;
    this.press = null;
    if (!press) return [];
    switch (press.mode) {
      case 'hold':
        return [{ type: 'hold-end' }];
      case 'seek':
        return [{ type: 'seek', target: press.value }];
      case 'brightness':
        return [{ type: 'brightness-end' }];
      case 'scroll':
        return [];
      case 'pending':
        if (press.moved) return [];
        break;
    }
    const last = this.pendingTap;
    if (
      last &&
      point.at - last.at < GESTURE_RULES.doubleTapMs &&
      Math.abs(point.x - last.x) <= GESTURE_RULES.doubleTapSlopPx &&
      Math.abs(point.y - last.y) <= GESTURE_RULES.doubleTapSlopPx
    ) {
      this.pendingTap = null;
      return [{ type: 'double-tap' }];
    }
    const effects: GestureEffect[] = last ? [{ type: 'tap' }] : [];
    this.pendingTap = point;
    return effects;
  }

  /** The browser took the finger (scrolling) or it left: a hold ends, a seek preview is dropped. */
  cancel(): GestureEffect[] {
    const press = this.press;
    this.press = null;
    if (press?.mode === 'hold') return [{ type: 'hold-end' }];
    if (press?.mode === 'seek') return [{ type: 'seek-cancel' }];
    if (press?.mode === 'brightness') return [{ type: 'brightness-end' }];
    return [];
  }

  /** Time passed (ms): a still finger becomes a hold, a lone tap is told. */
  tick(now: number): GestureEffect[] {
    const press = this.press;
    if (press?.mode === 'pending' && !press.moved && now - press.start.at >= GESTURE_RULES.holdMs) {
      press.mode = 'hold';
      this.pendingTap = null;
      return [{ type: 'hold-start' }];
    }
    const last = this.pendingTap;
    if (!press && last && now - last.at >= GESTURE_RULES.doubleTapMs) {
      this.pendingTap = null;
      return [{ type: 'tap' }];
    }
    return [];
  }
}
