import type { BarrageArea, BarrageSize, BarrageSpeed } from './barrage-config.ts';
import { PINNED_SECONDS } from './barrage-style.ts';

/**
 * Where barrages fly: the picture's top `area` is cut into lanes one line high; every barrage enters at the right
 * edge and moves left at the same speed (px/s), so a barrage never catches up with the one ahead of it in its lane.
 * A lane takes a newcomer once the previous barrage's tail is `gap` px inside the screen.
 */
export const BarrageMetrics = {
  /** CSS pixels of the text. */
  fontPx: { small: 14, normal: 18, large: 24 } satisfies Record<BarrageSize, number>,
  /** Line height as a multiple of the font size. */
  lineHeightRatio: 1.5,
  /** CSS pixels per second of playback. */
  speedPxPerSec: { slow: 90, normal: 140, fast: 220 } satisfies Record<BarrageSpeed, number>,
  /** Free space between two barrages of a lane, in CSS pixels. */
  gapPx: 24,
} as const;

export function fontPx(size: BarrageSize): number {
  return BarrageMetrics.fontPx[size];
}

export function lineHeightPx(size: BarrageSize): number {
  return Math.ceil(fontPx(size) * BarrageMetrics.lineHeightRatio);
}

export function speedPxPerSec(speed: BarrageSpeed): number {
  return BarrageMetrics.speedPxPerSec[speed];
}

/** How many lanes fit in the top `area` of a picture `heightPx` high (at least one while the picture has a height). */
export function laneCount(heightPx: number, area: BarrageArea, lineHeight: number): number {
  if (!(heightPx > 0) || !(lineHeight > 0)) return 0;
  return Math.max(1, Math.floor((heightPx * area) / lineHeight));
}

/** The left edge of a barrage that entered at the right edge (x = screenWidth) at `startTime`, at media time `now`. */
export function xAt(screenWidth: number, startTime: number, now: number, pxPerSec: number): number {
  return screenWidth - (now - startTime) * pxPerSec;
}

/** The start time that puts a barrage's left edge at x at media time `now` (keeps it in place when the speed changes). */
export function startTimeFor(screenWidth: number, x: number, now: number, pxPerSec: number): number {
  return now - (screenWidth - x) / pxPerSec;
}

/** True once the barrage has flown out on the left. */
export function hasLeft(x: number, width: number): boolean {
  return x + width < 0;
}

/** Seconds a barrage of that width stays on a screen that wide. */
export function lifespan(screenWidth: number, width: number, pxPerSec: number): number {
  return (screenWidth + width) / pxPerSec;
}

/** The media time from which a lane takes another barrage after one of that width entered at startTime. */
export function laneFreeAt(startTime: number, width: number, pxPerSec: number, gap: number = BarrageMetrics.gapPx): number {
  return startTime + (width + gap) / pxPerSec;
}

/**
 * The lane for a barrage entering at media time `now`: the top-most lane that is free (its freeAt <= now), so it
 * collides with nothing; when every lane is taken (a dense moment), the lane that frees soonest, so barrages
 * overlap as little as possible and none is dropped below the screen's capacity. -1 when there is no lane.
 */
export function chooseLane(freeAt: ArrayLike<number>, lanes: number, now: number): number {
  let soonest = -1;
  let soonestAt = Number.POSITIVE_INFINITY;
  const count = Math.min(lanes, freeAt.length);
  for (let lane = 0; lane < count; lane++) {
    const at = freeAt[lane] as number;
    if (at <= now) return lane;
    if (at < soonestAt) {
      soonestAt = at;
      soonest = lane;
    }
  }
  return soonest;
}


/**
 * Pinned barrages (mode top or bottom): centred, shown for PINNED_SECONDS of media time from their time, stacked in
 * rows of the display area — top ones from the top down, bottom ones from the area's bottom up. A newcomer takes the
 * first free row (chooseLane: the top-most free one; when all are taken, the one that frees soonest).
 */
export function pinnedUntil(start: number): number {
  return start + PINNED_SECONDS;
}

/** Whether a pinned barrage that appeared at `start` shows at media time `now`. */
export function isPinnedOn(start: number, now: number): boolean {
  return now >= start && now < pinnedUntil(start);
}

/** The top of a pinned row (CSS pixels): top rows count from the top, bottom rows from the last of `rows`. */
export function pinnedRowTop(row: number, bottom: boolean, rows: number, lineHeight: number): number {
  return (bottom ? rows - 1 - row : row) * lineHeight;
}

/** The left edge that centres a barrage of that width (never left of the screen). */
export function centredLeft(screenWidth: number, width: number): number {
  return Math.max(0, (screenWidth - width) / 2);
}
