import type { FastifyRequest } from 'fastify';
import { RegionCalls } from '../../src/core/region/region-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { hasNul, illegalCharacterMessage } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
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

export function registerRegionRoutes(api: ApiRouter, services: AppServices): void {
  const { config, db, sessions, realtime } = services;

  /** `{ country: '中国', code: 'CN' }`; an unknown code answers 1002. */
  serve(api, RegionCalls.userRegion, 'optional', async ({ request, auth }) => {
    const region = requireRegion(regionCodeFor(request, auth, config.defaultRegion));
    return { country: region.country, code: region.code };
  });

  /** Saves the caller's region on the account (/selectArea): `{ country, code }`; an unknown code answers 1002. */
  serve(api, RegionCalls.setUserRegion, 'required', async ({ input, auth }) => {
    const region = requireRegion(normalizeRegionCode(input.region));
    await db.query('UPDATE users SET region = $2 WHERE id = $1', [auth.user.id, region.code]);
    await sessions.cache?.changed({ uid: auth.user.id });
    realtime.userChanged(auth.user.id);
    return { country: region.country, code: region.code };
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
