import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, symlink, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { ProcessParamError, canonicalProcess, parseImageProcess } from '../../server/media/process-params.ts';
import { registerMediaRoutes } from '../../server/media/routes.ts';
import type { Envelope } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

let dataDir: string;
let mediaDir: string;
let cacheDir: string;
const originals = new Map<string, Buffer>();

const FILL_400 = 'image/resize,m_fill,w_400,h_225/format,jpg';

async function fixture(path: string, data: Buffer | Promise<Buffer>): Promise<void> {
  const bytes = await data;
  await mkdir(join(mediaDir, path, '..'), { recursive: true });
  await writeFile(join(mediaDir, path), bytes);
  originals.set(path, bytes);
}

function gradient(width: number, height: number): sharp.Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f" stop-opacity="0.4"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** Processed files in the cache folder (temporary files excluded). */
async function cacheFiles(): Promise<string[]> {
  try {
    const entries = await readdir(cacheDir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

async function fetchMedia(path: string, process?: string, headers: Record<string, string> = {}) {
  const query = process === undefined ? '' : `?x-oss-process=${process}`;
  const response = await server.app.inject({ method: 'GET', url: `/media/${path}${query}`, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload, text: response.body };
}

async function meta(buffer: Buffer): Promise<sharp.Metadata> {
  return sharp(buffer).metadata();
}

const server = useServerFixture({
  tempDir: 'qiyu-media-',
  config: ({ dir }) => ({ dataDir: dir, mediaDir: join(dir, 'media') }),
  seed: async (_db, { dir }) => {
    dataDir = dir;
    mediaDir = join(dataDir, 'media');
    cacheDir = join(dataDir, 'media-cache');
    await fixture('photos/wide.png', gradient(1200, 800).png().toBuffer());
    await fixture('photos/small.jpg', gradient(300, 200).flatten().jpeg().toBuffer());
    await fixture('photos/pic.webp', gradient(640, 480).webp().toBuffer());
    await fixture('photos/Upper Case.JPEG', gradient(100, 50).flatten().jpeg().toBuffer());
    await fixture('photos/anim.gif', gradient(120, 80).gif().toBuffer());
    await fixture('photos/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'));
    await fixture('photos/broken.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]));
    await fixture('photos/notes.txt', Buffer.from('not an image'));
    // Outside MEDIA_DIR: must never be served, even through a symbolic link inside it.
    await writeFile(join(dataDir, 'secret.jpg'), await gradient(50, 50).flatten().jpeg().toBuffer());
    await symlink(join(dataDir, 'secret.jpg'), join(mediaDir, 'photos', 'link.jpg'));
  },
});

describe('parseImageProcess', () => {
  it('reads the contract and spells it one way per meaning', () => {
    expect(parseImageProcess(FILL_400)).toEqual({ resize: { mode: 'fill', width: 400, height: 225 }, format: 'jpeg' });
    expect(parseImageProcess('image/resize,w_200')).toEqual({ resize: { mode: 'lfit', width: 200 } });
    expect(parseImageProcess('image/format,webp')).toEqual({ format: 'webp' });
    expect(canonicalProcess(parseImageProcess('image/format,jpeg/resize,h_9,w_8,m_fill')))
      .toBe(canonicalProcess(parseImageProcess('image/resize,m_fill,w_8,h_9/format,jpg')));
  });

  it.each([
    '', 'image/', 'resize,w_200', 'image/resize', 'image/resize,m_fill', 'image/resize,w_0', 'image/resize,w_abc',
    'image/resize,w_4097', 'image/resize,w_01', 'image/resize,w_-5', 'image/resize,w_200,w_300', 'image/resize,m_zoom,w_200',
    'image/resize,x_1,w_200', 'image/resize,w_200/resize,w_300', 'image/rotate,90', 'image/format,bmp', 'image/format',
    'image/format,jpg,png', 'image/resize,w_200/', 'video/snapshot,t_1000', `image/resize,w_${'9'.repeat(300)}`,
  ])('refuses %j', (raw) => {
    expect(() => parseImageProcess(raw)).toThrow(ProcessParamError);
  });
});

describe('GET /media/* originals', () => {
  it.each([
    ['photos/wide.png', 'image/png'],
    ['photos/small.jpg', 'image/jpeg'],
    ['photos/Upper Case.JPEG', 'image/jpeg'],
    ['photos/pic.webp', 'image/webp'],
    ['photos/anim.gif', 'image/gif'],
    ['photos/logo.svg', 'image/svg+xml'],
    ['photos/broken.jpg', 'image/jpeg'],
  ])('serves %s as it is, as %s', async (path, type) => {
    const response = await fetchMedia(encodeURI(path));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.body.equals(originals.get(path) ?? Buffer.alloc(0))).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['etag']).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
  });

  it('answers 304 to a current ETag and sends no body for HEAD', async () => {
    const first = await fetchMedia('photos/small.jpg');
    const again = await fetchMedia('photos/small.jpg', undefined, { 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await server.app.inject({ method: 'HEAD', url: '/media/photos/small.jpg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.rawPayload.length).toBe(0);
  });

  it('keeps SVG from running scripts when opened directly', async () => {
    const response = await fetchMedia('photos/logo.svg');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it.each(['photos/missing.jpg', 'nothing/here.png', 'photos/notes.txt', 'photos', 'photos/link.jpg'])(
    'answers 404 JSON for %s',
    async (path) => {
      const response = await fetchMedia(path);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text)).toEqual({ ret: Ret.NotFound, msg: '图片不存在', data: null });
    },
  );
});

describe('GET /media/* with x-oss-process', () => {
  it('m_fill of a PNG gives a JPEG of exactly w×h, cached for good', async () => {
    const response = await fetchMedia('photos/wide.png', FILL_400);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['etag']).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await meta(response.body)).toMatchObject({ format: 'jpeg', width: 400, height: 225, isProgressive: true });
  });

  it('only w keeps the aspect ratio and the source format', async () => {
    const response = await fetchMedia('photos/wide.png', 'image/resize,w_200');
    expect(response.headers['content-type']).toBe('image/png');
    expect(await meta(response.body)).toMatchObject({ format: 'png', width: 200, height: 133, hasAlpha: true });
    // A height alone snaps like a width (240 → 200).
    const byHeight = await fetchMedia('photos/pic.webp', 'image/resize,h_240');
    expect(await meta(byHeight.body)).toMatchObject({ format: 'webp', width: 267, height: 200 });
  });

  it('m_lfit fits inside the box and never enlarges', async () => {
    // w_300 is as near 200 as 400: the larger wins; h_300 keeps the square shape (400×400).
    const inside = await fetchMedia('photos/wide.png', 'image/resize,m_lfit,w_300,h_300');
    expect(await meta(inside.body)).toMatchObject({ width: 400, height: 267 });
    const larger = await fetchMedia('photos/small.jpg', 'image/resize,m_lfit,w_1000,h_800');
    expect(await meta(larger.body)).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    const onlyWidth = await fetchMedia('photos/small.jpg', 'image/resize,w_800');
    expect(await meta(onlyWidth.body)).toMatchObject({ width: 300, height: 200 });
  });

  it('makes any size as the nearest of the app\'s variants, one cache entry for all the sizes that snap alike', async () => {
    const asked = await fetchMedia('photos/wide.png', 'image/resize,m_fill,w_400,h_300/format,webp');
    expect(await meta(asked.body)).toMatchObject({ width: 400, height: 300 });
    for (const process of ['image/resize,m_fill,w_389,h_290/format,webp', 'image/resize,m_fill,w_450,h_340/format,webp']) {
      const near = await fetchMedia('photos/wide.png', process);
      expect(near.headers['x-media-cache']).toBe('hit');
      expect(near.headers['etag']).toBe(asked.headers['etag']);
      expect(await meta(near.body)).toMatchObject({ width: 400, height: 300 });
    }
    // 4096 wide snaps to 1000; a 1:3 strip is cut at 9:16.
    const huge = await fetchMedia('photos/wide.png', 'image/resize,m_fill,w_4096,h_4096/format,jpg');
    expect(await meta(huge.body)).toMatchObject({ width: 800, height: 800 });
    const strip = await fetchMedia('photos/wide.png', 'image/resize,m_fill,w_200,h_600/format,jpg');
    expect(await meta(strip.body)).toMatchObject({ width: 200, height: 356 });
  });

  it('never enlarges: a crop larger than the source keeps its shape inside the source', async () => {
    // small.jpg is 300×200: a 1000×1000 square becomes 200×200, a 1000×563 (16:9) one 300×169.
    const square = await fetchMedia('photos/small.jpg', 'image/resize,m_fill,w_1000,h_1000/format,jpg');
    expect(await meta(square.body)).toMatchObject({ width: 200, height: 200 });
    const wide = await fetchMedia('photos/small.jpg', 'image/resize,m_fill,w_1000,h_563/format,jpg');
    expect(await meta(wide.body)).toMatchObject({ width: 300, height: 169 });
  });

  it('converts to webp and png', async () => {
    const webp = await fetchMedia('photos/small.jpg', 'image/resize,m_fill,w_200,h_200/format,webp');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await meta(webp.body)).toMatchObject({ format: 'webp', width: 200, height: 200 });
    const png = await fetchMedia('photos/pic.webp', 'image/format,png');
    expect(await meta(png.body)).toMatchObject({ format: 'png', width: 640, height: 480 });
  });

  it('serves a repeated request from the cache folder without encoding again', async () => {
    const process = 'image/resize,m_fill,w_600,h_338/format,jpg';
    const before = await cacheFiles();
    const first = await fetchMedia('photos/wide.png', process);
    expect(first.headers['x-media-cache']).toBe('miss');
    const afterFirst = await cacheFiles();
    expect(afterFirst.length).toBe(before.length + 1);

    const second = await fetchMedia('photos/wide.png', process);
    expect(second.headers['x-media-cache']).toBe('hit');
    expect(second.body.equals(first.body)).toBe(true);
    // jpeg and jpg, and the argument order, are the same request.
    const alias = await fetchMedia('photos/wide.png', 'image/resize,h_338,w_600,m_fill/format,jpeg');
    expect(alias.headers['x-media-cache']).toBe('hit');
    expect(await cacheFiles()).toEqual(afterFirst);

    const revalidated = await fetchMedia('photos/wide.png', process, { 'if-none-match': String(first.headers['etag']) });
    expect(revalidated.status).toBe(304);
  });

  it('makes one cache file for concurrent identical requests, with no temporary file left', async () => {
    const process = 'image/resize,m_fill,w_800,h_450/format,webp';
    const before = await cacheFiles();
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetchMedia('photos/wide.png', process)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.equals(responses[0]?.body ?? Buffer.alloc(0))).toBe(true);
    }
    const after = await cacheFiles();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('processes again when the source changes', async () => {
    await fixture('photos/changing.png', gradient(400, 400).png().toBuffer());
    const first = await fetchMedia('photos/changing.png', 'image/resize,w_100');
    expect(await meta(first.body)).toMatchObject({ width: 200, height: 200 });
    await fixture('photos/changing.png', gradient(400, 200).png().toBuffer());
    const later = new Date(Date.now() + 5000);
    await utimes(join(mediaDir, 'photos/changing.png'), later, later);
    const second = await fetchMedia('photos/changing.png', 'image/resize,w_100');
    expect(second.headers['x-media-cache']).toBe('miss');
    expect(await meta(second.body)).toMatchObject({ width: 200, height: 100 });
    expect(second.headers['etag']).not.toBe(first.headers['etag']);
  });

  it('serves gif and svg unprocessed even when asked to process', async () => {
    for (const [path, type] of [['photos/anim.gif', 'image/gif'], ['photos/logo.svg', 'image/svg+xml']] as const) {
      const response = await fetchMedia(path, FILL_400);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.body.equals(originals.get(path) ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it.each([
    'image/resize,w_0', 'image/resize,w_abc', 'image/resize,m_zoom,w_200', 'image/rotate,90', 'image/format,bmp',
    'image/resize,w_5000', '', 'image%2Fresize%2Cw_abc',
  ])('answers 400 JSON 1002 to %j', async (process) => {
    const response = await fetchMedia('photos/wide.png', process);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ ret: Ret.BadParam, msg: '图片处理参数错误', data: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 to a process given twice and 404 to a missing image', async () => {
    const twice = await server.app.inject({ url: `/media/photos/wide.png?x-oss-process=image/resize,w_200&x-oss-process=${FILL_400}` });
    expect(twice.statusCode).toBe(400);
    const missing = await fetchMedia('photos/missing.png', FILL_400);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ ret: Ret.NotFound, msg: '图片不存在', data: null });
  });

  it('answers 415 JSON with a short message for a corrupt source', async () => {
    const response = await fetchMedia('photos/broken.jpg', FILL_400);
    expect(response.status).toBe(415);
    const body = JSON.parse(response.text) as Envelope;
    expect(body).toEqual({ ret: 415, msg: '图片已损坏，无法处理', data: null });
    expect([...body.msg].length).toBeLessThanOrEqual(30);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });

  it('refuses sources above the pixel limit', async () => {
    const limited = Fastify({ logger: false });
    registerMediaRoutes(limited, { mediaDir, cacheDir: join(dataDir, 'limited-cache'), maxInputPixels: 100 * 100 });
    try {
      const big = await limited.inject({ url: `/media/photos/wide.png?x-oss-process=${FILL_400}` });
      expect(big.statusCode).toBe(415);
      expect(JSON.parse(big.body)).toEqual({ ret: 415, msg: '图片过大，无法处理', data: null });
      const small = await limited.inject({ url: '/media/photos/Upper%20Case.JPEG?x-oss-process=image/resize,w_20' });
      expect(small.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /media/* path safety', () => {
  const secretPath = () => join(dataDir, 'secret.jpg');

  it.each([
    '/media/../secret.jpg', '/media/%2e%2e/secret.jpg', '/media/..%2fsecret.jpg', '/media/photos/..%2f..%2fsecret.jpg',
    '/media/..%5csecret.jpg', '/media/photos%5c..%5c..%5csecret.jpg', '/media/photos/link.jpg', '/media/.%2e/secret.jpg',
    '/media/photos/small.jpg%00.png', '/media/photos//small.jpg',
  ])('refuses %s (injected)', async (url) => {
    const response = await server.app.inject({ url });
    expect(response.statusCode).not.toBe(200);
    expect(response.headers['content-type']).not.toMatch(/^image\//);
  });

  it('refuses absolute paths', async () => {
    for (const url of [`/media/${secretPath()}`, `/media/${encodeURIComponent(secretPath())}`, '/media//etc/passwd', '/media/%2Fetc%2Fpasswd']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ ret: Ret.NotFound, msg: '图片不存在', data: null });
    }
  });

  it('refuses traversal sent byte for byte over HTTP (no client normalisation)', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const raw = (path: string) => new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        }));
      });
      request.on('error', reject);
      request.end();
    });
    for (const path of ['/media/../secret.jpg', '/media/photos/../../secret.jpg', '/media/%2e%2e/secret.jpg', '/media/%2E%2E%2Fsecret.jpg', '/media/../../../../etc/passwd']) {
      const response = await raw(path);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ ret: Ret.NotFound, msg: '图片不存在', data: null });
    }
    expect((await raw('/media/photos/small.jpg')).status).toBe(200);
    const secret = await readFile(secretPath());
    expect(secret.length).toBeGreaterThan(0);
  });
});
