import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { MAX_MESSAGE_LENGTH, envelope } from '../../server/http/envelope.ts';
import { redactUrl } from '../../server/http/redact.ts';
import { Ret, RetMessage } from '../../server/http/ret.ts';
import { SessionRefusals } from '../../src/core/session/session-protocol.ts';
import { cacheControlFor } from '../../server/static/static-app.ts';
import { useServerFixture } from './server-fixture.ts';

/** A database that fails every statement, as one that went away would. */
const brokenDatabase: Database = {
  kind: 'pg',
  query: async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432 (internal detail)');
  },
  exec: async () => {
    throw new Error('connect ECONNREFUSED');
  },
  transaction: async () => {
    throw new Error('connect ECONNREFUSED');
  },
  close: async () => undefined,
};

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const server = useServerFixture({
  database: async () => brokenDatabase,
  tempDir: 'qiyu-static-',
  config: ({ dir }) => ({ staticDir: dir }),
  logger: { level: 'error', stream: logStream },
  seed: async (_db, { dir: staticDir }) => {
    await mkdir(join(staticDir, 'assets', 'chunks'), { recursive: true });
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>fake app</title><div id="root"></div>');
    await writeFile(join(staticDir, 'assets', 'main-ABCD2345.js'), 'console.log("app")');
    await writeFile(join(staticDir, 'assets', 'chunks', 'home-QRST6789.js'), 'export {}');
    await writeFile(join(staticDir, 'assets', 'avatar-default.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  },
});

beforeAll(async () => {
  server.app.get('/api/test/throws', async () => {
    throw new TypeError('Cannot read properties of undefined (secret detail)');
  });
  await server.app.ready();
});

describe('API answers', () => {
  it('answers unknown /api paths with HTTP 404 and JSON', async () => {
    for (const [method, url] of [['GET', '/api/Nope/Nothing'], ['POST', '/api/Login/Nothing'], ['GET', '/api/'], ['GET', '/api']] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ ret: 404, msg: '接口不存在', data: null });
    }
  });

  it('answers a malformed %-escape in the path in the API shape', async () => {
    for (const url of ['/api/%zz', '/media/%zz.jpg']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '请求地址格式错误', data: null });
    }
  });

  it('answers a known path called with the wrong method as unknown', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/Login/Login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ret: 404, msg: '接口不存在', data: null });
  });

  it('matches API paths without regard to case or a trailing slash', async () => {
    for (const url of ['/api/login/login', '/API/LOGIN/LOGIN', '/api/Login/Login/']) {
      const response = await server.app.inject({ method: 'POST', url, payload: { userName: 'demo' } });
      expect(response.json(), url).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：password', data: null });
    }
  });

  it('answers malformed JSON with ret 1002', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Login',
      payload: '{"userName": "demo", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '请求格式错误', data: null });
  });

  it('answers a JSON body that is not an object with ret 1002', async () => {
    for (const payload of ['[1,2]', '"text"', '42']) {
      const response = await server.app.inject({
        method: 'POST', url: '/api/Login/Login', payload, headers: { 'content-type': 'application/json' },
      });
      expect(response.json(), payload).toEqual({ ret: Ret.BadParam, msg: '请求格式错误', data: null });
    }
  });

  it('refuses prototype poisoning in JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Login',
      payload: '{"__proto__": {"admin": true}, "userName": "demo"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toMatchObject({ ret: Ret.BadParam });
  });

  it('treats an empty JSON body as no params', async () => {
    const response = await server.app.inject({
      method: 'POST', url: '/api/Login/Login', payload: '', headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：userName', data: null });
  });

  it('answers an unsupported content type with ret 1002', async () => {
    const response = await server.app.inject({
      method: 'POST', url: '/api/Login/Login', payload: '<xml/>', headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '不支持的请求格式', data: null });
  });

  it('answers an oversized body with ret 1002', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Login',
      payload: `userName=${'a'.repeat(1024 * 1024 + 10)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ret: Ret.BadParam, msg: '请求内容过大', data: null });
  });

  it('answers an unexpected failure with ret 500, no details, and logs them', async () => {
    logLines.length = 0;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Login/Login',
      payload: 'userName=demo&password=demo123456',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ret: Ret.Internal, msg: '服务器繁忙，请稍后再试', data: null });
    expect(response.body).not.toMatch(/ECONNREFUSED|stack|at \w+ \(/);
    expect(logLines.join('\n')).toContain('ECONNREFUSED');
  });

  it('answers an error thrown by a handler with ret 500 without the stack', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/throws' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ret: Ret.Internal, msg: '服务器繁忙，请稍后再试', data: null });
    expect(response.body).not.toContain('secret detail');
  });

  it('keeps every fixed message within 30 characters', () => {
    for (const message of [...Object.values(RetMessage), ...Object.values(SessionRefusals)]) {
      expect([...message].length, message).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    }
    expect(envelope(Ret.BadParam, '长'.repeat(40), null).msg).toHaveLength(MAX_MESSAGE_LENGTH);
  });

  it('keeps token fields out of logged URLs', () => {
    expect(redactUrl('/api/x?System=h5&token=abc&sign=def&expire=1&login_uid=2&uid=2')).toBe(
      '/api/x?System=h5&token=***&sign=***&expire=***&login_uid=***&uid=2',
    );
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});

describe('static app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('fake app');
  });

  it.each(['/vip', '/openVip?type=1&uid=3', '/play/abc123', '/no/such/page', '/user/'])(
    'answers index.html for the app route %s',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('fake app');
    },
  );

  it('serves hashed assets with long cache headers', async () => {
    for (const url of ['/assets/main-ABCD2345.js', '/assets/chunks/home-QRST6789.js']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves other files to be revalidated', async () => {
    for (const url of ['/assets/avatar-default.svg', '/favicon.svg']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect(cacheControlFor('/assets/logo-placeholder.svg')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/missing-ABCDEFGH.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('fake app');
  });

  it('answers 404 for other methods outside /api', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/vip' })).statusCode).toBe(404);
  });

  it('says to build the app when index.html is missing', async () => {
    const bare = await server.startApp({ config: { staticDir: join(server.dir, 'nothing-here') }, logger: false });
    try {
      const response = await bare.inject({ method: 'GET', url: '/some/route' });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm run build');
      expect((await bare.inject({ method: 'GET', url: '/api/Nope' })).json()).toEqual({ ret: 404, msg: '接口不存在', data: null });
    } finally {
      await bare.close();
    }
  });
});
