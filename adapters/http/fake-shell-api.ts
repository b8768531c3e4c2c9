import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import type { ConfigEntry, CusServiceConfig, UnreadCounts } from '../../src/core/shell/shell-protocol.ts';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeShellState {
  /** The configuration entries (answered by key). */
  readonly config: ConfigEntry[];
  cusService: CusServiceConfig;
  /** Each user's unread private and system messages. */
  readonly unread: Map<number, { privateCount: number; systemCount: number }>;
  /** Every visit counted: `u:<uid>`, `d:<DeviceId>` or `ip:` for a visitor without a device id. */
  readonly visits: string[];
}

export interface FakeShellApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** Unix milliseconds of a visit; Date.now when left out. */
  now?: () => number;
}

const ok = (data: unknown): FakeHttpAnswer => ({ body: { ret: 200, msg: '成功', data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * An in-memory imitation of the reference server's shell calls (configuration, customer service, visit statistics,
 * unread count), answering what shell-protocol.ts declares and checking their parameters as declared
 * (test/contract/shell-protocol.test.ts runs one suite against it and the server).
 */
export function installFakeShellApi(http: FakeHttp, options: FakeShellApiOptions): FakeShellState {
  const state: FakeShellState = {
    config: [],
    cusService: { account: 'kefu-service', uid: 0, nickName: '', hours: '', welcome: '', fallbackContact: '' },
    unread: new Map(),
    visits: [],
  };
  const now = options.now ?? (() => Date.now());

  function serve<S extends Fields, Data>(declared: Call<S, Data>, signedIn: boolean, handle: (input: ReceivedOf<S>, uid: number | null) => Data): void {
    http.route(declared.method, declared.path, (call) => {
      const uid = options.caller(call);
      if (signedIn && uid === null) return fail(201, '请先登录');
      try {
        return ok(handle(readDeclaredParams(declared, call), uid));
      } catch (error) {
        if (error instanceof FakeRefusal) return error.answer;
        throw error;
      }
    });
  }

  serve(ShellCalls.config, false, () => [...state.config].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  serve(ShellCalls.cusServiceConfig, false, () => state.cusService);
  serve(ShellCalls.accessStatistics, false, ({ DeviceId }, uid) => {
    state.visits.push(uid !== null ? `u:${uid}` : DeviceId !== undefined ? `d:${DeviceId}` : 'ip:');
    return { day: new Date(now() + CHINA_OFFSET_MS).toISOString().slice(0, 10) };
  });
  serve(ShellCalls.unreadCount, true, (_input, uid): UnreadCounts => {
    const { privateCount, systemCount } = state.unread.get(uid ?? 0) ?? { privateCount: 0, systemCount: 0 };
    return { count: privateCount + systemCount, privateCount, systemCount };
  });

  return state;
}
