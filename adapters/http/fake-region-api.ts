import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import type { RegionInfo } from '../../src/core/region/region-protocol.ts';
import { subdivisionOf } from '../../src/core/region/subdivisions.ts';
import { fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeRegionState {
  /** The region GetUserRegion answers (the caller's, as the server would resolve it). */
  region: RegionInfo;
  /** The region names the imitation knows, by code (the server knows every ISO code). */
  readonly known: Map<string, string>;
  /** Regions users saved on their accounts (SetUserRegion), by user id: the country's code and the state's, if any. */
  readonly saved: Map<number, { code: string; state?: string }>;
}

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
  const infoOf = (code: string, stateCode: string | undefined): RegionInfo => {
    const country = state.known.get(code) ?? code;
    const inside = stateCode === undefined ? undefined : subdivisionOf(code, stateCode);
    return inside === undefined ? { country, code } : { country, code, state: inside.name, stateCode: inside.code };
  };
  /** The caller's region: the one they saved, else the one the imitation answers. */
  const regionOf = (uid: number | null): RegionInfo => {
    const saved = uid === null ? undefined : state.saved.get(uid);
    return saved === undefined ? state.region : infoOf(saved.code, saved.state);
  };

  const { serve } = fakeApi(http);

  serve(RegionCalls.userRegion, 'optional', (_input, uid) => ok(regionOf(uid)));

  serve(RegionCalls.setUserRegion, 'required', ({ region, state: stateCode }, uid) => {
    const code = region.trim().toUpperCase();
    if (!state.known.has(code)) throw refuse(1002, `不支持的地区：${code}`);
    const inside = stateCode === undefined || stateCode === '' ? undefined : subdivisionOf(code, stateCode);
    if (stateCode !== undefined && stateCode !== '' && inside === undefined) {
      throw refuse(1002, `不支持的地区：${code}-${stateCode.toUpperCase()}`);
    }
    state.saved.set(uid, inside === undefined ? { code } : { code, state: inside.code });
    return ok(infoOf(code, inside?.code));
  });

  serve(RegionCalls.isMalaysia, 'optional', ({ region }, uid) => {
    let code = regionOf(uid).code;
    if (region !== undefined) {
      code = region.trim().toUpperCase();
      if (!state.known.has(code)) {
        const msg = /^[A-Z]{2}$/.test(code) ? `不支持的地区：${code}` : '参数格式错误：region';
        throw refuse(1002, msg);
      }
    }
    if (code === MALAYSIA) throw refuse(RegionRet.Malaysia, '当前地区为马来西亚', { isMalaysia: true });
    return ok({ isMalaysia: false });
  });

  return state;
}
