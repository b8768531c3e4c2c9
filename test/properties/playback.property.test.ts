import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BarrageTimeline, BarrageLimits, admit, isShielded, visibleBarrages, type Barrage } from '../../src/core/playback/barrage-rules.ts';

const barrages = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 100_000 }), time: fc.integer({ min: 0, max: 600 }).map((t) => t / 4), content: fc.string({ maxLength: 8 }), uid: fc.integer({ min: 0, max: 20 }) }),
  { selector: (x) => x.id, maxLength: 200 },
);

describe('barrage properties', () => {
  it('forward playback in any steps makes every barrage due exactly once, in time order', () => {
    fc.assert(
      fc.property(barrages, fc.array(fc.integer({ min: 1, max: 40 }).map((s) => s / 8), { maxLength: 400 }), (list, steps) => {
        const timeline = new BarrageTimeline(list);
        let at = -1;
        const seen: Barrage[] = [];
        for (const step of [...steps, 1_000]) {
          seen.push(...timeline.due(at, at + step));
          at += step;
        }
        expect(seen.map((x) => x.id).sort((p, q) => p - q)).toEqual(list.map((x) => x.id).sort((p, q) => p - q));
        for (let i = 1; i < seen.length; i++) expect((seen[i] as Barrage).time).toBeGreaterThanOrEqual((seen[i - 1] as Barrage).time);
      }),
    );
  });

  it('filtering never shows a shielded barrage and never hides an unshielded one', () => {
    fc.assert(
      fc.property(barrages, fc.array(fc.integer({ min: 0, max: 20 })), fc.array(fc.string({ maxLength: 3 })), (list, users, keywords) => {
        const shields = { users, keywords };
        const shown = visibleBarrages(list, shields);
        expect(shown.every((x) => !isShielded(x, shields))).toBe(true);
        expect(list.filter((x) => !isShielded(x, shields))).toEqual(shown);
      }),
    );
  });

  it('the screen never holds more than the capacity and keeps the newest', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(), { maxLength: 600 }), { maxLength: 8 }), (batches) => {
        let screen: number[] = [];
        const all: number[] = [];
        for (const batch of batches) {
          screen = admit(screen, batch);
          all.push(...batch);
          expect(screen.length).toBeLessThanOrEqual(BarrageLimits.maxOnScreen);
          expect(screen).toEqual(all.slice(Math.max(0, all.length - BarrageLimits.maxOnScreen)));
        }
      }),
    );
  });
});
