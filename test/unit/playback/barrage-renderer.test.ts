import { describe, expect, it } from 'vitest';
import { DEFAULT_BARRAGE_CONFIG } from '../../../src/core/playback/barrage-config.ts';
import { NO_TYPE_BLOCKS, emptyMerge, isSampled, planMerge } from '../../../src/core/playback/barrage-filters.ts';
import { lineHeightPx, speedPxPerSec } from '../../../src/core/playback/barrage-layout.ts';
import { BarrageTimeline, compileShields } from '../../../src/core/playback/barrage-rules.ts';
import type { Drawable, FlyingView } from '../../../src/ui/barrage/barrage-drawable.ts';
import { CanvasBarrageRenderer } from '../../../src/ui/barrage/canvas-barrage-renderer.ts';
import type { Surface } from '../../../src/ui/barrage/text-image-cache.ts';
import type { PlayerEvent } from '../../../src/ui/common/player-slots.ts';
import { fakeCanvas, fakeContext } from './fake-canvas.ts';

/** A player whose clock the test moves. */
class FakePlayerClock {
  time = 0;
  isPaused = false;
  rate = 1;
  private readonly listeners = new Set<(event: PlayerEvent) => void>();
  currentTime = () => this.time;
  paused = () => this.isPaused;
  playbackRate = () => this.rate;
  on(listener: (event: PlayerEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: PlayerEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }
}

const item = (id: number, time: number, content = `弹幕${id}`, uid = 100 + id, own = false): Drawable => ({ id, time, content, uid, own });

function setup(list: Drawable[], options: { budget?: number } = {}) {
  const { canvas, context } = fakeCanvas();
  let wall = 0;
  let frame: ((ms: number) => void) | null = null;
  const mirrors: (readonly FlyingView<Drawable>[])[] = [];
  /** The offscreen surfaces it made (text images, the tape, the scratch). */
  const surfaces: ReturnType<typeof fakeContext>[] = [];
  const shown: Drawable[] = [];
  const renderer = new CanvasBarrageRenderer<Drawable>(canvas, {
    onFlyingChange: (flying) => mirrors.push(flying),
    onShown: (shownItem) => shown.push(shownItem),
    now: () => wall,
    requestFrame: (callback) => {
      frame = callback;
      return 1;
    },
    cancelFrame: () => (frame = null),
    devicePixelRatio: () => 2,
    createSurface: () => {
      const surface = fakeContext();
      surfaces.push(surface);
      return { canvas: {} as CanvasImageSource, context: surface as unknown as Surface['context'] };
    },
    spriteBudgetPx: options.budget ?? 16_000_000,
    mirrorIntervalMs: 0,
  });
  const player = new FakePlayerClock();
  const timeline = new BarrageTimeline(list);
  renderer.resize(390, 219);
  renderer.setPlayer(player);
  renderer.setSource(timeline);
  /** Runs animation frames while the media clock moves to `time` (one frame per 1/60 s of wall time). */
  const playTo = (time: number) => {
    while (player.time < time - 1e-9) {
      player.time = Math.min(time, player.time + 1 / 60);
      wall += 1000 / 60;
      const run = frame;
      frame = null;
      run?.(wall);
    }
    const run = frame;
    frame = null;
    run?.(wall);
  };
  const flushFrame = () => {
    const run = frame;
    frame = null;
    run?.(wall);
  };
  const flyingIds = () => (mirrors.at(-1) ?? []).map((f) => f.item.id);
  return { renderer, player, timeline, playTo, flushFrame, flyingIds, mirrors, context, shown, surfaces };
}

const speed = speedPxPerSec(DEFAULT_BARRAGE_CONFIG.speed);
const line = lineHeightPx(DEFAULT_BARRAGE_CONFIG.size);

describe('the canvas barrage renderer', () => {
  it('admits barrages as playback reaches their time and drops them once they have flown out', () => {
    const { playTo, flyingIds, renderer } = setup([item(1, 1), item(2, 2), item(3, 10)]);
    playTo(0.5);
    expect(flyingIds()).toEqual([]);
    playTo(2.1);
    expect(flyingIds()).toEqual([1, 2]);
    // On screen for (390 + width) / speed seconds.
    playTo(1 + (390 + 70) / speed + 0.2);
    expect(flyingIds()).toEqual([2]);
    playTo(10.1);
    expect(flyingIds()).toEqual([3]);
    expect(renderer.flyingCount()).toBe(1);
  });

  it('leaves a clear canvas alone while nothing is on screen, and clears it once when the last barrage has gone', () => {
    const { playTo, context, flyingIds } = setup([item(1, 1)]);
    playTo(0.9);
    // Playing, nothing yet to show: the canvas is not cleared frame after frame.
    expect(context.counts.clearRect).toBe(0);
    playTo(1.5);
    expect(flyingIds()).toEqual([1]);
    const whileFlying = context.counts.clearRect;
    expect(whileFlying).toBeGreaterThan(20);
    playTo(1 + (390 + 70) / speed + 1);
    expect(flyingIds()).toEqual([]);
    const afterLast = context.counts.clearRect;
    playTo(1 + (390 + 70) / speed + 3);
    expect(context.counts.clearRect).toBe(afterLast);
  });

  it('moves with the player clock: paused, nothing moves; a seek starts the screen again from there', () => {
    const { playTo, player, renderer, flyingIds, flushFrame } = setup([item(1, 1), item(2, 5), item(3, 5.5)]);
    playTo(1.5);
    const before = renderer.positionOf(1);
    player.isPaused = true;
    player.emit('pause');
    flushFrame();
    expect(renderer.positionOf(1)).toEqual(before);
    expect(before?.x).toBeCloseTo(390 - 0.5 * speed, 0);

    player.time = 6;
    player.emit('seeking');
    flushFrame();
    // Both started within one screen width of 6 s; 1 has gone.
    expect(flyingIds()).toEqual([2, 3]);
    expect(renderer.positionOf(2)?.x).toBeCloseTo(390 - 1 * speed, 0);
  });

  it('puts barrages in free lanes from the top, never on top of each other while a lane is free', () => {
    const list = Array.from({ length: 8 }, (_, i) => item(i + 1, 1));
    const { playTo, renderer } = setup(list);
    playTo(1.05);
    const tops = list.map((x) => renderer.positionOf(x.id)?.y);
    expect(tops).toEqual(list.map((_, i) => i * line));
  });

  it('filters by the shields at once, and brings barrages back when a block is removed', () => {
    const { playTo, renderer, flyingIds, flushFrame, player } = setup([item(1, 1, '前方剧透'), item(2, 1.2, '好看'), item(3, 1.4, '老周来了', 50)]);
    playTo(1.5);
    expect(flyingIds()).toEqual([1, 2, 3]);
    player.isPaused = true;
    renderer.setShields(compileShields({ users: [50], keywords: ['剧透'] }));
    flushFrame();
    expect(flyingIds()).toEqual([2]);
    renderer.setShields(compileShields({ users: [], keywords: [] }));
    flushFrame();
    expect(flyingIds().sort()).toEqual([1, 2, 3]);
  });

  it('shows one’s own and live barrages at once, once, and takes one off when asked', () => {
    const list = [item(1, 1)];
    const { playTo, renderer, flyingIds, timeline, flushFrame } = setup(list);
    playTo(2);
    const mine = item(-1, 2.01, '我的', 7, true);
    timeline.add(mine);
    renderer.showNow(mine);
    flushFrame();
    expect(flyingIds()).toEqual([1, -1]);
    playTo(2.5);
    expect(flyingIds()).toEqual([1, -1]);
    renderer.remove(-1);
    flushFrame();
    expect(flyingIds()).toEqual([1]);
  });

  it('keeps a live barrage on screen across a seek of a moment (the player’s nudge over a stall); a seek back before it takes it off', () => {
    const { playTo, renderer, flyingIds, timeline, flushFrame, player } = setup([]);
    playTo(8);
    // Sent at 2 s of the sender's video, it arrives while this one plays at 8 s: shown now, pinned at the top.
    const live: Drawable = { ...item(9, 2, '红色顶部'), mode: 'top' };
    timeline.add(live);
    renderer.showNow(live);
    flushFrame();
    expect(flyingIds()).toEqual([9]);
    player.time = 8.3;
    player.emit('seeking');
    player.emit('seeked');
    flushFrame();
    expect(flyingIds()).toEqual([9]);
    playTo(11.9);
    expect(flyingIds()).toEqual([9]);
    playTo(12.1);
    expect(flyingIds()).toEqual([]);

    // Back to 1 s: the stored copy shows at the sender's 2 s, once.
    player.time = 1;
    player.emit('seeking');
    flushFrame();
    expect(flyingIds()).toEqual([]);
    playTo(2.1);
    expect(flyingIds()).toEqual([9]);
    playTo(6.1);
    expect(flyingIds()).toEqual([]);
  });

  it('finds the barrage under a tap', () => {
    const { playTo, renderer } = setup([item(1, 1, '点我')]);
    playTo(1.5);
    const at = renderer.positionOf(1)!;
    expect(renderer.hitTest(at.x + 5, at.y + 5)?.id).toBe(1);
    expect(renderer.hitTest(at.x - 5, at.y + 5)).toBeNull();
    expect(renderer.hitTest(at.x + 5, at.y + line + 5)).toBeNull();
  });

  it('holds at most 1,000 on screen, keeping the newest; draws a text at most twice, and a frame copies the tape whatever the count', () => {
    const list = Array.from({ length: 1200 }, (_, i) => item(i + 1, 1 + i / 10_000, `弹幕${i % 50}`));
    const { playTo, renderer, context, flyingIds, surfaces } = setup(list);
    playTo(1.2);
    expect(renderer.flyingCount()).toBe(1000);
    expect(flyingIds()[0]).toBe(201);
    // 50 texts for 1,200 barrages: each text drawn at most twice (on a scratch surface the first time it is seen,
    // while one is free that frame, and into its own image the next time); every later barrage copies the image.
    const textDraws = surfaces.reduce((sum, surface) => sum + surface.counts.fillText, 0);
    expect(textDraws).toBeGreaterThanOrEqual(50);
    expect(textDraws).toBeLessThanOrEqual(100);
    const drawn = context.counts.drawImage;
    const cleared = context.counts.clearRect;
    playTo(1.25);
    const frames = context.counts.clearRect - cleared;
    expect(frames).toBeGreaterThan(0);
    expect(context.counts.drawImage - drawn).toBeLessThanOrEqual(2 * frames);
    expect(context.counts.fillText).toBe(0);
  });

  it('draws what does not fit the text-image budget on a scratch surface, and never as text on screen', () => {
    const { playTo, context, surfaces } = setup([item(1, 1, '一二三四五六七八九十')], { budget: 10 });
    playTo(1.2);
    expect(surfaces.some((surface) => surface.counts.fillText > 0)).toBe(true);
    expect(context.counts.fillText).toBe(0);
  });

  it('danmu off clears the screen; on again puts back what flies now', () => {
    const { playTo, renderer, flyingIds, flushFrame } = setup([item(1, 1), item(2, 1.5)]);
    playTo(2);
    renderer.setEnabled(false);
    flushFrame();
    expect(flyingIds()).toEqual([]);
    renderer.showNow(item(9, 2));
    flushFrame();
    expect(flyingIds()).toEqual([]);
    renderer.setEnabled(true);
    flushFrame();
    expect(flyingIds()).toEqual([1, 2]);
  });

  it('keeps barrages in place when the speed changes', () => {
    const { playTo, renderer, flushFrame } = setup([item(1, 1)]);
    playTo(2);
    const before = renderer.positionOf(1)!.x;
    renderer.setConfig({ ...DEFAULT_BARRAGE_CONFIG, speed: 'fast' });
    flushFrame();
    expect(renderer.positionOf(1)!.x).toBeCloseTo(before, 6);
    playTo(2.5);
    expect(renderer.positionOf(1)!.x).toBeCloseTo(before - 0.5 * speedPxPerSec('fast'), 0);
  });
  it('hides by type, density and merge (a leader written ×N), and writes a leader again when a live twin merges in', () => {
    const red: Drawable = { ...item(2, 1.1, '红色'), color: '#FE0302' };
    const top: Drawable = { ...item(3, 1.2, '顶部'), mode: 'top' };
    const { playTo, renderer, flyingIds, flushFrame, player } = setup([item(1, 1, '哈哈'), red, top, item(4, 1.3, '哈哈')]);
    const plain = { shields: compileShields({ users: [], keywords: [] }), types: NO_TYPE_BLOCKS, density: 1, merge: emptyMerge() };
    renderer.setFilter(plain);
    playTo(1.5);
    expect(flyingIds().sort()).toEqual([1, 2, 3, 4]);
    player.isPaused = true;
    renderer.setFilter({ ...plain, types: { ...NO_TYPE_BLOCKS, color: true, top: true } });
    flushFrame();
    expect(flyingIds().sort()).toEqual([1, 4]);
    const merge = planMerge([item(1, 1, '哈哈'), item(4, 1.3, '哈哈')]);
    renderer.setFilter({ ...plain, merge });
    flushFrame();
    expect(flyingIds().sort()).toEqual([1, 2, 3]);
    const width = renderer.positionOf(1)?.width ?? 0;
    // '哈哈 ×2' is five characters wide (the fake measures 10 px a character), outline included.
    expect(width).toBe(5 * 10 + 6);
    merge.counts.set(1, 12);
    renderer.relabel(1);
    flushFrame();
    expect(renderer.positionOf(1)?.width).toBe(width + 10);
    // A pinned leader too.
    const topWidth = renderer.positionOf(3)?.width ?? 0;
    merge.counts.set(3, 2);
    renderer.relabel(3);
    flushFrame();
    expect(renderer.positionOf(3)?.width).toBe(topWidth + 3 * 10);
    const sparse = { ...plain, density: 0.1 };
    renderer.setFilter(sparse);
    flushFrame();
    expect(flyingIds().sort()).toEqual([1, 2, 3, 4].filter((id) => isSampled(id, 0.1)));
  });
  it('keeps every barrage, scrolling or pinned, inside the display area chosen (¼ of the picture here)', () => {
    const list: Drawable[] = Array.from({ length: 40 }, (_, i) => ({ ...item(i + 1, 1 + i * 0.01), ...(i % 5 === 0 ? { mode: i % 10 === 0 ? 'bottom' : 'top' } : {}) }));
    const { playTo, renderer, mirrors } = setup(list);
    renderer.setConfig({ ...DEFAULT_BARRAGE_CONFIG, area: 0.25 });
    playTo(1.6);
    const views = mirrors.at(-1) ?? [];
    expect(views.length).toBeGreaterThan(0);
    for (const view of views) expect(view.top + view.height).toBeLessThanOrEqual(219 * 0.25);
  });
});
