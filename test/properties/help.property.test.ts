import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TV_SCROLL_STEP, initialTvState, tvStep, type TvItemKind, type TvKey, type TvLayout } from '../../src/core/help/tv-focus.ts';

const keyArb = fc.constantFrom<TvKey>('up', 'down', 'left', 'right', 'enter', 'back', 'pageUp', 'pageDown');
const layoutArb: fc.Arbitrary<TvLayout> = fc.record({
  kinds: fc.array(fc.constantFrom<TvItemKind>('category', 'question'), { maxLength: 20 }),
  maxScroll: fc.integer({ min: -50, max: 5000 }),
  single: fc.boolean(),
});

describe('TV focus machine (property)', () => {
  it('keeps focus on the list, scroll within [0, max], moves at most one item and 300 per key, opens only questions', () => {
    fc.assert(
      fc.property(fc.array(layoutArb, { minLength: 1, maxLength: 4 }), fc.array(fc.tuple(keyArb, fc.nat(3)), { maxLength: 80 }), (layouts, presses) => {
        let state = initialTvState();
        for (const [key, which] of presses) {
          const layout = layouts[which % layouts.length]!;
          const count = layout.kinds.length;
          const step = tvStep(state, key, layout);
          const next = step.state;
          expect(next.focus).toBeGreaterThanOrEqual(0);
          expect(next.focus).toBeLessThanOrEqual(Math.max(0, count - 1));
          expect(next.scroll).toBeGreaterThanOrEqual(0);
          expect(next.scroll).toBeLessThanOrEqual(Math.max(0, layout.maxScroll));
          if (next.zone === 'content') expect(next.opened).not.toBeNull();
          if (next.opened !== null) expect(layout.kinds[next.opened]).toBeDefined();
          if (step.effect.kind === 'open') {
            expect(layout.kinds[step.effect.index]).toBe('question');
            expect(next.scroll).toBe(0);
          }
          if (step.effect.kind === 'leave') expect(key).toBe('back');
          const fittedFocus = Math.min(Math.max(state.focus, 0), Math.max(0, count - 1));
          if (next.zone === state.zone && next.zone === 'list') expect(Math.abs(next.focus - fittedFocus)).toBeLessThanOrEqual(1);
          const fittedScroll = Math.min(Math.max(state.scroll, 0), Math.max(0, layout.maxScroll));
          if (step.effect.kind !== 'open') expect(Math.abs(next.scroll - fittedScroll)).toBeLessThanOrEqual(TV_SCROLL_STEP);
          state = next;
        }
      }),
    );
  });
});
