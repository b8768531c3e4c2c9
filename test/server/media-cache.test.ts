/**
 * The resize cache cannot fill the disk: any requested size is made as one of the app's few variants (never
 * larger than the original), and the cache folder stays within its byte cap by evicting the least recently
 * used files (issue 18).
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MEDIA_CACHE_MAX_BYTES, mediaCacheMaxBytesOf, readConfig } from '../../server/config.ts';
import { ProcessedImageCache } from '../../server/media/processed-cache.ts';
import { registerMediaRoutes } from '../../server/media/routes.ts';
import { IMAGE_ASPECTS, IMAGE_WIDTHS, cropHeight } from '../../src/core/display/image-sizes.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'qiyu-media-cache-'));
});

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

/** Every file below `dir` (recursively) with its size; temporary files included. */
async function filesIn(dir: string): Promise<{ name: string; size: number }[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  const list: { name: string; size: number }[] = [];
  for (const name of names) {
    const stats = await stat(join(dir, name));
    if (stats.isFile()) list.push({ name, size: stats.size });
  }
  return list;
}

const total = (list: readonly { size: number }[]) => list.reduce((sum, file) => sum + file.size, 0);

describe('MEDIA_CACHE_MAX_BYTES', () => {
  it('is a size above 0 (bytes, or with KB, MB or GB like the other size settings), 256 MB when unset', () => {
    expect(mediaCacheMaxBytesOf(readConfig({}))).toBe(DEFAULT_MEDIA_CACHE_MAX_BYTES);
    expect(DEFAULT_MEDIA_CACHE_MAX_BYTES).toBe(268_435_456);
    expect(mediaCacheMaxBytesOf(readConfig({ MEDIA_CACHE_MAX_BYTES: '1048576' }))).toBe(1_048_576);
    expect(mediaCacheMaxBytesOf(readConfig({ MEDIA_CACHE_MAX_BYTES: '512MB' }))).toBe(536_870_912);
    for (const bad of ['0', '-1', '1.5', '1e6', 'lots', '0MB', '9999999999999999']) {
      expect(() => readConfig({ MEDIA_CACHE_MAX_BYTES: bad })).toThrow(ConfigError);
    }
  });
});

describe('GET /media/* under a small cache cap', () => {
  let app: FastifyInstance;
  let mediaDir: string;
  let cacheDir: string;
  const CAP = 30_000;
  const SOURCE = { width: 900, height: 600 };

  beforeAll(async () => {
    mediaDir = join(root, 'media');
    cacheDir = join(root, 'media-cache');
    await mkdir(join(mediaDir, 'photos'), { recursive: true });
    const { width, height } = SOURCE;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#f80"/><stop offset="1" stop-color="#08f"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="450" cy="300" r="200" fill="#fff" opacity="0.5"/></svg>`;
    await writeFile(join(mediaDir, 'photos/source.png'), await sharp(Buffer.from(svg)).png().toBuffer());
    app = Fastify({ logger: false });
    registerMediaRoutes(app, { mediaDir, cacheDir, cacheMaxBytes: CAP });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 500 distinct sizes, asked in parallel batches, with only the allowed variants and keeps the folder within its cap', async () => {
    const allowedWidths = new Set<number>([...IMAGE_WIDTHS.filter((w) => w <= SOURCE.width), SOURCE.width]);
    const sizes = new Map<string, number>();
    const requests = Array.from({ length: 500 }, (_, index) => {
      const width = 1 + index * 8; // 1 … 3993: 500 distinct widths
      // Every other request also asks a height (a crop at some shape), the rest a width alone.
      const height = index % 2 === 0 ? undefined : 1 + ((index * 37) % 2000);
      return { width, height };
    });
    const BATCH = 25;
    for (let start = 0; start < requests.length; start += BATCH) {
      const batch = requests.slice(start, start + BATCH);
      const answers = await Promise.all(batch.map(async ({ width, height }) => {
        const process = height === undefined ? `image/resize,w_${width}/format,jpg` : `image/resize,m_fill,w_${width},h_${height}/format,jpg`;
        const response = await app.inject({ url: `/media/photos/source.png?x-oss-process=${process}` });
        expect(response.statusCode).toBe(200);
        return { width, height, meta: await sharp(response.rawPayload).metadata() };
      }));
      for (const { width, height, meta } of answers) {
        const outWidth = meta.width ?? 0;
        const outHeight = meta.height ?? 0;
        // Never larger than the original.
        expect(outWidth).toBeLessThanOrEqual(SOURCE.width);
        expect(outHeight).toBeLessThanOrEqual(SOURCE.height);
        if (height === undefined) {
          expect(allowedWidths.has(outWidth), `w_${width} gave ${outWidth}`).toBe(true);
        } else {
          // A crop: one of the five widths at one of the five shapes, shrunk (shape kept) only when the source is smaller.
          const ratio = outHeight / outWidth;
          expect(IMAGE_ASPECTS.some((aspect) => Math.abs(aspect - ratio) < 0.01), `${outWidth}×${outHeight}`).toBe(true);
          const fits = IMAGE_WIDTHS.some((w) => outWidth === w && outHeight === cropHeight(w, ratio));
          expect(fits || outWidth === SOURCE.width || outHeight === SOURCE.height, `${outWidth}×${outHeight}`).toBe(true);
        }
        sizes.set(`${outWidth}×${outHeight}`, meta.size ?? 0);
      }
      // Once a batch is answered its writes (and the evictions they made room with) are done.
      expect(total(await filesIn(cacheDir))).toBeLessThanOrEqual(CAP);
    }
    // All the variants together are larger than the cap, so eviction did work.
    expect(total([...sizes.values()].map((size) => ({ size })))).toBeGreaterThan(CAP * 2);
    // 500 sizes were asked; a handful of variants were made.
    expect(sizes.size).toBeLessThanOrEqual(IMAGE_WIDTHS.length * (IMAGE_ASPECTS.length + 1));
    const files = await filesIn(cacheDir);
    expect(total(files)).toBeLessThanOrEqual(CAP);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('a 600-px-wide original asked for w_1000 gives 600', async () => {
    await writeFile(join(mediaDir, 'photos/narrow.jpg'), await sharp({ create: { width: 600, height: 400, channels: 3, background: '#48c' } }).jpeg().toBuffer());
    const response = await app.inject({ url: '/media/photos/narrow.jpg?x-oss-process=image/resize,w_1000' });
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 600, height: 400 });
  });
});

describe('ProcessedImageCache', () => {
  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);
  let n = 0;
  const freshDir = () => join(root, `lru-${(n += 1)}`);
  /** Keys spread over the two-letter folders like real sha256 keys. */
  const key = (name: string) => `${name.padEnd(2, '0')}${'0'.repeat(62)}`;

  it('evicts the least recently used file first; a hit makes a file recent', async () => {
    let now = 1_000_000;
    const cache = new ProcessedImageCache(freshDir(), { maxBytes: 300, now: () => now });
    for (const name of ['a1', 'b2', 'c3']) {
      now += 1000;
      await cache.getOrCreate(key(name), 'jpg', async () => bytes(100, 1));
    }
    now += 1000;
    expect((await cache.getOrCreate(key('a1'), 'jpg', async () => bytes(100, 9))).hit).toBe(true);
    await cache.getOrCreate(key('d4'), 'jpg', async () => bytes(100, 4));
    const names = (await filesIn(cache.dir)).map((file) => file.name.slice(3, 5)).sort();
    expect(names).toEqual(['a1', 'c3', 'd4']);
    expect(cache.bytes()).toBe(300);
    expect((await cache.getOrCreate(key('b2'), 'jpg', async () => bytes(100, 2))).hit).toBe(false);
    // b2 came back, so the least recently used of the others (c3) went.
    expect((await filesIn(cache.dir)).map((file) => file.name.slice(3, 5)).sort()).toEqual(['a1', 'b2', 'd4']);
  });

  it('rebuilds the index from the folder at start, ordered by the files\' last use', async () => {
    const dir = freshDir();
    const first = new ProcessedImageCache(dir, { maxBytes: 1000 });
    for (const name of ['a1', 'b2', 'c3']) await first.getOrCreate(key(name), 'jpg', async () => bytes(100, 1));
    // Last use as the disk tells it: b2 long ago, a1 less long ago, c3 recently.
    const at = (name: string) => first.fileOf(key(name), 'jpg');
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await utimes(at('b2'), ago(3000), ago(3000));
    await utimes(at('a1'), ago(2000), ago(4000)); // read later than written: atime counts
    await utimes(at('c3'), ago(10), ago(10));
    // A temporary file a killed writer left long ago goes at start.
    const stale = `${at('c3')}.999-dead.tmp`;
    await writeFile(stale, bytes(50, 0));
    await utimes(stale, ago(600), ago(600));

    const restarted = new ProcessedImageCache(dir, { maxBytes: 250 });
    await restarted.whenReady();
    // Over the new cap at start: the oldest (b2) is evicted at once.
    expect(restarted.files().map((file) => file.slice(-68, -66))).toEqual(['a1', 'c3']);
    expect(restarted.bytes()).toBe(200);
    await restarted.getOrCreate(key('d4'), 'jpg', async () => bytes(100, 4));
    expect((await filesIn(dir)).map((file) => file.name.slice(3, 5)).sort()).toEqual(['c3', 'd4']);
  });

  it('concurrent writes leave the folder within the cap; a file larger than the cap is answered but not kept', async () => {
    const cache = new ProcessedImageCache(freshDir(), { maxBytes: 350 });
    const names = Array.from({ length: 40 }, (_, index) => `${(index + 16).toString(16)}x${index}`);
    const answers = await Promise.all(names.map((name, index) => cache.getOrCreate(key(name), 'jpg', async () => {
      await new Promise((resolve) => setTimeout(resolve, index % 5));
      return bytes(100, index);
    })));
    expect(answers.every((answer) => answer.data.length === 100)).toBe(true);
    const files = await filesIn(cache.dir);
    expect(total(files)).toBeLessThanOrEqual(350);
    expect(cache.bytes()).toBe(total(files));

    const big = await cache.getOrCreate(key('ff'), 'jpg', async () => bytes(400, 7));
    expect(big.data.length).toBe(400);
    expect(total(await filesIn(cache.dir))).toBeLessThanOrEqual(350);
  });

  it('a file evicted while a reader streams it is still read whole', async () => {
    const cache = new ProcessedImageCache(freshDir(), { maxBytes: 2_000_000 });
    const payload = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => i & 0xff));
    await cache.getOrCreate(key('a1'), 'jpg', async () => payload);
    const stream = createReadStream(cache.fileOf(key('a1'), 'jpg'), { highWaterMark: 64 * 1024 });
    const chunks: Buffer[] = [];
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    chunks.push(first.value as Buffer);
    // A larger file evicts a1 (unlinked) while the reader is a chunk in.
    await cache.getOrCreate(key('b2'), 'jpg', async () => bytes(1_000_000, 5));
    expect((await filesIn(cache.dir)).map((file) => file.name.slice(3, 5))).toEqual(['b2']);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) chunks.push(next.value as Buffer);
    expect(Buffer.concat(chunks).equals(payload)).toBe(true);
  });
});
