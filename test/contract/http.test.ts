import { delay, http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AxiosHttp } from '../../adapters/http/axios-http.ts';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { FetchHttp } from '../../adapters/http/fetch-http.ts';
import { FakeClock } from '../../adapters/clock/fake-clock.ts';
import { HttpFailure } from '../../src/core/ports/http.ts';
import { httpContract, type FarAnswer, type SeenRequest } from './http.contract.ts';

const BASE = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function seenByMsw(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim() ?? null;
  if (contentType === 'multipart/form-data') {
    const form = await request.formData();
    const fields: Array<[string, string]> = [];
    const files: NonNullable<NonNullable<SeenRequest['multipart']>['files']> = {};
    let filesStarted = false;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        // Fields must all come before the first file part.
        if (filesStarted) throw new Error(`field ${name} after a file part`);
        fields.push([name, value]);
      } else {
        filesStarted = true;
        files[name] = { fileName: value.name, contentType: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
      }
    }
    return { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), contentType, form: null, json: undefined, multipart: { fields, files } };
  }
  const text = request.method === 'GET' ? '' : await request.text();
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    contentType,
    form: contentType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(text)) : null,
    json: contentType === 'application/json' ? (JSON.parse(text) as unknown) : undefined,
  };
}

async function mswAnswer(answer: FarAnswer): Promise<Response> {
  if (answer === 'network-error') return HttpResponse.error();
  if (answer === 'hang') {
    await delay('infinite');
    return HttpResponse.text('never');
  }
  if ('json' in answer) return HttpResponse.json(answer.json as Record<string, unknown>, { status: answer.status });
  return HttpResponse.text(answer.text, { status: answer.status });
}

httpContract('AxiosHttp over msw', () => ({
  http: new AxiosHttp({ baseURL: BASE }),
  serve(method, path, handler) {
    const on = method === 'GET' ? mswHttp.get : mswHttp.post;
    server.use(on(`${BASE}${path}`, async ({ request }) => mswAnswer(handler(await seenByMsw(request)))));
  },
  elapse: (ms) => sleep(ms),
}));

httpContract('FetchHttp over msw', () => ({
  http: new FetchHttp({ baseURL: BASE }),
  serve(method, path, handler) {
    const on = method === 'GET' ? mswHttp.get : mswHttp.post;
    server.use(on(`${BASE}${path}`, async ({ request }) => mswAnswer(handler(await seenByMsw(request)))));
  },
  elapse: (ms) => sleep(ms),
}));

httpContract('FakeHttp', () => {
  const clock = new FakeClock();
  const fake = new FakeHttp({ clock });
  return {
    http: fake,
    serve(method, path, handler) {
      fake.route(method, path, ({ method: seenMethod, path: seenPath, params, body, files, request }) => {
        const json = request.bodyEncoding === 'json';
        const multipart = request.bodyEncoding === 'multipart';
        const bodySent = seenMethod === 'POST' && request.body !== undefined;
        const answer = handler({
          method: seenMethod,
          path: seenPath,
          query: params,
          contentType: bodySent ? (json ? 'application/json' : multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded') : null,
          form: bodySent && !json && !multipart ? (body as Record<string, string>) : null,
          json: json ? body : undefined,
          multipart: multipart ? { fields: Object.entries(body as Record<string, string>), files } : null,
        });
        if (answer === 'network-error') throw new HttpFailure('network', 'Network Error');
        if (answer === 'hang') return new Promise(() => {});
        return { status: answer.status, body: 'json' in answer ? answer.json : answer.text };
      });
    },
    async elapse(ms) {
      await sleep(0);
      clock.advance(ms);
      await sleep(0);
    },
  };
});

describe('AxiosHttp', () => {
  it('sends absolute URLs as they are, past the base address', async () => {
    server.use(mswHttp.get('http://other.test/ping', () => HttpResponse.json({ pong: true })));
    await expect(new AxiosHttp({ baseURL: BASE }).send({ method: 'GET', url: 'http://other.test/ping', timeoutMs: 1_000 })).resolves.toEqual({
      status: 200,
      body: { pong: true },
    });
  });

  it('hands back an empty body as empty text', async () => {
    server.use(mswHttp.post(`${BASE}/api/empty`, () => new HttpResponse(null, { status: 204 })));
    await expect(new AxiosHttp({ baseURL: BASE }).send({ method: 'POST', url: '/api/empty', timeoutMs: 1_000 })).resolves.toEqual({
      status: 204,
      body: '',
    });
  });
});

describe('FetchHttp', () => {
  it('asks the browser to keep a small request alive past the page, and not a body over its allowance or a file', async () => {
    const inits: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => (inits.push(init), new Response('{"ret":200}')));
    try {
      const http = new FetchHttp({ baseURL: BASE });
      await http.send({ method: 'POST', url: '/api/Video/Replys', body: { content: '好看' }, timeoutMs: 1_000, keepalive: true });
      await http.send({ method: 'GET', url: '/api/video/AddPlayRecord', params: { progress: 12 }, timeoutMs: 1_000, keepalive: true });
      await http.send({ method: 'POST', url: '/api/Video/Replys', body: { content: '长'.repeat(20_000) }, timeoutMs: 1_000, keepalive: true });
      await http.send({ method: 'POST', url: '/api/up', body: { a: 1 }, bodyEncoding: 'multipart', files: { f: { bytes: new Uint8Array(4), fileName: 'f.bin', contentType: 'application/octet-stream' } }, timeoutMs: 1_000, keepalive: true });
      await http.send({ method: 'POST', url: '/api/Video/Replys', body: { content: '好看' }, timeoutMs: 1_000 });
      expect(inits.map((init) => init.keepalive)).toEqual([true, true, undefined, undefined, undefined]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('FakeHttp', () => {
  it('answers an unknown route with 404 接口不存在', async () => {
    const fake = new FakeHttp();
    await expect(fake.send({ method: 'GET', url: '/api/nothing', timeoutMs: 1_000 })).resolves.toEqual({
      status: 404,
      body: { ret: 404, msg: '接口不存在', data: null },
    });
  });

  it('matches on the pathname only, case-insensitively, and on the method', async () => {
    const fake = new FakeHttp().route('GET', '/api/User/Info', ({ params }) => ({ body: params }));
    await expect(fake.send({ method: 'GET', url: 'http://any.test/api/user/info?a=1', params: { b: 2 }, timeoutMs: 1_000 })).resolves.toEqual({
      status: 200,
      body: { a: '1', b: '2' },
    });
    expect((await fake.send({ method: 'POST', url: '/api/User/Info', timeoutMs: 1_000 })).status).toBe(404);
  });

  it('logs every request and fails them all while offline', async () => {
    const fake = new FakeHttp().route('GET', '/a', () => ({ body: 'ok' }));
    fake.setOnline(false);
    await expect(fake.send({ method: 'GET', url: '/a', timeoutMs: 1 })).rejects.toMatchObject({ kind: 'network' });
    fake.setOnline(true);
    await expect(fake.send({ method: 'GET', url: '/a', timeoutMs: 1 })).resolves.toEqual({ status: 200, body: 'ok' });
    expect(fake.requests.map((request) => request.url)).toEqual(['/a', '/a']);
  });

  it('gives callers a copy of what the handler answered', async () => {
    const data = { list: [1] };
    const fake = new FakeHttp().route('GET', '/a', () => ({ body: data }));
    const response = await fake.send({ method: 'GET', url: '/a', timeoutMs: 1 });
    (response.body as { list: number[] }).list.push(2);
    expect(data.list).toEqual([1]);
  });

  it('answers a handler that throws with status 500', async () => {
    const fake = new FakeHttp().route('GET', '/a', () => {
      throw new Error('boom');
    });
    await expect(fake.send({ method: 'GET', url: '/a', timeoutMs: 1 })).resolves.toEqual({ status: 500, body: 'boom' });
  });

  it('never times out without a clock, and clears its timer when answered', async () => {
    const clock = new FakeClock();
    const fake = new FakeHttp({ clock }).route('GET', '/a', () => ({ body: 1 }));
    await fake.send({ method: 'GET', url: '/a', timeoutMs: 50 });
    expect(clock.pendingTimers()).toBe(0);
    let settled = false;
    void new FakeHttp().route('GET', '/b', () => new Promise(() => {})).send({ method: 'GET', url: '/b', timeoutMs: 1 }).finally(() => (settled = true));
    await sleep(20);
    expect(settled).toBe(false);
  });
});
