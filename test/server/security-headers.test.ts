import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CSP, apiBaseSources } from '../../server/http/security-headers.ts';
import { useServerFixture } from './server-fixture.ts';


const INDEX = '<!doctype html><html><head><link rel="stylesheet" href="/assets/main-ABCDEFGH.css"></head><body><div id="root"></div><script type="module" src="/assets/main-ABCDEFGH.js"></script></body></html>';

const CONSOLE_INDEX = '<!doctype html><html><head><title>奇遇视频 运营后台</title></head><body><div id="root"></div><script type="module" src="/admin/assets/main-ABCDEFGH.js"></script></body></html>';

const server = useServerFixture({
  tempDir: 'qiyu-headers-',
  config: ({ dir }) => ({ dataDir: dir, staticDir: join(dir, 'dist'), mediaDir: join(dir, 'media') }),
  seed: async (_db, { dir }) => {
    const staticDir = join(dir, 'dist');
    const mediaDir = join(dir, 'media');
    await mkdir(join(staticDir, 'assets'), { recursive: true });
    await mkdir(mediaDir, { recursive: true });
    await writeFile(join(staticDir, 'index.html'), INDEX);
    await mkdir(join(staticDir, 'admin', 'assets'), { recursive: true });
    await writeFile(join(staticDir, 'admin', 'index.html'), CONSOLE_INDEX);
    await writeFile(join(staticDir, 'assets', 'main-ABCDEFGH.js'), 'console.log(1)');
    await writeFile(join(mediaDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
  },
});

/** The policy's directives by name. */
function directives(policy: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(String(policy).split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

const COMMON = {
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('security headers', () => {
  for (const url of ['/', '/vip', '/play/movie-01?episode=2']) {
    it(`the app page ${url}: a CSP without inline script, framing by this site only, nosniff, the referrer policy`, async () => {
      const page = await server.app.inject({ method: 'GET', url, headers: { host: 'video.example:8443' } });
      expect(page.statusCode).toBe(200);
      // The home page also carries its first screen's data, in a JSON data block (not a script the policy runs).
      expect(page.body.replace(/<script type="application\/json" id="first-screen-data">[^<]*<\/script>\n/, '')).toBe(INDEX);
      expect(page.headers).toMatchObject(COMMON);
      const csp = directives(page.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      // socket.io on this host over ws/wss, and Google Places from the browser.
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://video.example:8443', 'wss://video.example:8443', 'https://places.googleapis.com']));
      for (const values of csp.values()) expect(values).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(page.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(page.headers['cross-origin-resource-policy']).toBeUndefined();
    });
  }

  for (const url of ['/admin', '/admin/login?redirect=%2Fadmin', '/admin/audit']) {
    it(`the operator console's page ${url}: its own page, framed by nothing and framing nothing, no inline script`, async () => {
      const page = await server.app.inject({ method: 'GET', url, headers: { host: 'video.example:8443' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(CONSOLE_INDEX);
      expect(page.headers['x-frame-options']).toBe('DENY');
      const csp = directives(page.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://video.example:8443']));
    });
  }

  it('a missing file of the console is a real 404, not its page', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/admin/assets/gone-ABCDEFGH.js' })).statusCode).toBe(404);
    // A path that only starts alike is the app's.
    expect((await server.app.inject({ method: 'GET', url: '/administrator' })).body).not.toBe(CONSOLE_INDEX);
  });

  it('a Host header that is not a host name does not get into the policy', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/', headers: { host: "evil.example 'unsafe-inline'" } });
    const connect = directives(page.headers['content-security-policy']).get('connect-src') ?? [];
    expect(connect).not.toContain("'unsafe-inline'");
    expect(connect.some((source) => source.includes('evil'))).toBe(false);
  });

  it('/api answers: nothing may load or frame them, nosniff, the referrer policy; refusals too', async () => {
    for (const url of ['/api/home/GetUserRegion', '/api/no/such/call', '/api/User/GetUserInfo']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.headers, url).toMatchObject({ ...COMMON, 'content-security-policy': API_CSP });
    }
  });

  it('static files and /media get them too; svg under /media keeps its sandboxing CSP', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/assets/main-ABCDEFGH.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers).toMatchObject(COMMON);
    const svg = await server.app.inject({ method: 'GET', url: '/media/logo.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API_BASE on another site is allowed to be called and to serve images and media', () => {
    expect(apiBaseSources('https://api.example.com/base')).toEqual(['https://api.example.com', 'wss://api.example.com']);
    expect(apiBaseSources('http://10.0.0.2:3000')).toEqual(['http://10.0.0.2:3000', 'ws://10.0.0.2:3000']);
    expect(apiBaseSources('/backend')).toEqual([]);
    expect(apiBaseSources(undefined)).toEqual([]);
  });
});
