import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import type { RegionInfo } from '../../src/core/region/region-protocol.ts';
import { subdivisionOf } from '../../src/core/region/subdivisions.ts';
import type { Call, Fields, ReceivedOf } from '../../src/core/request/protocol.ts';
import { FakeRefusal, readDeclaredParams } from './fake-declared-params.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeRegionState {
  /** The region GetUserRegion answers (the caller's, as the server would resolve it). */
  region: RegionInfo;
  /** The region names the imitation knows, by code (the server knows every ISO code). */
  readonly known: Map<string, string>;
  /** Regions users saved on their accounts (SetUserRegion), by user id: the country's code and the state's, if any. */
  readonly saved: Map<number, { code: string; state?: string }>;
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
      ['JP', '日本'],
      ['KR', '韩国'],
    ]),
    saved: new Map(),
  };
  /** The caller's user id from the token fields it sends, or null for a visitor. */
  const callerOf = (call: FakeHttpCall): number | null => {
    const uid = call.params['login_uid'] ?? call.body['login_uid'];
    return typeof uid === 'string' && /^\d+$/.test(uid) ? Number(uid) : null;
  };
  const infoOf = (code: string, stateCode: string | undefined): RegionInfo => {
    const country = state.known.get(code) ?? code;
    const inside = stateCode === undefined ? undefined : subdivisionOf(code, stateCode);
    return inside === undefined ? { country, code } : { country, code, state: inside.name, stateCode: inside.code };
  };
  const regionOf = (call: FakeHttpCall): RegionInfo => {
    const uid = callerOf(call);
    const saved = uid === null ? undefined : state.saved.get(uid);
    return saved === undefined ? state.region : infoOf(saved.code, saved.state);
  };

  function serve<S extends Fields, Data>(declared: Call<S, Data>, handle: (input: ReceivedOf<S>, call: FakeHttpCall) => Data): void {
    http.route(declared.method, declared.path, (call) => {
      try {
        return ok(handle(readDeclaredParams(declared, call), call));
      } catch (error) {
        if (error instanceof FakeRefusal) return error.answer;
        throw error;
      }
    });
  }

  serve(RegionCalls.userRegion, (_input, call) => regionOf(call));

  serve(RegionCalls.setUserRegion, ({ region, state: stateCode }, call) => {
    const uid = callerOf(call);
    if (uid === null) throw new FakeRefusal({ body: { ret: 201, msg: '请先登录', data: null } });
    const code = region.trim().toUpperCase();
    if (!state.known.has(code)) throw new FakeRefusal({ body: { ret: 1002, msg: `不支持的地区：${code}`, data: null } });
    const inside = stateCode === undefined || stateCode === '' ? undefined : subdivisionOf(code, stateCode);
    if (stateCode !== undefined && stateCode !== '' && inside === undefined) {
      throw new FakeRefusal({ body: { ret: 1002, msg: `不支持的地区：${code}-${stateCode.toUpperCase()}`, data: null } });
    }
    state.saved.set(uid, inside === undefined ? { code } : { code, state: inside.code });
    return infoOf(code, inside?.code);
  });

  serve(RegionCalls.isMalaysia, ({ region }, call) => {
    let code = regionOf(call).code;
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
