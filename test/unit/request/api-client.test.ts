import fc from 'fast-check';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AxiosHttp } from '../../../adapters/http/axios-http.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import type { Http, HttpParams, HttpRequest } from '../../../src/core/ports/http.ts';
import type { Query } from '../../../src/core/ports/navigator.ts';
import { ApiClient, type CallOptions } from '../../../src/core/request/api-client.ts';
import { ApiError, ApiRefusal, isRefusal } from '../../../src/core/request/api-error.ts';
import * as wire from '../../../src/core/request/answer-values.ts';
import { call } from '../../../src/core/request/protocol.ts';
import { ClientRet } from '../../../src/core/request/ret.ts';
import { object } from 'valibot';
import type { RequestContext } from '../../../src/core/request/common-params.ts';
import { MessagingCalls } from '../../../src/core/messaging/messaging-protocol.ts';
import { BarrageCalls } from '../../../src/core/playback/barrage-protocol.ts';
import { PlaybackCalls } from '../../../src/core/playback/playback-protocol.ts';
import { VideoSocialCalls } from '../../../src/core/video-social/video-social-protocol.ts';

const BASE = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TOKEN = { uid: 10001, token: 'tok-abc', expire: 1767225600, sign: 's1gn' };
const COMMON = { System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3' };

interface Setup {
  visitorId?: string | null;
  traditional?: boolean;
  token?: HttpParams | null;
  path?: string;
  query?: Query;
  /** Wraps the transport (to observe or adjust what the client sends). */
  wrap?: (http: Http) => Http;
}

function setup(options: Setup = {}) {
  const notifier = new FakeNotifier();
  const navigator = new MemoryNavigator(options.path ?? '/home', options.query ?? {});
  const sessionInvalidated = vi.fn();
  const context: RequestContext = {
    visitorId: () => options.visitorId ?? null,
    traditionalChinese: () => options.traditional ?? false,
    tokenParams: () => options.token ?? null,
    sessionInvalidated,
  };
  const transport = new AxiosHttp({ baseURL: BASE });
  const logged: string[] = [];
  const api = new ApiClient(options.wrap ? options.wrap(transport) : transport, context, notifier, navigator, (message) => logged.push(message));
  return { api, notifier, navigator, sessionInvalidated, logged };
}

interface Seen {
  query: Record<string, string>;
  contentType: string | null;
  text: string;
}

/** Serves one path with a fixed answer (or a function of the request), recording what arrived. */
function serve(method: 'get' | 'post', path: string, answer: unknown | (() => Response | Promise<Response>)) {
  const seen: Seen[] = [];
  server.use(
    http[method](`${BASE}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        query: Object.fromEntries(url.searchParams),
        contentType: request.headers.get('content-type'),
        text: method === 'post' ? await request.text() : '',
      });
      return typeof answer === 'function' ? (answer as () => Response | Promise<Response>)() : HttpResponse.json(answer as Record<string, unknown>);
    }),
  );
  return seen;
}

/** The rejection of a call, which must be an ApiError. */
async function rejectionOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('common parameters', () => {
  it('adds the fixed parameters and Lang 0 to a visitor GET, without DeviceId or token fields', async () => {
    const seen = serve('get', '/api/home/list', { ret: 200, msg: '', data: [] });
    await setup().api.get('/api/home/list', { page: 2 });
    expect(seen[0]?.query).toEqual({ ...COMMON, Lang: '0', page: '2' });
  });

  it('adds DeviceId when a visitor id is stored and Lang 1 for Traditional Chinese', async () => {
    const seen = serve('get', '/api/home/list', { ret: 200, msg: '', data: [] });
    await setup({ visitorId: 'visitor-uuid', traditional: true }).api.get('/api/home/list');
    expect(seen[0]?.query).toEqual({ ...COMMON, DeviceId: 'visitor-uuid', Lang: '1' });
  });

  it('form-encodes a logged-in POST body with every token field plus login_uid, leaving the query empty', async () => {
    const seen = serve('post', '/api/User/GetUserInfo', { ret: 200, msg: '', data: {} });
    await setup({ visitorId: 'v1', token: { ...TOKEN, login_uid: TOKEN.uid } }).api.post('/api/User/GetUserInfo', { extra: '中文 a&b' });
    expect(seen[0]?.query).toEqual({});
    expect(seen[0]?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.text))).toEqual({
      ...COMMON,
      DeviceId: 'v1',
      Lang: '0',
      uid: '10001',
      token: 'tok-abc',
      expire: '1767225600',
      sign: 's1gn',
      login_uid: '10001',
      extra: '中文 a&b',
    });
  });

  it('sends the POST body as JSON when the call asks for it', async () => {
    const seen = serve('post', '/api/json', { ret: 200, msg: '', data: null });
    await setup({ traditional: true }).api.post('/api/json', { n: 1 }, { bodyEncoding: 'json' });
    expect(seen[0]?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.text ?? '')).toEqual({ ...COMMON, Lang: 1, n: 1 });
  });

  it('sends a declared call that outlives the page (a comment, a barrage, a message, the play position) with keepalive, and no other', async () => {
    serve('post', '/api/Video/Replys', { ret: 200, msg: '评论成功', data: {} });
    serve('get', '/api/video/AddPlayRecord', { ret: 200, msg: '', data: null });
    serve('get', '/api/Video/CommentListsV2', { ret: 200, msg: '', data: {} });
    const sent: HttpRequest[] = [];
    const { api } = setup({ wrap: (inner) => ({ send: (request) => (sent.push(request), inner.send(request)) }) });
    await api.request(VideoSocialCalls.post, { mediaKey: 'movie-01', content: '好看' });
    await api.request(PlaybackCalls.addPlayRecord, { mediaKey: 'movie-01', episode: 1, progress: 12 });
    await api.request(VideoSocialCalls.comments, { mediaKey: 'movie-01', sort: 'new', page: 1, pageSize: 10 });
    expect(sent.map((request) => [request.url.split('?')[0], request.keepalive])).toEqual([
      ['/api/Video/Replys', true],
      ['/api/video/AddPlayRecord', true],
      ['/api/Video/CommentListsV2', undefined],
    ]);
    expect([BarrageCalls.send.outlivesPage, MessagingCalls.send.outlivesPage]).toEqual([true, true]);
  });

  it("lets the call's own fields win over the common ones (an explicit token to validate)", async () => {
    const seen = serve('post', '/api/Login/Validates', { ret: 200, msg: '', data: {} });
    await setup({ token: { uid: 1, token: 'old', login_uid: 1 } }).api.post('/api/Login/Validates', { uid: 2, token: 'new', login_uid: 2 });
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.text))).toMatchObject({ uid: '2', token: 'new', login_uid: '2' });
  });
});

describe('ret 200', () => {
  it('resolves the data, without a toast unless the call asks for notice', async () => {
    serve('get', '/api/ok', { ret: 200, msg: '操作成功', data: { list: [1, 2] } });
    const { api, notifier } = setup();
    await expect(api.get('/api/ok')).resolves.toEqual({ list: [1, 2] });
    expect(notifier.toasts).toEqual([]);
  });

  it('toasts the message for 1000 ms at the bottom when asked for notice', async () => {
    serve('post', '/api/ok', { ret: 200, msg: '关注成功', data: null });
    const { api, notifier } = setup();
    await expect(api.post('/api/ok', {}, { notice: true })).resolves.toBeNull();
    expect(notifier.toasts).toEqual([{ message: '关注成功', durationMs: 1_000, position: 'bottom' }]);
  });

  it('shows no notice for an empty message', async () => {
    serve('post', '/api/ok', { ret: 200, msg: '', data: 1 });
    const { api, notifier } = setup();
    await api.post('/api/ok', {}, { notice: true });
    expect(notifier.toasts).toEqual([]);
  });

  it('follows ret, not the HTTP status', async () => {
    serve('get', '/api/odd', () => HttpResponse.json({ ret: 200, msg: '', data: 'fine' }, { status: 500 }));
    await expect(setup().api.get('/api/odd')).resolves.toBe('fine');
  });

  it("toasts the flood guard's HTTP 429 answer like any other refusal", async () => {
    const flooded = { ret: 429, msg: '操作过于频繁，请稍后再试', data: null };
    serve('get', '/api/home/GetUserRegion', () => HttpResponse.json(flooded, { status: 429, headers: { 'Retry-After': '42' } }));
    const { api, notifier, navigator } = setup();
    const error = await rejectionOf(api.get('/api/home/GetUserRegion'));
    expect(error).toMatchObject({ ret: 429, msg: '操作过于频繁，请稍后再试' });
    expect(notifier.toasts).toEqual([{ message: '操作过于频繁，请稍后再试', durationMs: 5_000, position: 'bottom' }]);
    expect(navigator.entries()).toEqual([{ path: '/home', query: {} }]); // stays where it was
  });
});

describe('ret 201: session invalid', () => {
  const invalid = { ret: 201, msg: '登录已失效，请重新登录', data: null };

  it('forgets the session, toasts 1000 ms, replaces the route with /login keeping the query, and rejects', async () => {
    serve('post', '/api/User/GetUserInfo', invalid);
    const { api, notifier, navigator, sessionInvalidated } = setup({ path: '/openVip', query: { ProductID: '9', from: '分享' } });
    const error = await rejectionOf(api.post('/api/User/GetUserInfo'));
    expect(error).toMatchObject({ ret: 201, msg: '登录已失效，请重新登录' });
    expect(sessionInvalidated).toHaveBeenCalledTimes(1);
    expect(notifier.toasts).toEqual([{ message: '登录已失效，请重新登录', durationMs: 1_000, position: 'bottom' }]);
    expect(navigator.entries()).toEqual([{ path: '/login', query: { ProductID: '9', from: '分享' } }]);
  });

  it('stays on /login when already there', async () => {
    serve('get', '/api/x', invalid);
    const { api, navigator, sessionInvalidated } = setup({ path: '/login', query: { redirect: '/user' } });
    await rejectionOf(api.get('/api/x'));
    expect(sessionInvalidated).toHaveBeenCalledTimes(1);
    expect(navigator.entries()).toEqual([{ path: '/login', query: { redirect: '/user' } }]);
  });

  it('applies to every call, even one that suppresses tips', async () => {
    serve('get', '/api/x', invalid);
    const { api, notifier, navigator } = setup();
    await rejectionOf(api.get('/api/x', {}, { suppressTips: true }));
    expect(notifier.toasts).toHaveLength(1);
    expect(navigator.current().path).toBe('/login');
  });
});

describe('a declared answer', () => {
  const Declared = {
    balance: call({
      method: 'GET',
      path: '/api/declared/Balance',
      carrier: 'query',
      params: {},
      answer: object({ balance: wire.requiredNumber, name: wire.text, vip: wire.flag, tags: wire.items(wire.word) }),
      refusals: [1031, 1034],
    }),
  };

  it('is read once: numbers sent as text become numbers, none an empty value, a null list empty, unreadable items dropped', async () => {
    serve('get', '/api/declared/Balance', { ret: 200, msg: '', data: { balance: '12.5', name: null, vip: '1', tags: null, extra: 'x' } });
    const { api } = setup();
    expect(await api.request(Declared.balance, {})).toEqual({ balance: 12.5, name: '', vip: true, tags: [] });
    serve('get', '/api/declared/Balance', { ret: 200, msg: '', data: { balance: 3, name: 7, tags: ['a', '', 2, 'b'] } });
    expect(await api.request(Declared.balance, {})).toEqual({ balance: 3, name: '7', vip: false, tags: ['a', 'b'] });
  });

  it('not fitting it, is an ApiError UnreadableData: logged with the call\'s path, 加载失败 toasted (unless tips are suppressed)', async () => {
    for (const data of [null, { name: 'x' }, { balance: 'lots' }]) {
      serve('get', '/api/declared/Balance', { ret: 200, msg: '', data });
      const { api, notifier, logged } = setup();
      const error = await rejectionOf(api.request(Declared.balance, {}));
      expect(error).toMatchObject({ ret: ClientRet.UnreadableData, msg: '加载失败' });
      expect(error.isUnreadable).toBe(true);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\/api\/declared\/Balance: unreadable answer at /);
      expect(notifier.toasts).toEqual([{ message: '加载失败', durationMs: 5_000, position: 'bottom' }]);
    }
    const { api, notifier } = setup();
    expect((await rejectionOf(api.request(Declared.balance, {}, { suppressTips: true }))).isUnreadable).toBe(true);
    expect(notifier.toasts).toEqual([]);
  });

  it('a declared refusal is not toasted and comes back as an ApiRefusal of the call; another ret is toasted', async () => {
    serve('get', '/api/declared/Balance', { ret: 1034, msg: '不支持下载', data: null });
    const { api, notifier } = setup();
    const refused = await rejectionOf(api.request(Declared.balance, {}));
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect(isRefusal(refused, Declared.balance) && refused.ret).toBe(1034);
    expect(refused.msg).toBe('不支持下载');
    expect(notifier.toasts).toEqual([]);
    serve('get', '/api/declared/Balance', { ret: 1035, msg: '别的', data: null });
    const other = await rejectionOf(api.request(Declared.balance, {}));
    expect(other).not.toBeInstanceOf(ApiRefusal);
    expect(isRefusal(other, Declared.balance)).toBe(false);
    expect(notifier.toasts).toEqual([{ message: '别的', durationMs: 5_000, position: 'bottom' }]);
  });
});

describe('other ret', () => {
  it('rejects with the answer and toasts the message at the bottom for 5000 ms', async () => {
    serve('post', '/api/Login/Login', { ret: 1004, msg: '账号或密码错误', data: { tries: 1 } });
    const { api, notifier, navigator, sessionInvalidated } = setup();
    const error = await rejectionOf(api.post('/api/Login/Login'));
    expect(error).toMatchObject({ ret: 1004, msg: '账号或密码错误', data: { tries: 1 } });
    expect(error.isNetworkFailure || error.isCancelled).toBe(false);
    expect(notifier.toasts).toEqual([{ message: '账号或密码错误', durationMs: 5_000, position: 'bottom' }]);
    expect(sessionInvalidated).not.toHaveBeenCalled();
    expect(navigator.current().path).toBe('/home');
  });

  it('shows no toast when the call suppresses tips', async () => {
    serve('get', '/api/x', { ret: 7003, msg: '不可购买', data: null });
    const cases: Array<[CallOptions, number]> = [
      [{ suppressTips: true }, 0],
      [{}, 1],
    ];
    for (const [options, toasts] of cases) {
      const { api, notifier } = setup();
      expect((await rejectionOf(api.get('/api/x', {}, options))).ret).toBe(7003);
      expect(notifier.toasts).toHaveLength(toasts);
    }
  });

  it('shows no toast for an empty or missing message', async () => {
    const { api, notifier } = setup();
    serve('get', '/api/empty', { ret: 500, msg: '', data: null });
    serve('get', '/api/none', { ret: 500, data: null });
    expect((await rejectionOf(api.get('/api/empty'))).ret).toBe(500);
    expect((await rejectionOf(api.get('/api/none'))).msg).toBe('');
    expect(notifier.toasts).toEqual([]);
  });

  it('replaces a message over 30 characters (not UTF-16 units) with 加载失败', async () => {
    const cases: Array<[string, string]> = [
      ['错'.repeat(30), '错'.repeat(30)],
      ['错'.repeat(31), '加载失败'],
      ['😀'.repeat(30), '😀'.repeat(30)],
      ['😀'.repeat(31), '加载失败'],
    ];
    for (const [msg, shown] of cases) {
      serve('get', '/api/long', { ret: 1, msg, data: null });
      const { api, notifier } = setup();
      expect((await rejectionOf(api.get('/api/long'))).msg).toBe(msg);
      expect(notifier.lastToast()?.message).toBe(shown);
    }
  });

  it('toasts any message as it is up to 30 code points, else 加载失败 (property)', async () => {
    let message = '';
    serve('get', '/api/any', () => HttpResponse.json({ ret: 4000, msg: message, data: null }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 25, maxLength: 35 })), async (msg) => {
        message = msg;
        const { api, notifier } = setup();
        await rejectionOf(api.get('/api/any'));
        const shown = [...msg].length <= 30 ? msg : '加载失败';
        expect(notifier.toasts).toEqual(msg === '' ? [] : [{ message: shown, durationMs: 5_000, position: 'bottom' }]);
      }),
      { numRuns: 60 },
    );
    // 60 round trips through a real HTTP stack: on a loaded machine they outlast the 20 s default.
  }, 90_000);
});

describe('transport failures', () => {
  it('network failure: rejects 网络错误 and toasts it for 1000 ms', async () => {
    serve('get', '/api/down', () => HttpResponse.error());
    const { api, notifier } = setup();
    const error = await rejectionOf(api.get('/api/down'));
    expect(error.msg).toBe('网络错误');
    expect(error.isNetworkFailure).toBe(true);
    expect(notifier.toasts).toEqual([{ message: '网络错误', durationMs: 1_000, position: 'bottom' }]);
  });

  it('network failure: no toast when the call suppresses tips', async () => {
    serve('post', '/api/down', () => HttpResponse.error());
    const { api, notifier } = setup();
    expect((await rejectionOf(api.post('/api/down', {}, { suppressTips: true }))).isNetworkFailure).toBe(true);
    expect(notifier.toasts).toEqual([]);
  });

  it('cancelled while waiting: rejects 终止请求 without a toast', async () => {
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    serve('get', '/api/GetShieldUserList', async () => {
      arrived();
      await delay('infinite');
      return HttpResponse.json({});
    });
    const { api, notifier } = setup();
    const controller = new AbortController();
    const call = rejectionOf(api.get('/api/GetShieldUserList', {}, { signal: controller.signal }));
    await received;
    controller.abort();
    const error = await call;
    expect(error).toMatchObject({ msg: '终止请求' });
    expect(error.isCancelled).toBe(true);
    expect(notifier.toasts).toEqual([]);
  });

  it('cancelled before sending: rejects 终止请求 and never reaches the server', async () => {
    const seen = serve('get', '/api/x', { ret: 200, msg: '', data: null });
    const { api, notifier } = setup();
    const controller = new AbortController();
    controller.abort();
    expect((await rejectionOf(api.get('/api/x', {}, { signal: controller.signal }))).isCancelled).toBe(true);
    expect(seen).toEqual([]);
    expect(notifier.toasts).toEqual([]);
  });

  it('timeout: asks for 30 s and, when it passes, rejects 网络错误 with its toast', async () => {
    serve('get', '/api/slow', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    const asked: HttpRequest[] = [];
    // The client's 30 s timeout, shortened on the way to the transport so the test takes 50 ms.
    const { api, notifier } = setup({ wrap: (inner) => ({ send: (request) => (asked.push(request), inner.send({ ...request, timeoutMs: 50 })) }) });
    const error = await rejectionOf(api.get('/api/slow'));
    expect(asked[0]?.timeoutMs).toBe(30_000);
    expect(error).toMatchObject({ msg: '网络错误' });
    expect(error.isNetworkFailure).toBe(true);
    expect(notifier.toasts).toEqual([{ message: '网络错误', durationMs: 1_000, position: 'bottom' }]);
  });

  it('an answer that is not {ret, msg, data}: rejects 网络错误 with its toast', async () => {
    const bodies = [() => HttpResponse.text('<html>502 Bad Gateway</html>', { status: 502 }), () => HttpResponse.json({ code: 0 }), () => HttpResponse.json({ ret: '200', msg: '', data: null })];
    for (const body of bodies) {
      serve('get', '/api/odd', body);
      const { api, notifier } = setup();
      const error = await rejectionOf(api.get('/api/odd'));
      expect(error.msg).toBe('网络错误');
      expect(error.isCancelled).toBe(false);
      expect(notifier.toasts).toEqual([{ message: '网络错误', durationMs: 1_000, position: 'bottom' }]);
    }
  });
});
