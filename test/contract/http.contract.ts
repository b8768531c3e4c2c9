import { describe, expect, it } from 'vitest';
import { HttpFailure, type Http, type HttpRequest, type HttpResponse } from '../../src/core/ports/http.ts';

/** A request as the far side received it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The media type of the body (no parameters), null when there is none. */
  contentType: string | null;
  /** Form fields when the body is form-encoded. */
  form: Record<string, string> | null;
  /** The parsed body when it is JSON. */
  json: unknown;
  /** A multipart body: its text fields in wire order, then its file parts; null for other bodies. */
  multipart?: { fields: Array<[string, string]>; files: Record<string, { fileName: string; contentType: string; bytes: Uint8Array }> } | null;
}

/** How the far side reacts: an answer with a JSON or text body, a dropped connection, or never answering. */
export type FarAnswer = { status: number; json: unknown } | { status: number; text: string } | 'network-error' | 'hang';

export interface HttpHarness {
  http: Http;
  /** Scripts the far side for one method and path. */
  serve(method: 'GET' | 'POST', path: string, handler: (request: SeenRequest) => FarAnswer): void;
  /** Lets time pass: real time for a real transport, the fake clock for a fake one. */
  elapse(ms: number): Promise<void>;
}

type Outcome = { ok: true; response: HttpResponse } | { ok: false; error: unknown };

/** Captures the outcome at once, so a rejection that arrives while the test waits is never unhandled. */
function settle(promise: Promise<HttpResponse>): Promise<Outcome> {
  return promise.then(
    (response) => ({ ok: true as const, response }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

async function failureOf(outcome: Promise<Outcome>): Promise<HttpFailure> {
  const result = await outcome;
  if (result.ok) throw new Error(`expected a failure, got status ${result.response.status}`);
  expect(result.error).toBeInstanceOf(HttpFailure);
  return result.error as HttpFailure;
}

function get(url: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  return { method: 'GET', url, timeoutMs: 5_000, ...extra };
}

export function httpContract(name: string, makeHarness: () => HttpHarness | Promise<HttpHarness>): void {
  describe(`Http contract: ${name}`, () => {
    it('sends GET params in the query, leaving out undefined and null', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('GET', '/api/echo', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200 } };
      });
      const response = await h.http.send(
        get('/api/echo', { params: { text: '中文 &=?#', n: 3, yes: true, gone: undefined, nothing: null } }),
      );
      expect(response).toEqual({ status: 200, body: { ret: 200 } });
      expect(seen?.method).toBe('GET');
      expect(seen?.path).toBe('/api/echo');
      expect(seen?.query).toEqual({ text: '中文 &=?#', n: '3', yes: 'true' });
    });

    it('keeps a query already in the URL next to the params', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('GET', '/api/echo', (request) => {
        seen = request;
        return { status: 200, json: null };
      });
      await h.http.send(get('/api/echo?fixed=1', { params: { added: 'b' } }));
      expect(seen?.query).toEqual({ fixed: '1', added: 'b' });
    });

    it('form-encodes POST bodies by default', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('POST', '/api/Login/Login', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200, msg: '', data: { ok: true } } };
      });
      const response = await h.http.send({
        method: 'POST',
        url: '/api/Login/Login',
        body: { userName: '张三_01', password: 'p a&ss=;', n: 7, skip: undefined, none: null },
        timeoutMs: 5_000,
      });
      expect(response.body).toEqual({ ret: 200, msg: '', data: { ok: true } });
      expect(seen?.method).toBe('POST');
      expect(seen?.contentType).toBe('application/x-www-form-urlencoded');
      expect(seen?.form).toEqual({ userName: '张三_01', password: 'p a&ss=;', n: '7' });
    });

    it('sends a keepalive request (one that outlives the page) and answers it like any other, small body or large', async () => {
      const h = await makeHarness();
      const seen: SeenRequest[] = [];
      h.serve('POST', '/api/Video/Replys', (request) => {
        seen.push(request);
        return { status: 200, json: { ret: 200, msg: '评论成功', data: { id: 1 } } };
      });
      const small = { content: '好看！'.repeat(10) };
      // Over the browser's keepalive allowance: sent anyway (without keepalive where the transport must).
      const large = { content: '长'.repeat(20_000) };
      for (const body of [small, large]) {
        const response = await h.http.send({ method: 'POST', url: '/api/Video/Replys', body, timeoutMs: 5_000, keepalive: true });
        expect(response).toEqual({ status: 200, body: { ret: 200, msg: '评论成功', data: { id: 1 } } });
      }
      expect(seen.map((request) => request.form)).toEqual([small, large]);
    });

    it('sends a POST without a body: its params in the query, no body and no content type', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('POST', '/api/User/UpdateUserInfo', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200 } };
      });
      await h.http.send({ method: 'POST', url: '/api/User/UpdateUserInfo', params: { nickName: '小明 &=', gender: 1, gone: undefined }, timeoutMs: 5_000 });
      expect(seen?.method).toBe('POST');
      expect(seen?.query).toEqual({ nickName: '小明 &=', gender: '1' });
      expect(seen?.contentType).toBeNull();
      expect(seen?.form).toBeNull();
    });

    it('sends a JSON body when asked', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('POST', '/api/json', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200 } };
      });
      await h.http.send({
        method: 'POST',
        url: '/api/json',
        body: { a: 1, b: '中', c: true, d: null },
        bodyEncoding: 'json',
        timeoutMs: 5_000,
      });
      expect(seen?.contentType).toBe('application/json');
      expect(seen?.json).toEqual({ a: 1, b: '中', c: true, d: null });
    });

    it('sends a nested JSON body as it is', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('POST', '/api/nested', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200 } };
      });
      const body = { token: 't', trends: { contxt: '外滩', labels: [1, 3] }, location: null, trendsDetails: [{ type: 'cover', filePath: '/c.jpg' }] };
      await h.http.send({ method: 'POST', url: '/api/nested', body, bodyEncoding: 'json', timeoutMs: 5_000 });
      expect(seen?.contentType).toBe('application/json');
      expect(seen?.json).toEqual(body);
    });

    it('sends multipart bodies: the fields first, in order (undefined and null left out), then the file parts, byte for byte', async () => {
      const h = await makeHarness();
      let seen: SeenRequest | undefined;
      h.serve('POST', '/api/upload', (request) => {
        seen = request;
        return { status: 200, json: { ret: 200, msg: '', data: { ok: 1 } } };
      });
      const bytes = new Uint8Array(70_000).map((_, i) => (i * 7 + 3) & 0xff);
      bytes.set([0x0d, 0x0a, 0x2d, 0x2d], 100); // a CRLF and dashes inside the data must not end the part
      const response = await h.http.send({
        method: 'POST',
        url: '/api/upload',
        body: { token: 'tok', chunk: 2, renamemode: 'Format', name: '中文 名', none: null, gone: undefined },
        bodyEncoding: 'multipart',
        files: { file: { bytes, fileName: 'clip.mp4', contentType: 'video/mp4' } },
        timeoutMs: 5_000,
      });
      expect(response).toEqual({ status: 200, body: { ret: 200, msg: '', data: { ok: 1 } } });
      expect(seen?.contentType).toBe('multipart/form-data');
      expect(seen?.multipart?.fields).toEqual([
        ['token', 'tok'],
        ['chunk', '2'],
        ['renamemode', 'Format'],
        ['name', '中文 名'],
      ]);
      const part = seen?.multipart?.files.file;
      expect(part?.fileName).toBe('clip.mp4');
      expect(part?.contentType).toBe('video/mp4');
      expect(part && Buffer.compare(part.bytes, bytes)).toBe(0);
    });

    it('can abort a multipart upload while it waits for the answer', async () => {
      const h = await makeHarness();
      let arrived!: () => void;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      h.serve('POST', '/api/upload-wait', () => {
        arrived();
        return 'hang';
      });
      const controller = new AbortController();
      const outcome = settle(
        h.http.send({
          method: 'POST',
          url: '/api/upload-wait',
          body: { chunk: 1 },
          bodyEncoding: 'multipart',
          files: { file: { bytes: new Uint8Array(10), fileName: 'a.bin', contentType: '' } },
          timeoutMs: 5_000,
          signal: controller.signal,
        }),
      );
      await received;
      controller.abort();
      expect((await failureOf(outcome)).kind).toBe('cancelled');
    });

    it('resolves non-2xx answers with their JSON body', async () => {
      const h = await makeHarness();
      h.serve('GET', '/api/broken', () => ({ status: 500, json: { ret: 500, msg: '服务器错误', data: null } }));
      h.serve('GET', '/api/missing', () => ({ status: 404, json: { ret: 404, msg: 'nope', data: null } }));
      await expect(h.http.send(get('/api/broken'))).resolves.toEqual({ status: 500, body: { ret: 500, msg: '服务器错误', data: null } });
      await expect(h.http.send(get('/api/missing'))).resolves.toEqual({ status: 404, body: { ret: 404, msg: 'nope', data: null } });
    });

    it('parses any JSON value and hands back other bodies as text', async () => {
      const h = await makeHarness();
      h.serve('GET', '/api/list', () => ({ status: 200, json: [1, { a: '中' }] }));
      h.serve('GET', '/api/html', () => ({ status: 200, text: '<html>你好</html>' }));
      h.serve('GET', '/api/gateway', () => ({ status: 502, text: 'Bad Gateway' }));
      await expect(h.http.send(get('/api/list'))).resolves.toEqual({ status: 200, body: [1, { a: '中' }] });
      await expect(h.http.send(get('/api/html'))).resolves.toEqual({ status: 200, body: '<html>你好</html>' });
      await expect(h.http.send(get('/api/gateway'))).resolves.toEqual({ status: 502, body: 'Bad Gateway' });
    });

    it("rejects with HttpFailure 'network' when the connection fails", async () => {
      const h = await makeHarness();
      h.serve('POST', '/api/down', () => 'network-error');
      const failure = await failureOf(settle(h.http.send({ method: 'POST', url: '/api/down', body: {}, timeoutMs: 5_000 })));
      expect(failure.kind).toBe('network');
    });

    it("rejects with HttpFailure 'timeout' when no answer comes in time", async () => {
      const h = await makeHarness();
      h.serve('GET', '/api/slow', () => 'hang');
      const outcome = settle(h.http.send(get('/api/slow', { timeoutMs: 50 })));
      await h.elapse(60);
      const failure = await failureOf(outcome);
      expect(failure.kind).toBe('timeout');
    });

    it('answers in time do not time out later', async () => {
      const h = await makeHarness();
      h.serve('GET', '/api/quick', () => ({ status: 200, json: { ret: 200 } }));
      const response = await h.http.send(get('/api/quick', { timeoutMs: 50 }));
      await h.elapse(60);
      expect(response.status).toBe(200);
    });

    it("rejects with HttpFailure 'cancelled' (终止请求) when aborted while waiting", async () => {
      const h = await makeHarness();
      let arrived!: () => void;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      h.serve('GET', '/api/wait', () => {
        arrived();
        return 'hang';
      });
      const controller = new AbortController();
      const outcome = settle(h.http.send(get('/api/wait', { signal: controller.signal })));
      await received;
      controller.abort();
      const failure = await failureOf(outcome);
      expect(failure.kind).toBe('cancelled');
      expect(failure.message).toBe('终止请求');
    });

    it('does not send a request whose signal is already aborted', async () => {
      const h = await makeHarness();
      let calls = 0;
      h.serve('GET', '/api/never', () => {
        calls += 1;
        return { status: 200, json: {} };
      });
      const controller = new AbortController();
      controller.abort();
      const failure = await failureOf(settle(h.http.send(get('/api/never', { signal: controller.signal }))));
      expect(failure.kind).toBe('cancelled');
      expect(failure.message).toBe('终止请求');
      expect(calls).toBe(0);
    });
  });
}
