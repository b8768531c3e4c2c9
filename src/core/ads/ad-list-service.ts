import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { AdCalls } from './ads-protocol.ts';
import { AdKeys, AdRules, isPlayPath, parseAdsData, type AdsData } from './ads.ts';

export interface AdListRequest {
  /** The current route path: play pages skip the cache. */
  path: string;
  /** The video being played: skips the cache. */
  mediaKey?: string;
  region?: string;
}

interface CacheEntry {
  at: number;
  region: string;
  data: AdsData;
}

/**
 * The ad list (GetAdsDataList), cached 30 minutes in session and local storage, except in play or
 * when a media key is given (spec section 7).
 */
export class AdListService {
  constructor(
    private readonly api: ApiClient,
    private readonly local: KeyValueStore,
    private readonly session: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  async load(request: AdListRequest): Promise<AdsData> {
    const cacheable = !request.mediaKey && !isPlayPath(request.path);
    const region = request.region ?? '';
    if (cacheable) {
      const cached = this.cached(this.session, region) ?? this.cached(this.local, region);
      if (cached) return cached;
    }
    const data = await this.api.request(
      AdCalls.list,
      { typeList: AdRules.typeList, ...(request.mediaKey ? { mediaKey: request.mediaKey } : {}), ...(request.region ? { region: request.region } : {}) },
      { suppressTips: true },
    );
    if (cacheable) {
      const entry = JSON.stringify({ at: this.clock.now(), region, data } satisfies CacheEntry);
      this.session.set(AdKeys.adsCache, entry);
      this.local.set(AdKeys.adsCache, entry);
    }
    return data;
  }

  private cached(store: KeyValueStore, region: string): AdsData | null {
    const raw = store.get(AdKeys.adsCache);
    if (!raw) return null;
    try {
      const entry = JSON.parse(raw) as Partial<CacheEntry>;
      const age = this.clock.now() - Number(entry.at);
      if (!(age >= 0 && age < AdRules.listCacheMs) || entry.region !== region) return null;
      return parseAdsData(entry.data);
    } catch {
      return null;
    }
  }
}
