import { describe, expect, it } from 'vitest';
import { BarrageTimeline } from '../../../src/core/playback/barrage-rules.ts';
import type { Drawable } from '../../../src/ui/barrage/barrage-drawable.ts';
import { CanvasBarrageRenderer } from '../../../src/ui/barrage/canvas-barrage-renderer.ts';
import type { Surface } from '../../../src/ui/barrage/text-image-cache.ts';
import type { PlayerEvent } from '../../../src/ui/common/player-slots.ts';
import { fakeCanvas, fakeContext } from './fake-canvas.ts';

/** A renderer on a fake canvas and clock; `frame(wallMs, mediaS)` runs one animation frame at that moment. */
function setup(list: Drawable[]) {
  const { canvas } = fakeCanvas();
  let pending: ((ms: number) => void) | null = null;
  const listeners = new Set<(event: PlayerEvent) => void>();
  const clock = { time: 0, paused: false };
  const renderer = new CanvasBarrageRenderer<Drawable>(canvas, {
    onFlyingChange: () => undefined,
    requestFrame: (callback) => {
      pending = callback;
      return 1;
    },
    cancelFrame: () => (pending = null),
    devicePixelRatio: () => 3,
    createSurface: () => ({ canvas: {} as CanvasImageSource, context: fakeContext() as unknown as Surface['context'] }),
    mirrorIntervalMs: 0,
  });
  renderer.resize(390, 219);
  renderer.setPlayer({
    currentTime: () => clock.time,
    paused: () => clock.paused,
    playbackRate: () => 1,
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  renderer.setSource(new BarrageTimeline(list));
  const frame = (wallMs: number, mediaS: number) => {
    clock.time = mediaS;
    const run = pending;
    pending = null;
    run?.(wallMs);
  };
  const emit = (event: PlayerEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const onScreen = () => list.filter((item) => renderer.positionOf(item.id) !== null).map((item) => item.id);
  return { renderer, frame, emit, clock, onScreen };
}

/** A barrage every 0.1 s from 0.1 s to 8 s. */
const stream = (): Drawable[] => Array.from({ length: 80 }, (_, i) => ({ id: i + 1, time: (i + 1) / 10, content: `弹幕${i}`, uid: i }));

describe('the canvas barrage renderer and slow frames', () => {
  it('keeps, after a 3 s frame without a seek, every barrage that should be on screen, where it should be', () => {
    const slow = setup(stream());
    const smooth = setup(stream());
    // Both play to 2 s at 60 frames a second.
    let wall = 0;
    for (let t = 1 / 60; t <= 2 + 1e-9; t += 1 / 60) {
      wall += 1000 / 60;
      slow.frame(wall, t);
      smooth.frame(wall, t);
    }
    // One frame takes 3 s for one of them (the video played on); the other goes on smoothly.
    slow.frame(wall + 3000, 5);
    for (let t = 2 + 1 / 60, w = wall; t <= 5 + 1e-9; t += 1 / 60) {
      w += 1000 / 60;
      smooth.frame(w, Math.min(t, 5));
    }
    smooth.frame(wall + 3000, 5);
    const expected = smooth.onScreen();
    expect(expected.length).toBeGreaterThan(20);
    expect(slow.onScreen()).toEqual(expected);
    for (const id of expected) expect(slow.renderer.positionOf(id)?.x).toBeCloseTo(smooth.renderer.positionOf(id)!.x, 6);
  });

  it('keeps a barrage shown at once (one’s own, a live one) through a long frame', () => {
    const { renderer, frame } = setup(stream());
    frame(16, 1);
    frame(32, 1.02);
    const mine: Drawable = { id: -1, time: 1.02, content: '我的', uid: 7, own: true };
    renderer.showNow(mine);
    frame(48, 1.03);
    frame(48 + 2000, 3.03);
    expect(renderer.positionOf(-1)).not.toBeNull();
  });

  it('starts again at a real seek (the seeking event, or a jump the wall time does not explain), keeping a live one where it still shows', () => {
    const { renderer, frame, emit, clock, onScreen } = setup(stream());
    frame(16, 1);
    const mine: Drawable = { id: -1, time: 1, content: '我的', uid: 7, own: true };
    renderer.showNow(mine);
    frame(32, 1.02);
    // 4 s of media in 16 ms of wall time, with no event: a seek nobody announced.
    frame(48, 5.02);
    expect(renderer.positionOf(-1)).toBeNull();
    expect(onScreen().every((id) => id / 10 <= 5.02 && id / 10 > 5.02 - (390 + 200) / 140)).toBe(true);
    renderer.showNow(mine);
    frame(64, 5.03);
    expect(renderer.positionOf(-1)).not.toBeNull();
    // A seek lays the timeline out afresh; the one shown at once keeps its place in this viewer's time while it is
    // still on screen there, and goes at a seek back before it.
    clock.time = 7;
    emit('seeking');
    frame(80, 7);
    expect(onScreen()).toContain(70);
    expect(renderer.positionOf(-1)?.x).toBeCloseTo(390 - (7 - 5.02) * 140, 0);
    clock.time = 3;
    emit('seeking');
    frame(96, 3);
    expect(renderer.positionOf(-1)).toBeNull();
    expect(onScreen()).toContain(30);
  });
});
