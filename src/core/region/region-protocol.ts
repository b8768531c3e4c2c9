/**
 * The region's calls, declared once (src/core/request/protocol.ts): the app's RegionService sends them, the reference
 * server (server/region/routes.ts) serves them, the fake (adapters/http/fake-region-api.ts) answers them.
 */
import { optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

/** Text as it came; null when the answer gives none or something else (the app then keeps what it knew). */
const textOrNull = wire.lenientAnswer((value) => (typeof value === 'string' ? value : null));
/** Text as it came; absent when the answer gives none or something else. */
const textIfGiven = optional(pipe(unknown(), transform((value) => (typeof value === 'string' ? value : undefined))));

/**
 * GetUserRegion (and SetUserRegion): the region that applies (the saved one, else the CDN's, else the default), named.
 * Every part is read only when it is text (the app keeps what it knew of the others); data that is no object gives none.
 */
const regionInfo = wire.fields({
  country: textOrNull,
  /** Two upper-case letters (ISO 3166-1). */
  code: textOrNull,
  /** The region inside the country the user chose (/countryStateList), named (广东省); absent when none. */
  state: textIfGiven,
  /** Its ISO 3166-2 code without the country (GD for CN-GD); absent when none. */
  stateCode: textIfGiven,
});

export type RegionInfo = InferOutput<typeof regionInfo>;

/**
 * IsMalaysia's answer when the region is not Malaysia (the app reads any success so, whatever its data); Malaysia is
 * the refusal {@link RegionRet.Malaysia}.
 */
const malaysiaCheck = wire.fields({ isMalaysia: wire.flag });

export type MalaysiaCheck = InferOutput<typeof malaysiaCheck>;

/** The answer codes of the region's calls. */
export const RegionRet = {
  /** IsMalaysia: the region is Malaysia (当前地区为马来西亚, data { isMalaysia: true }); the app reads any error so. */
  Malaysia: 1010,
} as const;

export const RegionCalls = {
  /** The caller's region; an unknown code is 1002. */
  userRegion: call({ method: 'GET', path: '/api/home/GetUserRegion', carrier: 'query', params: {}, answer: regionInfo }),
  /**
   * /selectArea and /countryStateList: the signed-in user's own region, kept on the account (GetUserRegion answers it
   * from then on), and optionally the region inside it (`state`, one of src/core/region/subdivisions.ts for that
   * country; another is 1002 不支持的地区：CN-ZZ). Without `state` the account keeps the country alone.
   */
  setUserRegion: call({
    method: 'POST',
    path: '/api/user/SetUserRegion',
    carrier: 'form',
    params: {
      region: { kind: 'text', max: 2, pattern: /^[A-Za-z]{2}$/, trim: true },
      state: { kind: 'text', max: 3, pattern: /^[A-Za-z0-9]{1,3}$/, trim: true, optional: true },
    },
    answer: regionInfo,
  }),
  /**
   * Whether the Malaysia rules apply: for `region` when given (the app's custom area, any case; an unknown code is
   * 1002 不支持的地区：XX), else for the region GetUserRegion resolves (an unknown one is simply not Malaysia).
   */
  isMalaysia: call({ method: 'GET', path: '/api/user/IsMalaysia', carrier: 'query', params: { region: { kind: 'text', max: 64, optional: true } }, answer: malaysiaCheck }),
} as const;
