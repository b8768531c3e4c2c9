import { describe, expect, it } from 'vitest';
import { TV_SCROLL_STEP, initialTvState, tvKeyOf, tvStep, type TvFocusState, type TvKey, type TvLayout } from '../../../src/core/help/tv-focus.ts';

const layout: TvLayout = { kinds: ['category', 'question', 'question', 'category', 'question'], maxScroll: 700 };

function run(keys: TvKey[], start: TvFocusState = initialTvState(), over: TvLayout = layout) {
  let state = start;
  const effects = [];
  for (const key of keys) {
    const step = tvStep(state, key, over);
    state = step.state;
    effects.push(step.effect);
  }
  return { state, effects };
}

describe('TV key map', () => {
  it('maps arrows, enter and the back keys of webOS, Tizen and Android TV', () => {
    expect([37, 38, 39, 40, 13].map((keyCode) => tvKeyOf({ keyCode }))).toEqual(['left', 'up', 'right', 'down', 'enter']);
    expect([8, 27, 461, 10009, 4, 166].map((keyCode) => tvKeyOf({ keyCode }))).toEqual(Array(6).fill('back'));
    expect(tvKeyOf({ key: 'ArrowDown', keyCode: 0 })).toBe('down');
    expect(tvKeyOf({ key: 'GoBack' })).toBe('back');
    expect(tvKeyOf({ key: 'Unidentified', keyCode: 10009 })).toBe('back');
    expect(tvKeyOf({ key: 'a', keyCode: 65 })).toBeNull();
    expect(tvKeyOf({})).toBeNull();
  });
});

describe('TV focus machine', () => {
  it('moves focus down and up the list and stops at both ends', () => {
    expect(run(['up']).state.focus).toBe(0);
    expect(run(['down', 'down']).state.focus).toBe(2);
    expect(run(['down', 'down', 'down', 'down', 'down', 'down']).state.focus).toBe(4);
  });

  it('enter on a category focuses its first question; enter on a question opens it in the pane', () => {
    const { state, effects } = run(['enter', 'enter']);
    expect(effects).toEqual([{ kind: 'none' }, { kind: 'open', index: 1 }]);
    expect(state).toEqual({ zone: 'content', focus: 1, opened: 1, scroll: 0 });
  });

  it('scrolls the pane by 300 per key press within 0 and its end, then left returns to the list', () => {
    const opened = run(['down', 'enter']).state;
    const down = run(['down', 'down', 'down', 'down'], opened).state;
    expect(down.scroll).toBe(700);
    expect(run(['down'], opened).state.scroll).toBe(TV_SCROLL_STEP);
    expect(run(['down', 'up', 'up'], opened).state.scroll).toBe(0);
    const back = run(['left'], down).state;
    expect(back).toMatchObject({ zone: 'list', focus: 1, opened: 1 });
    expect(run(['right'], back).state.zone).toBe('content');
  });

  it('back in the pane returns to the list; back in the list leaves', () => {
    const opened = run(['down', 'enter']).state;
    const { state, effects } = run(['back', 'back'], opened);
    expect(state.zone).toBe('list');
    expect(effects).toEqual([{ kind: 'none' }, { kind: 'leave' }]);
  });

  it('right does nothing before an article is open; a category without questions ignores enter', () => {
    expect(run(['right']).state.zone).toBe('list');
    expect(run(['enter'], initialTvState(), { kinds: ['category', 'category'], maxScroll: 0 }).state.focus).toBe(0);
  });

  it('/tvdeal (single): starts in the pane, back leaves at once, left stays', () => {
    const single: TvLayout = { kinds: ['question'], maxScroll: 400, single: true };
    const start = initialTvState({ zone: 'content', opened: 0 });
    expect(run(['left'], start, single).state.zone).toBe('content');
    expect(run(['down', 'down'], start, single).state.scroll).toBe(400);
    expect(run(['back'], start, single).effects).toEqual([{ kind: 'leave' }]);
  });

  it('refits when the list shrinks or the pane gets shorter', () => {
    const far: TvFocusState = { zone: 'content', focus: 9, opened: 9, scroll: 5000 };
    const { state } = run(['right'], far, { kinds: ['question', 'question'], maxScroll: 100 });
    expect(state).toEqual({ zone: 'list', focus: 1, opened: null, scroll: 100 });
    expect(run(['down'], initialTvState(), { kinds: [], maxScroll: 0 }).state.focus).toBe(0);
  });
});
