import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BARRAGE_AREAS, BARRAGE_SIZES, BARRAGE_SPEEDS } from '../../src/core/playback/barrage-config.ts';
import {
  BarrageMetrics,
  chooseLane,
  hasLeft,
  laneCount,
  laneFreeAt,
  lifespan,
  lineHeightPx,
  speedPxPerSec,
  startTimeFor,
  xAt,
} from '../../src/core/playback/barrage-layout.ts';

const speed = fc.constantFrom(...BARRAGE_SPEEDS).map(speedPxPerSec);
/** Barrages entering over a minute: start times (any order) and widths in CSS pixels. */
const arrivals = fc.array(fc.record({ at: fc.integer({ min: 0, max: 60_000 }).map((ms) => ms / 1000), width: fc.integer({ min: 10, max: 600 }) }), { maxLength: 300 });

describe('barrage lanes', () => {
  it('a lane is chosen only when it is free, top-most first; when none is free, the one that frees soonest', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 1, maxLength: 60 }), fc.double({ min: -10, max: 10, noNaN: true }), (freeAt, now) => {
        const lane = chooseLane(freeAt, freeAt.length, now);
        expect(lane).toBeGreaterThanOrEqual(0);
        expect(lane).toBeLessThan(freeAt.length);
        const firstFree = freeAt.findIndex((at) => at <= now);
        if (firstFree >= 0) expect(lane).toBe(firstFree);
        else expect(freeAt[lane]).toBe(Math.min(...freeAt));
      }),
    );
    expect(chooseLane([], 0, 0)).toBe(-1);
  });

  it('barrages placed in free lanes never touch: the one behind stays a gap away until both have left', () => {
    fc.assert(
      fc.property(arrivals, speed, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 200, max: 1200 }), (list, pxPerSec, lanes, screenWidth) => {
        const freeAt = new Float64Array(lanes).fill(Number.NEGATIVE_INFINITY);
        const placed: { lane: number; at: number; width: number }[] = [];
        for (const barrage of [...list].sort((a, b) => a.at - b.at)) {
          const lane = chooseLane(freeAt, lanes, barrage.at);
          if ((freeAt[lane] as number) > barrage.at) continue; // a dense moment: it would overlap (drawn anyway)
          freeAt[lane] = laneFreeAt(barrage.at, barrage.width, pxPerSec);
          placed.push({ lane, ...barrage });
        }
        for (let lane = 0; lane < lanes; lane++) {
          const inLane = placed.filter((p) => p.lane === lane);
          for (let i = 1; i < inLane.length; i++) {
            const ahead = inLane[i - 1]!;
            const behind = inLane[i]!;
            // Same speed: the distance is constant, so checking one moment checks them all.
            for (const t of [behind.at, behind.at + lifespan(screenWidth, behind.width, pxPerSec)]) {
              const gap = xAt(screenWidth, behind.at, t, pxPerSec) - (xAt(screenWidth, ahead.at, t, pxPerSec) + ahead.width);
              expect(gap).toBeGreaterThanOrEqual(BarrageMetrics.gapPx - 1e-6);
            }
          }
        }
      }),
    );
  });

  it('the lanes fill the chosen share of the picture and no more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.constantFrom(...BARRAGE_AREAS), fc.constantFrom(...BARRAGE_SIZES), (height, area, size) => {
        const line = lineHeightPx(size);
        const lanes = laneCount(height, area, line);
        expect(lanes).toBeGreaterThanOrEqual(1);
        if (height * area >= line) expect(lanes * line).toBeLessThanOrEqual(height * area);
        else expect(lanes).toBe(1);
        expect((lanes + 1) * line).toBeGreaterThan(height * area);
      }),
    );
    expect(laneCount(0, 1, 27)).toBe(0);
  });

  it('a barrage enters at the right edge, keeps its place across a speed change, and has left after its lifespan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: 1, max: 800 }), speed, speed, fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (screenWidth, width, v1, v2, start, elapsed) => {
        expect(xAt(screenWidth, start, start, v1)).toBe(screenWidth);
        const now = start + elapsed;
        const x = xAt(screenWidth, start, now, v1);
        expect(xAt(screenWidth, startTimeFor(screenWidth, x, now, v2), now, v2)).toBeCloseTo(x, 6);
        const gone = start + lifespan(screenWidth, width, v1) + 0.001;
        expect(hasLeft(xAt(screenWidth, start, gone, v1), width)).toBe(true);
        expect(hasLeft(xAt(screenWidth, start, start + lifespan(screenWidth, width, v1) - 0.01, v1), width)).toBe(false);
      }),
    );
  });
});
