import { describe, expect, it } from 'vitest';
import { TextImageCache, imageBytes, type Surface } from '../../../src/ui/barrage/text-image-cache.ts';

function surfaces() {
  const made: { width: number; height: number; cleared: number }[] = [];
  const create = (width: number, height: number): Surface => {
    const record = { width, height, cleared: 0 };
    made.push(record);
    const context = { setTransform: () => undefined, clearRect: () => void (record.cleared += 1) };
    return { canvas: {} as CanvasImageSource, context: context as unknown as Surface['context'] };
  };
  return { made, create };
}

const HEIGHT = 81;
/** Bytes of one image 64 px wide (the smallest surface width). */
const ONE = imageBytes(64, HEIGHT);

describe('the text-image cache', () => {
  it('never holds more bytes than its budget, however many texts come', () => {
    const { create } = surfaces();
    const cache = new TextImageCache(10 * ONE + 5, create);
    cache.setRowHeight(HEIGHT);
    for (let i = 0; i < 500; i++) {
      expect(cache.add(`text ${i}`, 20 + (i % 150))).not.toBeNull();
      expect(cache.bytes()).toBeLessThanOrEqual(cache.budgetBytes);
    }
    expect(cache.size()).toBeLessThanOrEqual(10);
  });

  it('counts bytes, not images: a long text takes the room of several short ones', () => {
    const { create } = surfaces();
    const cache = new TextImageCache(8 * ONE, create);
    cache.setRowHeight(HEIGHT);
    for (let i = 0; i < 8; i++) cache.add(`short ${i}`, 60);
    expect(cache.size()).toBe(8);
    cache.add('long', 4 * 64);
    expect(cache.size()).toBe(5);
    expect(cache.bytes()).toBe(8 * ONE);
  });

  it('gives the same image for the same text and style', () => {
    const { create, made } = surfaces();
    const cache = new TextImageCache(100 * ONE, create);
    cache.setRowHeight(HEIGHT);
    const image = cache.add('3|normal|0|0|前方高能', 120);
    expect(cache.get('3|normal|0|0|前方高能')).toBe(image);
    expect(cache.get('3|normal|0|0|前方高能')).toBe(image);
    expect(cache.get('2|normal|0|0|前方高能')).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('evicts the least recently used first', () => {
    const { create } = surfaces();
    const cache = new TextImageCache(3 * ONE, create);
    cache.setRowHeight(HEIGHT);
    cache.add('a', 50);
    cache.add('b', 50);
    cache.add('c', 50);
    cache.get('a');
    cache.add('d', 50);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.has('d')).toBe(true);
  });

  it('once full, reuses the surface of an image that goes instead of making a canvas', () => {
    const { create, made } = surfaces();
    const cache = new TextImageCache(4 * ONE, create);
    cache.setRowHeight(HEIGHT);
    for (let i = 0; i < 4; i++) cache.add(`t${i}`, 40);
    expect(made).toHaveLength(4);
    for (let i = 4; i < 40; i++) cache.add(`t${i}`, 40);
    expect(made).toHaveLength(4);
    expect(made.reduce((sum, surface) => sum + surface.cleared, 0)).toBe(36);
  });

  it('holds nothing larger than the whole budget, and empties when the lane height changes', () => {
    const { create } = surfaces();
    const cache = new TextImageCache(2 * ONE, create);
    cache.setRowHeight(HEIGHT);
    expect(cache.add('huge', 64 * 3)).toBeNull();
    expect(cache.add('small', 30)).not.toBeNull();
    cache.setRowHeight(HEIGHT + 1);
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
  });
});
