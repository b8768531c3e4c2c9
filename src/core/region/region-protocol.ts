/**
 * The region's calls, declared once (src/core/request/protocol.ts): the app's RegionService sends them, the reference
 * server (server/region/routes.ts) serves them, the fake (adapters/http/fake-region-api.ts) answers them.
 */
import { call } from '../request/protocol.ts';

/** GetUserRegion: the region that applies (the saved one, else the CDN's, else the default), named. */
export interface RegionInfo {
  country: string;
  /** Two upper-case letters (ISO 3166-1). */
  code: string;
  /** The region inside the country the user chose (/countryStateList), named (广东省); absent when none. */
  state?: string;
  /** Its ISO 3166-2 code without the country (GD for CN-GD); absent when none. */
  stateCode?: string;
}

/** IsMalaysia's answer when the region is not Malaysia; Malaysia is the refusal {@link RegionRet.Malaysia}. */
export interface MalaysiaCheck {
  isMalaysia: boolean;
}

/** The answer codes of the region's calls. */
export const RegionRet = {
  /** IsMalaysia: the region is Malaysia (当前地区为马来西亚, data { isMalaysia: true }); the app reads any error so. */
  Malaysia: 1010,
} as const;

export const RegionCalls = {
  /** The caller's region; an unknown code is 1002. */
  userRegion: call<RegionInfo>()({ method: 'GET', path: '/api/home/GetUserRegion', carrier: 'query', params: {} }),
  /**
   * Whether the Malaysia rules apply: for `region` when given (the app's custom area, any case; an unknown code is
   * 1002 不支持的地区：XX), else for the region GetUserRegion resolves (an unknown one is simply not Malaysia).
   */
  /**
   * /selectArea and /countryStateList: the signed-in user's own region, kept on the account (GetUserRegion answers it
   * from then on), and optionally the region inside it (`state`, one of src/core/region/subdivisions.ts for that
   * country; another is 1002 不支持的地区：CN-ZZ). Without `state` the account keeps the country alone.
   */
  setUserRegion: call<RegionInfo>()({
    method: 'POST',
    path: '/api/user/SetUserRegion',
    carrier: 'form',
    params: {
      region: { kind: 'text', max: 2, pattern: /^[A-Za-z]{2}$/, trim: true },
      state: { kind: 'text', max: 3, pattern: /^[A-Za-z0-9]{1,3}$/, trim: true, optional: true },
    },
  }),
  isMalaysia: call<MalaysiaCheck>()({ method: 'GET', path: '/api/user/IsMalaysia', carrier: 'query', params: { region: { kind: 'text', max: 64, optional: true } } }),
} as const;
