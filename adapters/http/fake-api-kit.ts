/**
 * What every fake HTTP API (`fake-*-api.ts`) is built from, so that none repeats it: the answers (`ok`, `fail`, a
 * thrown `refuse`), who is calling (the token fields' login_uid), and `serve`, which routes a call declared in a
 * feature's protocol module as the reference server does (server/http/protocol-route.ts): the caller first (201 for
 * a visitor on a signed-in call), then the parameters read and checked from the declaration (1001 缺少参数：<name>,
 * 1002 参数格式错误：<name>, fake-declared-params.ts), then the handler. test/unit/architecture/fakes-use-the-kit.test.ts holds the fakes
 * to it.
 */
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall, FakeHttpHandler } from './fake-http.ts';

/** A success: ret 200 with its data (and message, 成功 unless given). */
export const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });

/** A refusal: its ret and message (data null unless given). */
export const fail = (ret: number, msg: string, data: unknown = null): FakeHttpAnswer => ({ body: { ret, msg, data } });

/** A refusal to throw from anywhere inside a handler: `serve` answers it. */
export const refuse = (ret: number, msg: string, data: unknown = null): FakeRefusal => new FakeRefusal(fail(ret, msg, data));

/** 201 for a visitor on a call for the signed-in only (the server's words without token fields). */
export const LOGIN_REQUIRED: FakeHttpAnswer = fail(201, '请先登录');

/** 201 for token fields the server does not accept (the app then signs out). */
export const SESSION_INVALID: FakeHttpAnswer = fail(201, '登录已失效，请重新登录');

/** Who is calling: a user id, or null for a visitor. */
export type FakeCaller = (call: FakeHttpCall) => number | null;

/** The caller the token fields name: login_uid (query or body) when a whole number above 0, else a visitor (no token check). */
const tokenCaller: FakeCaller = (call) => {
  const uid = call.params['login_uid'] ?? call.body['login_uid'];
  const text = typeof uid === 'number' ? String(uid) : uid;
  return typeof text === 'string' && /^\d{1,15}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;
};

/** Who may call: the signed-in only (`uid` a number), or visitors too (`uid` null for them). */
export type FakeAuth = 'required' | 'optional';

type UidOf<A extends FakeAuth> = A extends 'required' ? number : number | null;

/** A declared call's handler: its checked input, the caller, and the call as received. */
export type FakeDeclaredHandler<S extends Fields, A extends FakeAuth> = (
  input: ReceivedOf<S>,
  uid: UidOf<A>,
  call: FakeHttpCall,
) => FakeHttpAnswer | Promise<FakeHttpAnswer>;

/** How a fake registers a route: `http.route` unless it wraps its handlers (the upload imitation's fault hook). */
export type FakeRouter = (method: 'GET' | 'POST', path: string, handler: FakeHttpHandler) => void;

export interface FakeApiOptions {
  /** Who is calling; {@link tokenCaller} when left out. */
  caller?: FakeCaller | undefined;
  /** Runs first on every call (to record it, or to answer a failure a test arranged): an answer ends the call there. */
  before?: (call: FakeHttpCall, declared: Call<Fields, unknown>) => FakeHttpAnswer | undefined;
  /** The answer to a visitor on a call for the signed-in; {@link LOGIN_REQUIRED} when left out. */
  signedOut?: FakeHttpAnswer;
  /** How routes are registered; `http.route` when left out. */
  route?: FakeRouter | undefined;
}

/** A refusal thrown by the parameters or the handler, answered; anything else thrown on. */
function answerRefusal(error: unknown): FakeHttpAnswer {
  if (error instanceof FakeRefusal) return error.answer;
  throw error;
}

/** A fake API's routing of its declared calls (see the module's note); `serve(declared, auth, handler)`. */
/**
 * The usual `before` of a fake that tests inspect: records every call in `api.calls` and answers the failure a test
 * arranged for the call's path in `api.fail`.
 */
export function recordCalls(api: { calls: FakeHttpCall[]; fail: ReadonlyMap<string, { ret: number; msg: string }> }): NonNullable<FakeApiOptions['before']> {
  return (call, declared) => {
    api.calls.push(call);
    const failure = api.fail.get(declared.path);
    return failure ? fail(failure.ret, failure.msg) : undefined;
  };
}

export function fakeApi(http: FakeHttp, options: FakeApiOptions = {}) {
  const callerOf = options.caller ?? tokenCaller;
  const route: FakeRouter = options.route ?? ((method, path, handler) => void http.route(method, path, handler));
  const signedOut = options.signedOut ?? LOGIN_REQUIRED;

  /** Routes `declared`: `before`, then the caller (201 when `auth` is required), the declared parameters, `handle`. */
  function serve<S extends Fields, A extends FakeAuth>(declared: Call<S, unknown>, auth: A, handle: FakeDeclaredHandler<S, A>): void {
    route(declared.method, declared.path, (call) => {
      const early = options.before?.(call, declared as Call<Fields, unknown>);
      if (early !== undefined) return early;
      const uid = callerOf(call);
      if (auth === 'required' && uid === null) return signedOut;
      try {
        const answer = handle(readDeclaredParams(declared, call), uid as UidOf<A>, call);
        return answer instanceof Promise ? answer.catch(answerRefusal) : answer;
      } catch (error) {
        return answerRefusal(error);
      }
    });
  }
  return { serve, caller: callerOf };
}
