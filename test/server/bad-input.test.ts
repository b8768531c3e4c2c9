/**
 * Bad input never reaches the database as a 500 (issue 18): every /api route the app registers is called with NUL in
 * each param it takes (1002 参数格式错误：<name>含有非法字符) and 2147483648 in each: every integer or id param answers
 * 1002 参数格式错误：<name>超出范围 (1001 is a missing param, 1002 a malformed one: docs/decisions.md "Server answer
 * codes"); the others never ret 500 / HTTP 5xx. On PGlite and, when DATABASE_URL is set, on PostgreSQL.
 *
 * The params a route takes are its protocol declaration's (src/core/request/protocol.ts, recorded by serve()), or
 * UNDECLARED_ROUTES' for the few routes served otherwise, plus any other name its handler reads (recorded by spying on
 * Params while it is called with plausible values). A route with no declaration and not in UNDECLARED_ROUTES, or one
 * taking no param and not in NO_PARAM_ROUTES, fails the test: a new route cannot slip through unchecked.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Field } from '../../src/core/request/protocol.ts';
import { UploadChunkCalls, UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { createApp } from '../../server/app.ts';
import type { SessionToken } from '../../server/auth/sessions.ts';
import type { Database } from '../../server/db/database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT } from '../../server/db/seed.ts';
import { apiRoutesOf } from '../../server/http/error-handling.ts';
import type { ApiRoute } from '../../server/http/error-handling.ts';
import { Params, PG_INT_MAX, illegalCharacterMessage } from '../../server/http/params.ts';
import { declaredCallOf } from '../../server/http/protocol-route.ts';
import { Ret, RetMessage, badParamMessage } from '../../server/http/ret.ts';
import { prepareDatabase } from '../../server/main.ts';
import { COMMON_PARAMS, DATABASE_URL, createMigratedPg, createMigratedPglite, testConfig, tokenParams, uniqueIp } from './support.ts';
import type { Envelope } from './support.ts';

const NUL_VALUE = 'a\u0000b';
const BEYOND_INT = String(PG_INT_MAX + 1);

interface Answer {
  status: number;
  body: Envelope;
}

type Encoding = 'query' | 'form' | 'json' | 'multipart';

/** The names Params is asked for while `record` runs (every accessor reads through has and get). */
let reading: Set<string> | undefined;
/** The names read as a PostgreSQL integer (int, optionalInt, id, paging…) while `record` runs. */
let readingInts: Set<string> | undefined;
const realHas = Params.prototype.has;
const realGet = Params.prototype.get;
const realOptionalInt = Params.prototype.optionalInt;

/** What 2147483648 in a param must answer: 1002 超出范围 for an integer or id, anything but a 500 for the rest. */
type Kind = 'integer' | 'other';

/**
 * Routes served without a protocol declaration (the multipart chunk calls, server/upload/routes.ts), with the params
 * they read. A route neither declared nor listed here fails the test.
 */
const UNDECLARED_ROUTES: Readonly<Record<string, Readonly<Record<string, Kind>>>> = {
  [`${UploadChunkCalls.videoChunk.method} ${UploadChunkCalls.videoChunk.path}`]: {
    uniqueFileID: 'other', uid: 'other', renamemode: 'other', prefix: 'other', chunks: 'integer', chunk: 'integer',
  },
  [`${UploadChunkCalls.coverChunk.method} ${UploadChunkCalls.coverChunk.path}`]: { uniqueFileID: 'other', chunks: 'integer', chunk: 'integer' },
};

/**
 * Routes that take no param beyond the common and token fields. Any other route whose params cannot be found fails
 * the test; a route added here must really take none.
 */
const NO_PARAM_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/Captcha/Get',
  'POST /api/User/GetUserInfo',
  'GET /api/home/GetUserRegion',
  'GET /api/home/GetActivity',
  'GET /api/home/GetConfig',
  'GET /api/user/GetUserMegCount',
  'GET /api/home/GetCusServiceConfig',
  'GET /api/User/GetSettings',
  'GET /api/SignIn/GetSignInInfo',
  'POST /api/SignIn/SignIn',
  'GET /api/User/GetLoginDevices',
  'GET /api/user/GetAddressList',
  'POST /api/QrLogin/CreateTicket',
  'GET /api/home/GetChannels',
  'GET /api/Video/GetBarrageCoin',
  'GET /api/Video/GetShieldUserList',
  'GET /api/Video/GetShieldKeyWordList',
  'GET /api/user/getBarrageCofig',
  'GET /api/user/GetUserBargainStatus',
  'GET /api/user/GetRechargeActivity',
  'POST /api/Activity/ConfirmShare',
  'GET /api/Message/GetMessageSummary',
  'GET /api/home/GetDownloadUrl',
  'GET /api/user/GetInvitationInfo',
  'GET /api/video/GetWatching',
  'GET /api/User/GetPublishPoint',
  'GET /api/Trends/GetLabel',
  'GET /api/Message/GetInteractionUnread',
  'POST /api/Login/Logout',
  'POST /api/admin/Operators/SignOut',
  'GET /api/admin/Operators/Me',
  'GET /api/admin/Operators/Sessions',
  'GET /api/admin/Operators/List',
  'GET /api/admin/Ads/List',
  'GET /api/admin/Media/Info',
]);

/**
 * How 2147483648 must be answered in a declared field: an id or an integer column's value goes up to 2^31 − 1. A wide
 * integer (bytes, milliseconds, a bigserial id) takes it: the test checks such a field's range goes beyond 2^31 − 1.
 */
function kindOf(field: Field): Kind {
  return field.kind === 'id' || (field.kind === 'int' && field.wide !== true) ? 'integer' : 'other';
}

function multipartBody(fields: Record<string, string>, fileField: string): { payload: Buffer; contentType: string } {
  const boundary = '----qiyu-bad-input-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="blob"\r\n`
    + 'Content-Type: application/octet-stream\r\n\r\n'));
  parts.push(Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call(app: FastifyInstance, route: ApiRoute, encoding: Encoding, fields: Record<string, unknown>): Promise<Answer> {
  const remoteAddress = uniqueIp();
  const text = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]));
  let response;
  if (encoding === 'query') {
    response = await app.inject({ method: route.method as 'GET' | 'POST', url: `${route.url}?${new URLSearchParams(text).toString()}`, remoteAddress });
  } else if (encoding === 'form') {
    response = await app.inject({
      method: 'POST', url: route.url, payload: new URLSearchParams(text).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress,
    });
  } else if (encoding === 'json') {
    response = await app.inject({
      method: 'POST', url: route.url, payload: JSON.stringify(fields), headers: { 'content-type': 'application/json' }, remoteAddress,
    });
  } else {
    const { payload, contentType } = multipartBody(text, /cover/i.test(route.url) ? 'formFile' : 'file');
    response = await app.inject({ method: 'POST', url: route.url, payload, headers: { 'content-type': contentType }, remoteAddress });
  }
  let body: Envelope;
  try {
    body = JSON.parse(response.body) as Envelope;
  } catch {
    body = { ret: -1, msg: `not JSON: ${response.body.slice(0, 80)}`, data: null };
  }
  return { status: response.statusCode, body };
}

/** Plausible values for params, so a route gets past its first checks and reads the rest. */
function goodValues(context: { mediaKey: string; otherUid: number }): Record<string, unknown> {
  return {
    mediaKey: context.mediaKey,
    mediaKeys: context.mediaKey,
    toUid: String(context.otherUid),
    uid: String(context.otherUid),
    userId: String(context.otherUid),
    ToUID: String(context.otherUid),
    replyToUid: String(context.otherUid),
    // Not the demo account: failed logins would ask it for a captcha.
    userName: 'bad_input_nobody',
    password: 'secret123',
    content: '好看',
    keyword: '测试',
    phone: '13800138000',
    page: '1',
    pageSize: '10',
    episode: '1',
    time: '1',
    from: '0',
    to: '10',
    fileName: 'clip.mp4',
    fileSize: '1000',
    chunks: '1',
    chunk: '1',
    duration: '10',
    status: '1',
    reason: '1',
    stars: '5',
    sort: 'new',
    scope: 'all',
    cinema: '1',
    region: 'CN',
    IdempotencyKey: 'bad-input-0001',
    renamemode: UploadConstants.renamemode,
    prefix: UploadConstants.prefix,
    trends: { contxt: '好看', labels: [1] },
    location: { id: 'sh-bund', name: '外滩', address: '上海', lat: 31.24, lng: 121.49 },
    trendsDetails: [{ type: 'cover', filePath: '/media/x.jpg' }],
  };
}

/** Which encodings a route takes: GET the query string; POST a form and JSON (multipart for the chunk calls). */
function encodingsOf(route: ApiRoute, multipart: boolean): Encoding[] {
  if (route.method === 'GET') return ['query'];
  return multipart ? ['multipart'] : ['form', 'json'];
}

interface Backend {
  name: string;
  open: () => Promise<Database>;
}

const backends: Backend[] = [
  { name: 'PGlite', open: createMigratedPglite },
  ...(DATABASE_URL !== undefined ? [{ name: 'PostgreSQL', open: () => createMigratedPg(DATABASE_URL as string) }] : []),
];

describe.each(backends)('bad input on $name', (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let dir: string;
  let token: SessionToken;
  let good: Record<string, unknown>;

  async function login(): Promise<void> {
    const response = await app.inject({
      method: 'POST', url: '/api/Login/Login', remoteAddress: uniqueIp(),
      payload: { ...COMMON_PARAMS, userName: DEMO_ACCOUNT.userName, password: DEMO_ACCOUNT.password },
    });
    const body = response.json<Envelope<{ token: SessionToken }>>();
    if (body.ret !== Ret.Ok) throw new Error(`login failed: ${response.body}`);
    token = body.data.token;
  }

  /** Logs in again when a route (Logout) ended the session. */
  async function keepSession(): Promise<void> {
    const answer = await call(app, { method: 'POST', url: '/api/Login/Validates' }, 'form', { ...COMMON_PARAMS, ...tokenParams(token) });
    if (answer.body.ret !== Ret.Ok) await login();
  }

  async function record(run: () => Promise<Answer>): Promise<{ names: Set<string>; ints: Set<string>; answer: Answer }> {
    const names = new Set<string>();
    const ints = new Set<string>();
    reading = names;
    readingInts = ints;
    try {
      return { names, ints, answer: await run() };
    } finally {
      reading = undefined;
      readingInts = undefined;
    }
  }

  beforeAll(async () => {
    vi.spyOn(Params.prototype, 'has').mockImplementation(function (this: Params, name: string) {
      reading?.add(name);
      return realHas.call(this, name);
    });
    vi.spyOn(Params.prototype, 'get').mockImplementation(function (this: Params, name: string) {
      reading?.add(name);
      return realGet.call(this, name);
    });
    vi.spyOn(Params.prototype, 'optionalInt').mockImplementation(function (this: Params, name: string) {
      readingInts?.add(name);
      return realOptionalInt.call(this, name);
    });
    dir = await mkdtemp(join(tmpdir(), 'qiyu-bad-input-'));
    db = await backend.open();
    const config = testConfig({ dataDir: dir });
    await prepareDatabase(db, config);
    app = await createApp({ db, config, logger: false });
    await app.ready();
    const videos = await db.query<{ media_key: string }>('SELECT media_key FROM videos ORDER BY id LIMIT 1');
    const others = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = $1', [DEMO2_ACCOUNT.userName]);
    good = goodValues({ mediaKey: videos[0]?.media_key ?? 'movie-01', otherUid: others[0]?.id ?? 2 });
    await login();
    // An upload of the demo account, so the chunk, cover and save calls get past their first check.
    const upload = await call(app, { method: 'GET', url: '/api/User/CreateVideoFile' }, 'query', {
      ...COMMON_PARAMS, ...tokenParams(token), fileName: 'clip.mp4', fileSize: '1000', chunks: '1', duration: '10',
    });
    const created = upload.body.data as { lid?: number; id?: number; uniqueFileName?: string } | null;
    if (created?.uniqueFileName === undefined) throw new Error(`CreateVideoFile failed: ${JSON.stringify(upload.body)}`);
    Object.assign(good, { uniqueFileID: created.uniqueFileName, LID: String(created.lid), ID: String(created.id), videoId: String(created.id) });
  }, 120_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await db?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('finds the /api routes the app registers', () => {
    const routes = apiRoutesOf(app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/Login/Login' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/User/UploadVideoChunk' });
  });

  /** A value `field` takes, so the fields declared before the one under test get past the declaration's checks. */
  function valueFor(name: string, field: Field): unknown {
    const known = good[name];
    switch (field.kind) {
      case 'text': {
        if (field.oneOf !== undefined) return known !== undefined && field.oneOf.includes(String(known)) ? known : field.oneOf[0];
        const candidates = [known, '1', 'abc', '好看', 'a1b2c3d4'].filter((value) => value !== undefined).map(String);
        return candidates.find((value) => value.length <= field.max && (field.pattern === undefined || field.pattern.test(value))) ?? known ?? '1';
      }
      case 'int': {
        const number = Number(known);
        if (known !== undefined && Number.isInteger(number) && number >= field.min && number <= field.max) return String(number);
        return String(Math.min(Math.max(1, field.min), field.max));
      }
      case 'id':
      case 'list':
        return known ?? '1';
      case 'json':
        return known ?? {};
    }
  }

  it('answers NUL in every param a route takes with 1002, and 2147483648 in every integer or id with 1002 超出范围', async () => {
    const failures: string[] = [];
    const covered: string[] = [];
    const routes = apiRoutesOf(app);
    const keys = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const key of [...NO_PARAM_ROUTES, ...Object.keys(UNDECLARED_ROUTES)]) {
      if (!keys.has(key)) failures.push(`${key}: listed in the test but not served`);
    }
    // Logout last, so the session lives through the others (keepSession logs in again should one end it).
    const ordered = [...routes].sort((a, b) => Number(/logout/i.test(a.url)) - Number(/logout/i.test(b.url)));
    for (const route of ordered) {
      const key = `${route.method} ${route.url}`;
      await keepSession();
      // The params it takes: its declaration's, or UNDECLARED_ROUTES' for a route served without one.
      const declared = declaredCallOf(app, route.method, route.url);
      const listed = UNDECLARED_ROUTES[key];
      const kinds = new Map<string, Kind>();
      const base: Record<string, unknown> = {};
      if (declared !== undefined) {
        for (const [name, field] of Object.entries(declared.params)) {
          kinds.set(name, kindOf(field));
          base[name] = valueFor(name, field);
          if (field.kind === 'int' && field.wide === true && field.max <= PG_INT_MAX) {
            failures.push(`${key} ${name}: a wide integer whose range fits an integer column (declare it without wide)`);
          }
        }
      } else if (listed !== undefined) {
        for (const [name, kind] of Object.entries(listed)) {
          kinds.set(name, kind);
          // The chunk calls' uid is the caller's own (tokenParams).
          if (!(name in tokenParams(token))) base[name] = good[name] ?? '1';
        }
      } else {
        failures.push(`${key}: no protocol declaration and not in UNDECLARED_ROUTES, so its params cannot be found`);
        continue;
      }
      if (kinds.size === 0 && !NO_PARAM_ROUTES.has(key)) {
        failures.push(`${key}: takes no declared param and is not in NO_PARAM_ROUTES`);
      } else if (kinds.size > 0 && NO_PARAM_ROUTES.has(key)) {
        failures.push(`${key}: in NO_PARAM_ROUTES but declares ${[...kinds.keys()].join(', ')}`);
      }
      const multipart = listed !== undefined;
      // JSON for the POST calls, so params holding objects (CreateTrends' trends) get theirs.
      const encoding = encodingsOf(route, multipart).at(-1) as Encoding;

      // Any other name the handler reads (Lang, DeviceId…): call it, give plausible values to what it asked for,
      // until it asks for nothing new.
      for (let round = 0; round < 4; round += 1) {
        const { names, ints } = await record(() => call(app, route, encoding, { ...COMMON_PARAMS, ...tokenParams(token), ...base }));
        for (const name of ints) kinds.set(name, 'integer');
        const fresh = [...names].filter((name) => !kinds.has(name));
        if (fresh.length === 0) break;
        for (const name of fresh) {
          kinds.set(name, 'other');
          if (!(name in tokenParams(token))) base[name] = good[name] ?? '1';
        }
        await keepSession();
      }
      covered.push(`${key}: ${[...kinds].map(([name, kind]) => (kind === 'integer' ? `${name}#` : name)).join(', ')}`);
      // NUL in a param the route does not read is refused too (the whole request is).
      const unread = await call(app, route, encoding, { ...COMMON_PARAMS, ...tokenParams(token), ...base, unreadParam: NUL_VALUE });
      if (unread.body.ret !== Ret.BadParam || unread.body.msg !== illegalCharacterMessage('unreadParam')) {
        failures.push(`${key} ${encoding} unreadParam=NUL → HTTP ${unread.status} ${JSON.stringify(unread.body)}`);
      }

      for (const [name, kind] of kinds) {
        for (const each of encodingsOf(route, multipart)) {
          await keepSession();
          const fields = { ...COMMON_PARAMS, ...tokenParams(token), ...base };
          const nul = await call(app, route, each, { ...fields, [name]: NUL_VALUE });
          // The message names the param as Params does: at most 16 characters.
          if (nul.status >= 500 || nul.body.ret !== Ret.BadParam || nul.body.msg !== illegalCharacterMessage([...name].slice(0, 16).join(''))) {
            failures.push(`${key} ${each} ${name}=NUL → HTTP ${nul.status} ${JSON.stringify(nul.body)}`);
          }
          await keepSession();
          const big = await call(app, route, each, { ...COMMON_PARAMS, ...tokenParams(token), ...base, [name]: BEYOND_INT });
          const refused = big.body.ret === Ret.BadParam && big.body.msg === `${badParamMessage(name)}超出范围`;
          if (big.status >= 500 || big.body.ret === Ret.Internal || big.body.ret === -1 || (kind === 'integer' && !refused)) {
            failures.push(`${key} ${each} ${name}=${BEYOND_INT} (${kind}) → HTTP ${big.status} ${JSON.stringify(big.body)}`);
          }
        }
      }
    }
    if (process.env['BAD_INPUT_REPORT'] !== undefined) console.log(covered.join('\n'));
    expect(failures).toEqual([]);
    expect(covered).toHaveLength(routes.length);
  }, 600_000);

  it('refuses NUL in nested JSON values and keys, repeated query keys and param names', async () => {
    const route = { method: 'POST', url: '/api/Login/Login' };
    for (const fields of [
      { userName: 'demo', password: 'x', extra: { deep: [{ deeper: NUL_VALUE }] } },
      { userName: 'demo', password: 'x', extra: { [`k${NUL_VALUE}`]: 1 } },
      { userName: 'demo', password: 'x', [`name${NUL_VALUE}`]: 'v' },
    ]) {
      const answer = await call(app, route, 'json', fields);
      expect(answer.body.ret, JSON.stringify(fields)).toBe(Ret.BadParam);
      expect(answer.body.msg).toMatch(/^参数格式错误：.*含有非法字符$/);
    }
    const repeated = await app.inject({ method: 'GET', url: '/api/home/GetUserRegion?x=1&x=%00', remoteAddress: uniqueIp() });
    expect(repeated.json()).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：x含有非法字符', data: null });
  });

  it('refuses integers beyond a PostgreSQL integer with 超出范围, and takes the wider ones where a bigint column keeps them', async () => {
    const page = await call(app, { method: 'GET', url: '/api/Chat/GetConversations' }, 'query', { ...tokenParams(token), page: BEYOND_INT });
    expect(page.body).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：page超出范围', data: null });
    const since = await call(app, { method: 'GET', url: '/api/Chat/GetNewMessages' }, 'query', { ...tokenParams(token), sinceId: '9007199254740' });
    expect(since.body.ret).toBe(Ret.Ok);
  });
});

describe('Params', () => {
  const params = (values: Record<string, unknown>) => new Params(Object.entries(values));

  it('takes the whole integer column range in int, and up to 15 digits in safeInt', () => {
    expect(params({ a: '-2147483648', b: '2147483647' }).int('a')).toBe(-2_147_483_648);
    expect(params({ b: ' 2147483647 ' }).int('b')).toBe(2_147_483_647);
    for (const value of ['2147483648', '-2147483649', '99999999999', 2 ** 31]) {
      expect(() => params({ n: value }).int('n')).toThrow('参数格式错误：n超出范围');
    }
    expect(params({ n: '999999999999999' }).safeInt('n')).toBe(999_999_999_999_999);
    expect(() => params({ n: '9999999999999999' }).safeInt('n')).toThrow('参数格式错误：n超出范围');
    for (const value of ['1.5', '1e9', 'abc', '--1']) expect(() => params({ n: value }).optionalInt('n')).toThrow(/^参数格式错误：n$/);
    expect(params({ id: '5' }).optionalId('id', Number.MAX_SAFE_INTEGER)).toBe(5);
    expect(params({ id: '4294967296' }).optionalId('id', Number.MAX_SAFE_INTEGER)).toBe(4_294_967_296);
  });

  it('refuses NUL anywhere when made, naming the top-level param', () => {
    expect(() => params({ ok: 'x', bad: ['y', { z: 'a\u0000' }] })).toThrow('参数格式错误：bad含有非法字符');
    expect(() => params({ bad: { ['k\u0000']: 1 } })).toThrow('参数格式错误：bad含有非法字符');
    expect(() => params({ ['\u0000']: 'x' })).toThrow('参数格式错误：参数名含有非法字符');
    let deep: unknown = 'a\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(() => params({ deep })).toThrow('参数格式错误：deep含有非法字符');
    expect(() => params({ wide: [...Array.from({ length: 500_000 }, () => 0), 'a\u0000'] })).toThrow('参数格式错误：wide含有非法字符');
    expect(params({ fine: 'tab\tand\nnewline' }).string('fine')).toBe('tab\tand\nnewline');
  });
});

/** Sends raw bytes to the server and collects everything it answers until it closes the connection. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the rest of an oversized request is still being written.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(answer);
      else reject(error);
    });
    socket.on('close', () => resolve(answer));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.write(bytes);
  });
}

function parseRaw(answer: string): { statusLine: string; headers: string; body: unknown } {
  const end = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, end);
  const [statusLine = '', ...headers] = head.split('\r\n');
  return { statusLine, headers: headers.join('\n').toLowerCase(), body: JSON.parse(answer.slice(end + 4)) };
}

describe('requests node refuses before fastify (a real server on port 0)', () => {
  let db: Database;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    db = await createMigratedPglite();
    app = await createApp({ db, config: testConfig(), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('answers a malformed request line with HTTP 400 and the envelope', async () => {
    for (const line of ['GARBAGE\r\n\r\n', 'GET /api/home/GetUserRegion HTTP/9.9\r\nHost: x\r\n\r\n', 'GET /api/home/Get UserRegion HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const answer = parseRaw(await rawRequest(port, line));
      expect(answer.statusLine, line).toBe('HTTP/1.1 400 Bad Request');
      expect(answer.headers).toContain('content-type: application/json');
      expect(answer.body).toEqual({ ret: Ret.BadParam, msg: RetMessage.BadRequest, data: null });
    }
  });

  it('answers NUL in a header value (x-country-code) with the envelope, never a 500', async () => {
    const raw = await rawRequest(port, 'GET /api/home/GetUserRegion HTTP/1.1\r\nHost: x\r\nx-country-code: C\u0000N\r\nConnection: close\r\n\r\n');
    const answer = parseRaw(raw);
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 (200|400) /);
    expect((answer.body as Envelope).ret).toBe(Ret.BadParam);
  });

  it('answers a 100 KB query string with HTTP 431 and the envelope', async () => {
    const raw = await rawRequest(port, `GET /api/home/GetUserRegion?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const answer = parseRaw(raw);
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toEqual({ ret: Ret.BadParam, msg: '请求地址过长', data: null });
  });

  it('answers a long query string within the limit, a long unknown /api path and NUL escaped in the path in the envelope', async () => {
    const long = await fetch(`http://127.0.0.1:${port}/api/home/GetUserRegion?q=${'a'.repeat(8 * 1024)}`);
    expect(long.status).toBe(200);
    expect(((await long.json()) as Envelope).ret).toBe(Ret.Ok);
    const longPath = await fetch(`http://127.0.0.1:${port}/api/${'a'.repeat(4000)}`);
    expect(longPath.status).toBe(404);
    expect(await longPath.json()).toEqual({ ret: Ret.NotFound, msg: RetMessage.NotFound, data: null });
    const nulPath = await fetch(`http://127.0.0.1:${port}/api/home/GetUserRegion%00`);
    expect(nulPath.status).toBeLessThan(500);
    expect(((await nulPath.json()) as Envelope).ret).not.toBe(Ret.Internal);
  });

  it('answers bodies: too large, malformed JSON, wrong content type, all in the envelope', async () => {
    const url = `http://127.0.0.1:${port}/api/Login/Login`;
    const big = await fetch(url, { method: 'POST', body: `userName=${'a'.repeat(1024 * 1024 + 10)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await big.json()).toEqual({ ret: Ret.BadParam, msg: RetMessage.BodyTooLarge, data: null });
    const json = await fetch(url, { method: 'POST', body: '{"userName": ', headers: { 'content-type': 'application/json' } });
    expect(await json.json()).toEqual({ ret: Ret.BadParam, msg: RetMessage.BadRequest, data: null });
    const xml = await fetch(url, { method: 'POST', body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(await xml.json()).toEqual({ ret: Ret.BadParam, msg: RetMessage.UnsupportedMediaType, data: null });
  });
});
