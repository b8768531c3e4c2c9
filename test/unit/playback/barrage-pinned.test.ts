import { describe, expect, it } from 'vitest';
import { DEFAULT_BARRAGE_CONFIG } from '../../../src/core/playback/barrage-config.ts';
import { centredLeft, chooseLane, isPinnedOn, lineHeightPx, pinnedRowTop, pinnedUntil } from '../../../src/core/playback/barrage-layout.ts';
import { BarrageTimeline } from '../../../src/core/playback/barrage-rules.ts';
import { PINNED_SECONDS } from '../../../src/core/playback/barrage-style.ts';
import type { Drawable, FlyingView } from '../../../src/ui/barrage/barrage-drawable.ts';
import { PinnedLayer } from '../../../src/ui/barrage/barrage-pinned.ts';
import { BarrageTextPainter } from '../../../src/ui/barrage/barrage-text.ts';
import { CanvasBarrageRenderer } from '../../../src/ui/barrage/canvas-barrage-renderer.ts';
import type { Surface } from '../../../src/ui/barrage/text-image-cache.ts';
import type { PlayerEvent } from '../../../src/ui/common/player-slots.ts';
import { fakeCanvas, fakeContext } from './fake-canvas.ts';

/** Top and bottom barrages (issue 24): pinned for 4 s of media time, centred, stacked; colours and sizes drawn. */

describe('the layout of pinned barrages (core)', () => {
  it('shows one for 4 s of media time from its time', () => {
    expect(PINNED_SECONDS).toBe(4);
    expect(pinnedUntil(10)).toBe(14);
    expect(isPinnedOn(10, 9.99)).toBe(false);
    expect(isPinnedOn(10, 10)).toBe(true);
    expect(isPinnedOn(10, 13.99)).toBe(true);
    expect(isPinnedOn(10, 14)).toBe(false);
  });

  it('stacks top rows from the top down and bottom rows from the last row up, centred', () => {
    expect([0, 1, 2].map((row) => pinnedRowTop(row, false, 5, 27))).toEqual([0, 27, 54]);
    expect([0, 1, 2].map((row) => pinnedRowTop(row, true, 5, 27))).toEqual([108, 81, 54]);
    expect(centredLeft(390, 90)).toBe(150);
    expect(centredLeft(390, 500)).toBe(0);
  });

  it('a newcomer takes the first free row; when all are taken, the one that frees soonest', () => {
    const free = new Float64Array([14, Number.NEGATIVE_INFINITY, 12]);
    expect(chooseLane(free, 3, 11)).toBe(1);
    free[1] = 15;
    expect(chooseLane(free, 3, 11)).toBe(2);
    expect(chooseLane(free, 3, 12)).toBe(2);
    expect(chooseLane(free, 3, 14)).toBe(0);
  });
});

class FakePlayerClock {
  time = 0;
  isPaused = false;
  private readonly listeners = new Set<(event: PlayerEvent) => void>();
  currentTime = () => this.time;
  paused = () => this.isPaused;
  playbackRate = () => 1;
  on(listener: (event: PlayerEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: PlayerEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }
}

const item = (id: number, time: number, mode: 'scroll' | 'top' | 'bottom', content = `弹幕${id}`): Drawable => ({ id, time, content, uid: 100 + id, mode });

function setup(list: Drawable[]) {
  const { canvas, context } = fakeCanvas();
  let wall = 0;
  let frame: ((ms: number) => void) | null = null;
  const mirrors: (readonly FlyingView<Drawable>[])[] = [];
  const renderer = new CanvasBarrageRenderer<Drawable>(canvas, {
    onFlyingChange: (flying) => mirrors.push(flying),
    now: () => wall,
    requestFrame: (callback) => {
      frame = callback;
      return 1;
    },
    cancelFrame: () => (frame = null),
    devicePixelRatio: () => 2,
    createSurface: () => ({ canvas: {} as CanvasImageSource, context: fakeContext() as unknown as Surface['context'] }),
    mirrorIntervalMs: 0,
  });
  const player = new FakePlayerClock();
  renderer.resize(390, 219);
  renderer.setPlayer(player);
  renderer.setSource(new BarrageTimeline(list));
  const flushFrame = () => {
    const run = frame;
    frame = null;
    run?.(wall);
  };
  const playTo = (time: number) => {
    while (player.time < time - 1e-9) {
      player.time = Math.min(time, player.time + 1 / 60);
      wall += 1000 / 60;
      flushFrame();
    }
    flushFrame();
  };
  const onScreen = () => (mirrors.at(-1) ?? []).map((view) => view.item.id).sort((a, b) => a - b);
  return { renderer, player, playTo, flushFrame, onScreen, context };
}

const line = lineHeightPx(DEFAULT_BARRAGE_CONFIG.size);
/** The fake measures 10 px a character, plus the 3 px outline each side. */
const widthOf = (content: string) => [...content].length * 10 + 6;

describe('the renderer with pinned barrages', () => {
  it('pins a top barrage centred at the top for 4 s: it does not move, then it goes', () => {
    const { renderer, playTo, onScreen } = setup([item(1, 1, 'top', '顶部弹幕')]);
    playTo(1.1);
    const place = renderer.positionOf(1);
    expect(place).toEqual({ x: (390 - widthOf('顶部弹幕')) / 2, y: 0, width: widthOf('顶部弹幕'), height: line });
    playTo(4.9);
    expect(renderer.positionOf(1)).toEqual(place);
    expect(onScreen()).toEqual([1]);
    playTo(5.05);
    expect(renderer.positionOf(1)).toBeNull();
    expect(onScreen()).toEqual([]);
  });

  it('stacks top ones from the top down and bottom ones from the bottom up; a freed row is taken again', () => {
    const rows = Math.floor(219 / line);
    const { renderer, playTo } = setup([item(1, 1, 'top'), item(2, 2, 'top'), item(3, 2, 'bottom'), item(4, 2.2, 'bottom'), item(5, 5.5, 'top'), item(6, 5.6, 'top')]);
    playTo(2.3);
    expect([1, 2, 3, 4].map((id) => renderer.positionOf(id)?.y)).toEqual([0, line, (rows - 1) * line, (rows - 2) * line]);
    // 1 went at 5 s: 5 takes the top row; 2 holds the second until 6 s, so 6 takes the third.
    playTo(5.7);
    expect(renderer.positionOf(1)).toBeNull();
    expect([5, 2, 6].map((id) => renderer.positionOf(id)?.y)).toEqual([0, line, 2 * line]);
  });

  it('keeps to the video: paused, they stay past 4 s of wall time; a seek lays them out again from their times', () => {
    const { renderer, player, playTo, flushFrame, onScreen } = setup([item(1, 1, 'top'), item(2, 3, 'bottom'), item(3, 20, 'top')]);
    playTo(4);
    player.isPaused = true;
    player.emit('pause');
    flushFrame();
    // Paused: no frames move the clock, so nothing goes.
    expect(onScreen()).toEqual([1, 2]);
    player.time = 21;
    player.emit('seeking');
    flushFrame();
    expect(onScreen()).toEqual([3]);
    player.time = 2;
    player.emit('seeking');
    flushFrame();
    expect(onScreen()).toEqual([1]);
    expect(renderer.positionOf(1)?.y).toBe(0);
    player.time = 24.5;
    player.emit('seeking');
    flushFrame();
    expect(onScreen()).toEqual([]);
  });

  it('draws scrolling, top and bottom ones together; a live top one shows at once and a tap on it finds it', () => {
    const { renderer, playTo, onScreen } = setup([item(1, 1, 'scroll'), item(2, 1, 'top'), item(3, 1, 'bottom')]);
    playTo(1.2);
    expect(onScreen()).toEqual([1, 2, 3]);
    expect(renderer.positionOf(1)?.y).toBe(0);
    const live = item(9, 0, 'top', '直播');
    renderer.showNow(live);
    playTo(1.3);
    const place = renderer.positionOf(9);
    expect(place?.y).toBe(line);
    expect(renderer.hitTest((place?.x ?? 0) + 5, (place?.y ?? 0) + 5)).toBe(live);
    renderer.remove(9);
    playTo(1.4);
    expect(renderer.positionOf(9)).toBeNull();
  });
});

describe('the look of a barrage', () => {
  function recordingContext() {
    const fills: { text: string; fill: string; stroke: string; font: string }[] = [];
    const context = fakeContext();
    const recording = Object.assign(context, {
      fillText: (text: string) => fills.push({ text, fill: String(context.fillStyle), stroke: String(context.strokeStyle), font: context.font }),
    });
    return { context: recording as unknown as CanvasRenderingContext2D, fills };
  }

  it('draws in its colour with an outline (light around dark text), small at ¾ of the font size', () => {
    const { context, fills } = recordingContext();
    const painter = new BarrageTextPainter(context);
    painter.draw(context, { id: 1, time: 0, content: '红', uid: 1, color: '#FE0302' }, 30);
    painter.draw(context, { id: 2, time: 0, content: '黑', uid: 1, color: '#222222', size: 'small' as const }, 30);
    painter.draw(context, { id: 3, time: 0, content: '白', uid: 1 }, 30);
    expect(fills.map((f) => [f.text, f.fill])).toEqual([['红', '#FE0302'], ['黑', '#222222'], ['白', '#FFFFFF']]);
    expect(fills[0]?.stroke).toBe('rgba(0, 0, 0, 0.75)');
    expect(fills[1]?.stroke).toBe('rgba(255, 255, 255, 0.85)');
    expect(fills[0]?.font).toContain('18px');
    expect(fills[1]?.font).toContain('14px');
  });

  it('keys text images by colour and size, and measures a small one narrower', () => {
    const { context } = recordingContext();
    context.measureText = (text: string) => ({ width: [...text].length * (context.font.includes('14px') ? 7 : 10) }) as TextMetrics;
    const painter = new BarrageTextPainter(context);
    const white = { id: 1, time: 0, content: '一样', uid: 1 };
    const red = { ...white, color: '#FE0302' };
    const small = { ...white, size: 'small' as const };
    expect(new Set([painter.imageKey(white, 2), painter.imageKey(red, 2), painter.imageKey(small, 2)]).size).toBe(3);
    expect(painter.measure(small)).toBeLessThan(painter.measure(white));
  });
});

describe('the pinned layer’s own surface', () => {
  it('paints each once, copies the surface in one drawImage a frame, and repaints only the band of one that went', () => {
    const at = { cssWidth: 390, cssHeight: 219, screenWidth: 780, screenHeight: 438, dpr: 2, lineHeight: line, rowHeight: line * 2, pxPerSec: 140, mediaTime: 0 };
    const own = fakeContext();
    const layer = new PinnedLayer<Drawable>(at, () => 8, () => ({ canvas: {} as CanvasImageSource, context: own as unknown as Surface['context'] }));
    const image = { surface: { canvas: {} as CanvasImageSource, context: own as unknown as Surface['context'] }, x: 0, y: 0, width: 60, height: line * 2 };
    const screen = fakeContext();
    const draw = () => layer.draw(screen as unknown as CanvasRenderingContext2D, () => image, 1);
    for (let id = 1; id <= 5; id++) layer.admit(item(id, 0, id % 2 ? 'top' : 'bottom'), 0, 30);
    at.mediaTime = 1;
    draw();
    expect(screen.counts.drawImage).toBe(1);
    expect(own.counts.drawImage).toBe(5);
    draw();
    draw();
    // Nothing changed: the surface is only copied.
    expect(screen.counts.drawImage).toBe(3);
    expect(own.counts.drawImage).toBe(5);
    layer.admit(item(6, 1, 'top'), 1, 30);
    draw();
    expect(own.counts.drawImage).toBe(6);
    // 1, 3, 5 (top rows 0–2) and 2, 4 (bottom rows 0–1) go at 4 s: their five bands are cleared; 6 (top row 3) stays as painted.
    at.mediaTime = 4.5;
    expect(layer.expire(4.5)).toBe(true);
    const clearsBefore = own.counts.clearRect;
    draw();
    expect(layer.items.map((p) => p.item.id)).toEqual([6]);
    expect(own.counts.clearRect - clearsBefore).toBe(5);
    expect(own.counts.drawImage).toBe(6);
    expect(screen.counts.drawImage).toBe(5);
  });
});
