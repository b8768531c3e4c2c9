import { ApiError, badParam } from '../http/api-error.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { countAdTrack, countAdView, listAds } from './ads-repository.ts';

const TYPE_LIST = /^\d{1,2}(,\d{1,2}){0,19}$/;
const REGION = /^[A-Za-z]{2}$/;
const MEDIA_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function registerAdsRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;

  /** `{ kaiping, zanting, chaBo, danmu }` for typeList (e.g. 1,2,3,4,5,6,8), optional mediaKey and region. */
  api.get('/api/Video/GetAdsDataList', 'optional', async ({ params }) => {
    const typeList = params.string('typeList').replace(/\s+/g, '');
    if (!TYPE_LIST.test(typeList)) throw badParam('typeList');
    const mediaKey = params.optionalString('mediaKey');
    if (mediaKey !== undefined && !MEDIA_KEY.test(mediaKey)) throw badParam('mediaKey');
    const region = params.optionalString('region');
    if (region !== undefined && !REGION.test(region)) throw badParam('region');
    const types = [...new Set(typeList.split(',').map(Number))];
    return listAds(db, { types, region: region?.toUpperCase() ?? null, mediaKey: mediaKey ?? null });
  });

  /** Counts a view of ad `id` (the ad's viewURL). */
  api.post('/api/Video/AdView', 'optional', async ({ params }) => {
    const id = params.int('id');
    if (id <= 0) throw badParam('id');
    if (!(await countAdView(db, id))) throw new ApiError(Ret.AdNotFound, RetMessage.AdNotFound);
    return null;
  });

  /** Counts a tracking hit of ad `id` (the seeded play ads' trackingURL, standing in for a third party's pixel). */
  api.get('/api/Video/AdTrack', 'optional', async ({ params }) => {
    const id = params.id('id');
    if (!(await countAdTrack(db, id))) throw new ApiError(Ret.AdNotFound, RetMessage.AdNotFound);
    return null;
  });
}
