import { AdCalls } from '../../src/core/ads/ads-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { countAdTrack, countAdView, listAds } from './ads-repository.ts';

export function registerAdsRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;

  /** `{ kaiping, zanting, chaBo, danmu }` for typeList (e.g. 1,2,3,4,5,6,8), optional mediaKey and region. */
  serve(api, AdCalls.list, 'optional', ({ input: { typeList, mediaKey, region } }) => {
    const types = [...new Set(typeList.split(',').map(Number))];
    return listAds(db, { types, region: region?.toUpperCase() ?? null, mediaKey: mediaKey ?? null, now: new Date(services.clock.now()) });
  });

  /** Counts a view of ad `id` (the ad's viewURL). */
  serve(api, AdCalls.view, 'optional', async ({ input: { id } }) => {
    if (!(await countAdView(db, id))) throw new ApiError(Ret.AdNotFound, RetMessage.AdNotFound);
    return null;
  });

  /** Counts a tracking hit of ad `id` (the seeded play ads' trackingURL, standing in for a third party's pixel). */
  serve(api, AdCalls.track, 'optional', async ({ input: { id } }) => {
    if (!(await countAdTrack(db, id))) throw new ApiError(Ret.AdNotFound, RetMessage.AdNotFound);
    return null;
  });
}
