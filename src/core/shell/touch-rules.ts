/** Double-tap window (spec: 300 ms): a second touch end within it is suppressed (no double-tap zoom). */
export const DOUBLE_TAP_MS = 300;

/**
 * How far apart (CSS px, either axis) two touch ends may be and still make a double tap. Browsers zoom on a double
 * tap only when both taps land at about one place; two quick taps on two different controls (打开APP, then 关闭)
 * are two taps, and both go through.
 */
export const DOUBLE_TAP_SLOP_PX = 30;

/** Where and when a touch ended: the event's time (ms) and the lifted finger's page position (CSS px). */
export interface TouchEnd {
  at: number;
  x: number;
  y: number;
}

/** Decides which touch ends to suppress. */
export class DoubleTapGuard {
  private last: TouchEnd | null = null;

  /**
   * Returns true when this touch end is the second tap of a double tap (prevent it): it follows the previous one
   * within the window and lands within DOUBLE_TAP_SLOP_PX of it.
   */
  touchEnded(end: TouchEnd): boolean {
    const last = this.last;
    const suppress = last !== null
      && end.at - last.at >= 0 && end.at - last.at <= DOUBLE_TAP_MS
      && Math.abs(end.x - last.x) <= DOUBLE_TAP_SLOP_PX && Math.abs(end.y - last.y) <= DOUBLE_TAP_SLOP_PX;
    this.last = end;
    return suppress;
  }
}

/** A touch start with more than one finger is a pinch: suppressed. */
export function isMultiTouch(touchCount: number): boolean {
  return touchCount > 1;
}
