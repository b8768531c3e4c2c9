/** Double-tap window (spec: 300 ms): a second touch end within it is suppressed (no double-tap zoom). */
export const DOUBLE_TAP_MS = 300;

/** Decides which touch ends to suppress; times come from the event, in ms. */
export class DoubleTapGuard {
  private last: number | null = null;

  /** Returns true when this touch end follows the previous one within the window (prevent it). */
  touchEnded(at: number): boolean {
    const suppress = this.last !== null && at - this.last >= 0 && at - this.last <= DOUBLE_TAP_MS;
    this.last = at;
    return suppress;
  }
}

/** A touch start with more than one finger is a pinch: suppressed. */
export function isMultiTouch(touchCount: number): boolean {
  return touchCount > 1;
}
