import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import type { RegionInfo } from '../../src/core/region/region-protocol.ts';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeRegionState {
  /** The region GetUserRegion answers (the caller's, as the server would resolve it). */
  region: RegionInfo;
  /** The region names the imitation knows, by code (the server knows every ISO code). */
  readonly known: Map<string, string>;
}

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const MALAYSIA = 'MY';

/**
 * An in-memory imitation of the reference server's region calls, answering what region-protocol.ts declares and
 * checking their parameters as declared (test/contract/region-protocol.test.ts runs one suite against it and the
 * server).
 */
export function installFakeRegionApi(http: FakeHttp): FakeRegionState {
  const state: FakeRegionState = {
    region: { country: '中国', code: 'CN' },
    known: new Map([
      ['CN', '中国'],
      ['MY', '马来西亚'],
      ['US', '美国'],
    ]),
  };

  function serve<S extends Fields, Data>(declared: Call<S, Data>, handle: (input: ReceivedOf<S>) => Data): void {
    http.route(declared.method, declared.path, (call) => {
      try {
        return ok(handle(readDeclaredParams(declared, call)));
      } catch (error) {
        if (error instanceof FakeRefusal) return error.answer;
        throw error;
      }
    });
  }

  serve(RegionCalls.userRegion, () => state.region);

  serve(RegionCalls.isMalaysia, ({ region }) => {
    let code = state.region.code;
    if (region !== undefined) {
      code = region.trim().toUpperCase();
      if (!state.known.has(code)) {
        const msg = /^[A-Z]{2}$/.test(code) ? `不支持的地区：${code}` : '参数格式错误：region';
        throw new FakeRefusal({ body: { ret: 1002, msg, data: null } });
      }
    }
    if (code === MALAYSIA) throw new FakeRefusal({ body: { ret: RegionRet.Malaysia, msg: '当前地区为马来西亚', data: { isMalaysia: true } } });
    return { isMalaysia: false };
  });

  return state;
}
