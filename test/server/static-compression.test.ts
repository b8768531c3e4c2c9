/**
 * The built app as the server sends it: precompressed copies chosen by Accept-Encoding (br first), hashed assets
 * cached for good, the page itself revalidated (304), and a missing hashed asset a real 404.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import type { Database } from '../../server/db/database.ts';
import { useServerFixture } from './server-fixture.ts';

/** The static files need no database. */
const noDatabase: Database = {
  kind: 'pg',
  query: async () => {
    throw new Error('no database in this test');
  },
  exec: async () => {
    throw new Error('no database in this test');
  },
  transaction: async () => {
    throw new Error('no database in this test');
  },
  close: async () => undefined,
};

const MAIN_JS = `${'export const words = ["奇遇视频", "home", "list"];\n'.repeat(200)}console.log(words);\n`;
const MAIN_CSS = `${'.home-card { display: flex; gap: 8px; padding: 12px; }\n'.repeat(100)}`;
const INDEX_HTML = `<!doctype html><title>fake app</title>${'<link rel="modulepreload" href="/assets/main-0a1b2c3d.js">'.repeat(30)}<div id="root"></div>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const server = useServerFixture({
  database: async () => noDatabase,
  tempDir: 'qiyu-static-br-',
  config: ({ dir }) => ({ staticDir: dir }),
  seed: async (_db, { dir: staticDir }) => {
    await mkdir(join(staticDir, 'assets', 'chunks'), { recursive: true });
    await writeFile(join(staticDir, 'index.html'), INDEX_HTML);
    await writeFile(join(staticDir, 'assets', 'main-0a1b2c3d.js'), MAIN_JS);
    await writeFile(join(staticDir, 'assets', 'main-MRAY52XE.css'), MAIN_CSS);
    await writeFile(join(staticDir, 'assets', 'chunks', 'tiny-4e5f6a7b.js'), 'export{};');
    await precompress(staticDir);
  },
});

beforeAll(async () => {
  await server.app.ready();
});

describe('precompressed assets', () => {
  it('sends brotli when the browser accepts it, with the type of the original file', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/main-0a1b2c3d.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(MAIN_JS);
    expect(response.rawPayload.length).toBeLessThan(MAIN_JS.length / 5);
  });

  it('sends gzip to a browser without brotli', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/main-MRAY52XE.css', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(MAIN_CSS);
  });

  it('sends the file itself when nothing compressed is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await server.app.inject({ method: 'GET', url: '/assets/main-0a1b2c3d.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.body).toBe(MAIN_JS);
    }
  });

  it('sends a file too small to compress as it is', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/chunks/tiny-4e5f6a7b.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('export{};');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    for (const url of ['/assets/main-deadbeef.js', '/assets/chunks/gone-0a0b0c0d.js']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('fake app');
    }
  });
});

describe('the app page', () => {
  it.each(['/', '/index.html', '/vip', '/play/abc123'])('is sent compressed, to be revalidated: %s', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['last-modified']).toBeTruthy();
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it.each(['/', '/vip'])('answers 304 when the copy the browser holds is current: %s', async (url) => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const first = await server.app.inject({ method: 'GET', url, headers });
    const etag = String(first.headers.etag);
    const again = await server.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const byDate = await server.app.inject({ method: 'GET', url, headers: { ...headers, 'if-modified-since': String(first.headers['last-modified']) } });
    expect(byDate.statusCode).toBe(304);
  });
});
