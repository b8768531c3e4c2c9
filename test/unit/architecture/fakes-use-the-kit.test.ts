import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { number, object } from 'valibot';
import { fail, fakeApi, ok, refuse } from '../../../adapters/http/fake-api-kit.ts';
import { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { call } from '../../../src/core/request/protocol.ts';

/**
 * Every fake HTTP API (adapters/http/fake-*-api.ts) is built from one kit (fake-api-kit.ts, issue 32): it routes its
 * calls with the kit's `serve`, answers with its `ok` / `fail`, and reads a declared call's parameters only through the
 * declaration (1001 / 1002 worded as the server words them), never by hand. A fake may still read the token fields
 * (who is calling) and the common Lang, and an undeclared multipart body (upload's chunks).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const FAKES = path.join(ROOT, 'adapters', 'http');

/** Fields every call may carry that no call declares: the token fields and the language. */
const COMMON_FIELDS = new Set(['token', 'sign', 'expire', 'login_uid', 'Lang']);

/** The kit's own names, defined again (`function ok`, `const fail =`, `let serve =` …). */
function ownKitFunctions(source: string): string[] {
  return [...source.matchAll(/\b(?:function\s*\*?\s*|(?:const|let|var)\s+)(serve|ok|fail|refuse)\b/g)].map((match) => match[1] ?? '');
}

/** Parameters read by hand: `call.params['x']`, `call.body.x`, `call.params[name]`, or a declared call routed past `serve`. */
function handReadParams(source: string): string[] {
  const named = [...source.matchAll(/\bcall\.(?:params|body)(?:\[\s*['"]([\w-]+)['"]\s*\]|\.(\w+))/g)].map((match) => match[1] ?? match[2] ?? '');
  const computed = [...source.matchAll(/\bcall\.(?:params|body)\[\s*(?!['"])([^\]]+)\]/g)].map((match) => `[${match[1] ?? ''}]`);
  const routed = [...source.matchAll(/\.route\(\s*(\w+Calls\.\w+)\.(?:method|path)/g)].map((match) => `route(${match[1] ?? ''})`);
  const reader = [...source.matchAll(/\b(readDeclaredParams|fake-declared-params)\b/g)].map((match) => match[1] ?? '');
  return [...named.filter((name) => !COMMON_FIELDS.has(name) && name !== 'method'), ...computed, ...routed, ...reader];
}

describe('the fake-API kit', async () => {
  const files = (await readdir(FAKES)).filter((name) => /^fake-.+-api\.ts$/.test(name)).sort();
  const sources = new Map(await Promise.all(files.map(async (name) => [name, await readFile(path.join(FAKES, name), 'utf8')] as const)));

  it('finds the fakes', () => {
    expect(files.length).toBeGreaterThanOrEqual(28);
  });

  it.each(files)('%s defines no serve, ok, fail or refuse of its own', (name) => {
    expect(ownKitFunctions(sources.get(name) ?? '')).toEqual([]);
  });

  it.each(files)('%s serves its calls through the kit', (name) => {
    expect(sources.get(name)).toMatch(/\bfakeApi\(/);
  });

  it.each(files)('%s reads no declared parameter by hand', (name) => {
    expect(handReadParams(sources.get(name) ?? '')).toEqual([]);
  });

  it('the scans see what they look for', () => {
    expect(ownKitFunctions("const ok = (data: unknown) => data;\nfunction serve() {}\nconst fail = 1;\nconst { serve } = kit;")).toEqual(['ok', 'serve', 'fail']);
    expect(ownKitFunctions("import { fail, ok } from './fake-api-kit.ts';\nconst okay = ok(1);")).toEqual([]);
    expect(handReadParams("const id = call.params['mediaKey'];\nconst p = call.body.page;\nconst v = call.params[name];\nhttp.route(GoldCalls.unlock.method, x);")).toEqual([
      'mediaKey',
      'page',
      '[name]',
      'route(GoldCalls.unlock)',
    ]);
    expect(handReadParams("const uid = call.params['login_uid'] ?? call.body['login_uid'];\nconst lang = call.params['Lang'];")).toEqual([]);
  });
});

describe('serve', () => {
  const declared = call({
    method: 'GET',
    path: '/api/test/Thing',
    carrier: 'query',
    params: { id: { kind: 'id' }, name: { kind: 'text', max: 3, optional: true, badMessage: '名称太长' } },
    answer: object({ id: number() }),
  });
  const send = async (http: FakeHttp, params: Record<string, string>) => (await http.send({ method: 'GET', url: declared.path, params, timeoutMs: 0 })).body;

  it('answers the declaration: 201 for a visitor on a signed-in call, then 1001 / 1002 as the server words them', async () => {
    const http = new FakeHttp();
    fakeApi(http).serve(declared, 'required', ({ id }, uid) => ok({ id, uid }));
    expect(await send(http, { id: '3' })).toEqual({ ret: 201, msg: '请先登录', data: null });
    expect(await send(http, { login_uid: '7' })).toEqual({ ret: 1001, msg: '缺少参数：id', data: null });
    expect(await send(http, { login_uid: '7', id: 'x' })).toEqual({ ret: 1002, msg: '参数格式错误：id', data: null });
    expect(await send(http, { login_uid: '7', id: '3', name: 'long' })).toEqual({ ret: 1002, msg: '名称太长', data: null });
    expect(await send(http, { login_uid: '7', id: '3' })).toEqual({ ret: 200, msg: '成功', data: { id: 3, uid: 7 } });
  });

  it('lets visitors in on an optional call, answers a thrown refusal, and stops at `before`', async () => {
    const http = new FakeHttp();
    let closed = false;
    fakeApi(http, { before: () => (closed ? fail(500, '关闭') : undefined) }).serve(declared, 'optional', ({ id }, uid) => {
      if (id === 9) throw refuse(1030, '不存在', { id });
      return ok(uid);
    });
    expect(await send(http, { id: '3' })).toEqual({ ret: 200, msg: '成功', data: null });
    expect(await send(http, { id: '9' })).toEqual({ ret: 1030, msg: '不存在', data: { id: 9 } });
    closed = true;
    expect(await send(http, { id: '3' })).toEqual({ ret: 500, msg: '关闭', data: null });
  });
});
