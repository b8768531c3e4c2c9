/**
 * A first-time visitor's first load of the home route (issue 19, "First load"): at most 12 JavaScript requests
 * until the network is idle (signed in too, with an empty cache), every one of them sent compressed and cached for good, index.html preloading exactly
 * what the home route loads first, and that initial JavaScript within 185 KiB gzip (the build's report).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { probeFirstLoad, type FirstLoad } from '../../bench/first-load.ts';
import type { BuildReport } from '../../esbuild.config.ts';
import { useJourney } from './support/journey.ts';

const MAX_JS_REQUESTS = 12;
const MAX_INITIAL_JS_GZIP = 185 * 1024;

/** The journey's phone signs in as demo: its storage is the signed-in visitor's (each probe: a new context, empty cache). */
const { page, app, browser } = useJourney({ signedInAs: 'demo' });
let load: FirstLoad;
let signedInLoad: FirstLoad;

beforeAll(async () => {
  load = await probeFirstLoad(browser, `${app.url}/`);
  signedInLoad = await probeFirstLoad(browser, `${app.url}/`, { storageState: await page.context().storageState() });
});

describe('the home route on a first visit', () => {
  it(`fetches at most ${MAX_JS_REQUESTS} JavaScript files until the network is idle`, () => {
    expect(load.js.length, load.js.map((r) => r.url).join('\n')).toBeLessThanOrEqual(MAX_JS_REQUESTS);
    expect(load.js.length).toBeGreaterThan(0);
  });

  it(`fetches at most ${MAX_JS_REQUESTS} JavaScript files when signed in too (messages, the socket)`, () => {
    expect(signedInLoad.js.length, signedInLoad.js.map((r) => r.url).join('\n')).toBeLessThanOrEqual(MAX_JS_REQUESTS);
    expect(signedInLoad.js.length).toBeGreaterThanOrEqual(load.js.length);
  });

  it('gets every JavaScript file brotli-compressed and cacheable for good', async () => {
    for (const request of [...load.js, ...signedInLoad.js]) {
      // Files under 1 KiB are not worth compressing (scripts/precompress.ts).
      if (request.transferBytes > 2048) expect(request.contentEncoding, request.url).toBe('br');
    }
    const first = load.js[0];
    if (!first) throw new Error('no JavaScript loaded');
    const response = await fetch(first.url, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${app.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).toBeTruthy();
  });

  it('preloads exactly the initial files of the build report, within the size budget', async () => {
    const staticDir = inject('e2eStaticDir');
    const report = JSON.parse(await readFile(path.join(staticDir, 'build-report.json'), 'utf8')) as BuildReport;
    const html = await readFile(path.join(staticDir, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    const initialJs = report.initial.map((f) => f.file).filter((file) => file.endsWith('.js'));
    expect(new Set(preloaded)).toEqual(new Set(initialJs));
    for (const file of initialJs) expect(load.js.map((r) => new URL(r.url).pathname)).toContain(file);
    expect(report.initialJsGzip).toBeLessThanOrEqual(MAX_INITIAL_JS_GZIP);
  });
});
