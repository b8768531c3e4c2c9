import type { FastifyRequest } from 'fastify';
import { RegionCalls, type RegionInfo } from '../../src/core/region/region-protocol.ts';
import { subdivisionOf } from '../../src/core/region/subdivisions.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { hasNul, illegalCharacterMessage } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { saveRegion, savedRegionState } from './region-repository.ts';
import { MALAYSIA, normalizeRegionCode, regionByCode } from './regions.ts';
import type { Region } from './regions.ts';

/** Header a CDN sets to the visitor's country (Cloudflare-style two-letter code). */
const COUNTRY_HEADER = 'x-country-code';

const CODE_FORMAT = /^[A-Z]{2}$/;

/** The CDN header's code, normalized; a value holding NUL is refused (1002) like a param, never looked up. */
function headerCode(request: FastifyRequest): string | undefined {
  const value = request.headers[COUNTRY_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  if (text !== undefined && hasNul(text)) throw badParam(COUNTRY_HEADER, illegalCharacterMessage(COUNTRY_HEADER));
  return text === undefined || text.trim() === '' ? undefined : normalizeRegionCode(text);
}

/** The code that applies: the user's saved region, else the CDN header, else the default. */
export function regionCodeFor(request: FastifyRequest, auth: AuthSession | null, defaultRegion: string): string {
  return auth?.user.region ?? headerCode(request) ?? defaultRegion;
}

function unknownRegion(code: string): ApiError {
  return CODE_FORMAT.test(code) ? badParam('region', `不支持的地区：${code}`) : badParam('region');
}

export function requireRegion(code: string): Region {
  const region = regionByCode(code);
  if (region === undefined) throw unknownRegion(code);
  return region;
}

/** The answer for a region and, when one is kept, the region inside it (dropped when it is not of that country). */
function regionInfo(region: Region, stateCode: string | null | undefined): RegionInfo {
  const state = stateCode ? subdivisionOf(region.code, stateCode) : undefined;
  return state === undefined ? { country: region.country, code: region.code } : { country: region.country, code: region.code, state: state.name, stateCode: state.code };
}

export function registerRegionRoutes(api: ApiRouter, services: AppServices): void {
  const { config, db, sessions, realtime } = services;

  /**
   * `{ country: '中国', code: 'CN' }`, with `state` and `stateCode` when the account keeps a region inside its saved
   * country (/countryStateList); an unknown code answers 1002.
   */
  serve(api, RegionCalls.userRegion, 'optional', async ({ request, auth }) => {
    const region = requireRegion(regionCodeFor(request, auth, config.defaultRegion));
    if (auth === null || auth.user.region !== region.code) return regionInfo(region, null);
    return regionInfo(region, await savedRegionState(db, auth.user.id, region.code));
  });

  /**
   * Saves the caller's region on the account (/selectArea, /countryStateList): `{ country, code }` and, with `state`,
   * the region inside it (`state`, `stateCode`); an unknown code, or a state not of that country, answers 1002.
   */
  serve(api, RegionCalls.setUserRegion, 'required', async ({ input, auth }) => {
    const region = requireRegion(normalizeRegionCode(input.region));
    const state = input.state === undefined || input.state === '' ? undefined : subdivisionOf(region.code, input.state);
    if (input.state !== undefined && input.state !== '' && state === undefined) {
      throw badParam('state', `不支持的地区：${region.code}-${input.state.toUpperCase()}`);
    }
    await saveRegion(db, auth.user.id, region.code, state?.code ?? null);
    await sessions.cache?.changed({ uid: auth.user.id });
    realtime.userChanged(auth.user.id);
    return regionInfo(region, state?.code);
  });

  /**
   * `{ isMalaysia: false }`, or ret 1010 when the region is Malaysia (the client reads any error
   * as "Malaysian"). The region is the `region` param when given (the client's custom area; an
   * unknown code answers 1002), else as GetUserRegion resolves it; there an unknown code is
   * simply not Malaysia, so a CDN's placeholder code never marks a visitor Malaysian.
   */
  serve(api, RegionCalls.isMalaysia, 'optional', async ({ input: { region: requested }, request, auth }) => {
    const code = requested !== undefined
      ? requireRegion(normalizeRegionCode(requested)).code
      : regionCodeFor(request, auth, config.defaultRegion);
    if (code === MALAYSIA) throw new ApiError(Ret.MalaysiaRegion, RetMessage.MalaysiaRegion, { isMalaysia: true });
    return { isMalaysia: false };
  });
}
