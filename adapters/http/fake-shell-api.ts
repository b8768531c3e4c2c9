import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import type { ConfigEntry, CusServiceConfig, UnreadCounts } from '../../src/core/shell/shell-protocol.ts';
import { fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

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

  const { serve } = fakeApi(http, { caller: options.caller });

  serve(ShellCalls.config, 'optional', () => ok([...state.config].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))));
  serve(ShellCalls.cusServiceConfig, 'optional', () => ok(state.cusService));
  serve(ShellCalls.accessStatistics, 'optional', ({ DeviceId }, uid) => {
    state.visits.push(uid !== null ? `u:${uid}` : DeviceId !== undefined ? `d:${DeviceId}` : 'ip:');
    return ok({ day: new Date(now() + CHINA_OFFSET_MS).toISOString().slice(0, 10) });
  });
  serve(ShellCalls.unreadCount, 'required', (_input, uid) => {
    const { privateCount, systemCount } = state.unread.get(uid) ?? { privateCount: 0, systemCount: 0 };
    return ok({ count: privateCount + systemCount, privateCount, systemCount } satisfies UnreadCounts);
  });

  return state;
}
