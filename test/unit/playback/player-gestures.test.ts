import { describe, expect, it } from 'vitest';
import {
  GESTURE_RULES,
  PictureGestures,
  brightnessLabel,
  secondsPerPixel,
  seekPreviewLabel,
  swipeBrightness,
  swipeSeekTarget,
  type GestureContext,
} from '../../../src/core/playback/player-gestures.ts';

const context = (over: Partial<GestureContext> = {}): GestureContext => ({
  width: 360,
  height: 200,
  fullscreen: false,
  time: 60,
  duration: 300,
  brightness: 1,
  ...over,
});

/** A tap (down and up at once) at x, y, time at. */
function tap(g: PictureGestures, at: number, x = 100, y = 100, ctx = context()) {
  return [...g.down({ x, y, at }, ctx), ...g.up({ x, y, at: at + 60 })];
}

describe('seek and brightness rules', () => {
  it('a full-width swipe seeks 90 s, or the whole video when it is shorter; nothing for live or unknown lengths', () => {
    expect(secondsPerPixel(360, 300) * 360).toBeCloseTo(90);
    expect(secondsPerPixel(360, 30) * 360).toBeCloseTo(30);
    expect(secondsPerPixel(360, Number.POSITIVE_INFINITY)).toBe(0);
    expect(secondsPerPixel(360, Number.NaN)).toBe(0);
    expect(secondsPerPixel(0, 300)).toBe(0);
  });

  it('keeps the target within the video', () => {
    expect(swipeSeekTarget(60, 120, 360, 300)).toBeCloseTo(90);
    expect(swipeSeekTarget(10, -360, 360, 300)).toBe(0);
    expect(swipeSeekTarget(290, 360, 360, 300)).toBe(300);
  });

  it('up is brighter, within the limits', () => {
    expect(swipeBrightness(1, -100, 200)).toBeCloseTo(1.5);
    expect(swipeBrightness(1, 50, 200)).toBeCloseTo(0.75);
    expect(swipeBrightness(1, 1000, 200)).toBe(GESTURE_RULES.brightnessMin);
  });

  it('labels the preview as the time over the length with the signed difference, and the brightness in percent', () => {
    expect(seekPreviewLabel(83, 300, 23.4)).toEqual({ time: '01:23 / 05:00', delta: '+23秒' });
    expect(seekPreviewLabel(45, 300, -15)).toEqual({ time: '00:45 / 05:00', delta: '-15秒' });
    expect(brightnessLabel(0.8)).toBe('亮度 80%');
  });
});

describe('PictureGestures', () => {
  it('tells a tap once the double-tap time has passed without a second one', () => {
    const g = new PictureGestures();
    expect(tap(g, 0)).toEqual([]);
    expect(g.deadline()).toBe(60 + GESTURE_RULES.doubleTapMs);
    expect(g.tick(200)).toEqual([]);
    expect(g.tick(60 + GESTURE_RULES.doubleTapMs)).toEqual([{ type: 'tap' }]);
    expect(g.deadline()).toBeNull();
  });

  it('a second tap close by and soon is a double tap (and no tap)', () => {
    const g = new PictureGestures();
    tap(g, 0);
    expect(tap(g, 150, 110, 95)).toEqual([{ type: 'double-tap' }]);
    expect(g.tick(2000)).toEqual([]);
  });

  it('a second tap far away or late is another single tap', () => {
    const g = new PictureGestures();
    tap(g, 0);
    expect(tap(g, 100, 300, 100)).toEqual([{ type: 'tap' }]);
    expect(g.tick(1000)).toEqual([{ type: 'tap' }]);
    tap(g, 2000);
    expect(g.tick(2000 + 60 + GESTURE_RULES.doubleTapMs)).toEqual([{ type: 'tap' }]);
    expect(tap(g, 2600)).toEqual([]);
  });

  it('a finger held still is a hold until it lifts, and no tap', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context());
    expect(g.deadline()).toBe(GESTURE_RULES.holdMs);
    g.move({ x: 104, y: 103, at: 100 });
    expect(g.tick(GESTURE_RULES.holdMs)).toEqual([{ type: 'hold-start' }]);
    expect(g.up({ x: 104, y: 103, at: 900 })).toEqual([{ type: 'hold-end' }]);
    expect(g.tick(5000)).toEqual([]);
  });

  it('a hold ends when the browser takes the finger', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context());
    g.tick(600);
    expect(g.cancel()).toEqual([{ type: 'hold-end' }]);
  });

  it('a horizontal swipe previews the target and seeks there on release', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context());
    expect(g.move({ x: 108, y: 100, at: 20 })).toEqual([]);
    const preview = g.move({ x: 220, y: 110, at: 80 });
    expect(preview).toEqual([{ type: 'seek-preview', target: 90, delta: 30 }]);
    expect(g.tick(GESTURE_RULES.holdMs + 10)).toEqual([]);
    expect(g.up({ x: 220, y: 110, at: 900 })).toEqual([{ type: 'seek', target: 90 }]);
  });

  it('a cancelled swipe seeks nowhere', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context());
    g.move({ x: 40, y: 100, at: 50 });
    expect(g.cancel()).toEqual([{ type: 'seek-cancel' }]);
  });

  it('a live stream does not seek', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context({ duration: Number.POSITIVE_INFINITY }));
    expect(g.move({ x: 250, y: 100, at: 50 })).toEqual([]);
    expect(g.up({ x: 250, y: 100, at: 100 })).toEqual([]);
  });

  it('in fullscreen, a vertical swipe on the right half sets the brightness; on the left half or not fullscreen it is scrolling', () => {
    const g = new PictureGestures();
    g.down({ x: 300, y: 150, at: 0 }, context({ fullscreen: true }));
    expect(g.move({ x: 300, y: 110, at: 50 })).toEqual([{ type: 'brightness', level: 1.2 }]);
    expect(g.up({ x: 300, y: 110, at: 100 })).toEqual([{ type: 'brightness-end' }]);

    g.down({ x: 100, y: 150, at: 1000 }, context({ fullscreen: true }));
    expect(g.move({ x: 100, y: 100, at: 1050 })).toEqual([]);
    expect(g.up({ x: 100, y: 100, at: 1100 })).toEqual([]);

    g.down({ x: 300, y: 150, at: 2000 }, context());
    expect(g.move({ x: 300, y: 100, at: 2050 })).toEqual([]);
    expect(g.up({ x: 300, y: 100, at: 2100 })).toEqual([]);
    expect(g.tick(5000)).toEqual([]);
  });

  it('a small wobble past the tap slop is neither a tap nor a hold', () => {
    const g = new PictureGestures();
    g.down({ x: 100, y: 100, at: 0 }, context());
    g.move({ x: 112, y: 100, at: 30 });
    expect(g.tick(600)).toEqual([]);
    expect(g.up({ x: 112, y: 100, at: 700 })).toEqual([]);
    expect(g.tick(2000)).toEqual([]);
  });
});
