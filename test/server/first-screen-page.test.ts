/**
 * GET / carries the home route's first screen (server/static/first-screen-page.ts): the visitor's GetHomeData answer
 * in a JSON data block and a preload of the covers the first screen shows at once; compressed, revalidated by ETag.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { firstScreenMarkup } from '../../server/static/first-screen-markup.ts';
import { firstScreenHtml } from '../../server/static/first-screen-page.ts';
import { FIRST_SCREEN_CARDS, FIRST_SCREEN_DATA_ID, FIRST_SCREEN_MARKUP_ID, firstScreenCovers } from '../../src/core/catalogue/first-screen.ts';
import { FakeClock } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const TEMPLATE = '<!doctype html><html><head><title>fake app</title></head><body><div id="root"></div><script type="module" src="/assets/main-0a1b2c3d.js"></script></body></html>';

const server = useServerFixture({
  tempDir: 'qiyu-first-screen-',
  config: ({ dir }) => ({ staticDir: dir }),
  seed: async (db, { dir }) => {
    await seedCatalogue(db, new FakeClock());
    await writeFile(join(dir, 'index.html'), TEMPLATE);
  },
});

function dataBlock(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no first-screen data block');
  return JSON.parse(match[1]);
}

describe('the home page', () => {
  it("carries the visitor's GetHomeData answer and preloads the first screen's covers", async () => {
    const page = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const api = await server.app.inject({ method: 'GET', url: '/api/home/GetHomeData?System=h5' });
    expect(dataBlock(html)).toEqual(api.json());
    const covers = firstScreenCovers((api.json() as { data: unknown }).data);
    expect(covers).toHaveLength(FIRST_SCREEN_CARDS);
    const preloads = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1]?.replace(/&amp;/g, '&'));
    expect(preloads).toEqual(covers);
    expect(covers[0]).toMatch(/^\/media\/.+\?x-oss-process=image\/resize,m_fill,w_400,h_225\/format,jpg$/);
    // The preloads in the head, the data in the body (the app's module script runs once the page is parsed).
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf(FIRST_SCREEN_DATA_ID)).toBeGreaterThan(html.indexOf('<body>'));
    expect(html.indexOf(FIRST_SCREEN_DATA_ID)).toBeLessThan(html.indexOf('</body>'));
  });

  it('carries a static copy of the first screen before the app root: the first block with its covers, inert', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const api = (await server.app.inject({ method: 'GET', url: '/api/home/GetHomeData?System=h5' })).json() as { data: { blocks: { title: string }[] } };
    const html = page.body;
    const start = html.indexOf(`<div id="${FIRST_SCREEN_MARKUP_ID}"`);
    expect(start).toBeGreaterThan(html.indexOf('<body>'));
    expect(start).toBeLessThan(html.indexOf('<div id="root">'));
    const markup = html.slice(start, html.indexOf('<div id="root">'));
    expect(markup).toContain('aria-hidden="true" inert');
    expect(markup).toContain(`<h2 class="home-block__title">${api.data.blocks[0]?.title ?? ''}</h2>`);
    const eager = [...markup.matchAll(/<img alt="" loading="eager" fetchpriority="high" decoding="async" width="176" height="99" src="([^"]+)">/g)].map((m) => m[1]?.replace(/&amp;/g, '&'));
    expect(eager).toEqual(firstScreenCovers(api.data));
    expect(markup).not.toContain('<script');
  });

  it('answers 304 to the copy the browser holds, and gzip or plain to others', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await server.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const plain = await server.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('fake app');
  });

  it('leaves other routes the plain page', async () => {
    const other = await server.app.inject({ method: 'GET', url: '/vip' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(TEMPLATE);
  });

  it('writes the copy as text, so nothing in the data becomes markup', () => {
    const video = { mediaKey: 'k', title: '<img src=x onerror=alert(1)>', cover: '/media/a.jpg?x="1"', duration: 20, playCount: 1 };
    const markup = firstScreenMarkup({ blocks: [{ title: '<b>电影</b>', list: [video] }] }, Date.UTC(2026, 0, 1));
    expect(markup).toContain('&lt;b&gt;电影&lt;/b&gt;');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markup).not.toContain('<b>');
    expect(markup).not.toContain('x="1"');
    expect(firstScreenMarkup({ blocks: [] }, 0)).toBe('');
  });

  it('writes the data so that nothing in it can close the script element', () => {
    const html = firstScreenHtml(TEMPLATE, { blocks: [{ title: '</script><script>alert(1)</script>', list: [] }] });
    expect(html).not.toBeNull();
    expect(html?.match(/<\/script>/g)).toHaveLength(2);
    expect(dataBlock(html ?? '')).toEqual({ ret: 200, msg: '成功', data: { blocks: [{ title: '</script><script>alert(1)</script>', list: [] }] } });
  });
});
