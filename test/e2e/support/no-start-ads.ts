import type { BrowserContext } from 'playwright-core';

/**
 * For journeys that are not about the start advertisement: the ad list answers empty, so no fullscreen ad
 * covers the page. (The start-ad journey runs against the real list.)
 */
export async function withoutStartAds(context: BrowserContext): Promise<void> {
  await context.route('**/api/Video/GetAdsDataList**', (route) =>
    route.fulfill({ json: { ret: 200, msg: '', data: { kaiping: [], zanting: [], chaBo: [], danmu: [] } } }),
  );
}
