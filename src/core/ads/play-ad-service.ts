import type { Http } from '../ports/http.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { ApiClient } from '../request/api-client.ts';
import { RequestLimits } from '../request/texts.ts';
import { returnAddress } from '../shared-kernel/login-redirect.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import type { AdListService } from './ad-list-service.ts';
import { AdPaths, adTarget, type Ad, type AdsData } from './ads.ts';

/** The pause (zanting) and inserted (chaBo) ads of the play screen. */
export const PlayAdRules = {
  /** The inserted ad's countdown, in seconds: it closes by itself at 0. */
  insertedCountdownSeconds: 5,
  countdownStepMs: 1_000,
  /** Playback does not wait longer than this for the ad list: no inserted ad this time. */
  insertedLoadTimeoutMs: 3_000,
} as const;

/** Where 会员免广告 leads. */
const OPEN_VIP_PATH = '/openVip';

const REGION = /^[A-Za-z]{2}$/;

/** What a tap on a play ad did. */
export type AdTapOutcome = 'window' | 'page' | 'login' | 'none';

/**
 * The play ads' shared work: the ad list for a video (never cached on play pages; one request shared by the
 * pause and the inserted ad), the view POST and the tracking GET of a showing, a tap, and whether the user
 * is VIP (no inserted ad).
 */
export class PlayAdService {
  private readonly pending = new Map<string, Promise<AdsData>>();

  constructor(
    private readonly adList: AdListService,
    private readonly api: ApiClient,
    private readonly http: Http,
    private readonly session: UserSession,
    private readonly navigator: Navigator,
  ) {}

  /** VIP users (vipLevel above 0) see no inserted ad. */
  adFree(): boolean {
    return (this.session.user()?.vipLevel ?? 0) > 0;
  }

  /**
   * GetAdsDataList (typeList 1,2,3,4,5,6,8) for the video and the region (a two-letter code; anything else is
   * left out). Calls made while one for the same video is on its way share it.
   */
  load(mediaKey: string, region = ''): Promise<AdsData> {
    const code = REGION.test(region) ? region.toUpperCase() : '';
    const key = `${mediaKey}|${code}`;
    const running = this.pending.get(key);
    if (running) return running;
    const request = this.adList
      .load({ path: this.navigator.current().path, mediaKey, ...(code ? { region: code } : {}) })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** One showing of an ad: POSTs its viewURL and GETs its tracking address (each only when there is one). */
  showing(ad: Ad): void {
    void this.countView(ad.viewURL);
    void this.track(ad.trackingURL ?? '');
  }

  /** POST to an ad's viewURL; false (and nothing sent) when it is empty or the call failed. */
  async countView(viewURL: string): Promise<boolean> {
    if (!viewURL.trim()) return false;
    try {
      await this.api.post(viewURL.trim(), {}, { suppressTips: true });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A GET to an arbitrary tracking address (spec: returns false if the URL is empty). True when an answer
   * below 400 arrived; never throws and never shows anything.
   */
  async track(url: string): Promise<boolean> {
    const address = url.trim();
    if (!address) return false;
    try {
      const response = await this.http.send({ method: 'GET', url: address, timeoutMs: RequestLimits.timeoutMs });
      return response.status < 400;
    } catch {
      return false;
    }
  }

  /**
   * A tap on a play ad: a visitor on an ad that needs login goes to /login (coming back here); otherwise
   * linkURL opens in a new window, or the in-app page opens.
   */
  tapped(ad: Ad): AdTapOutcome {
    const target = adTarget(ad);
    if (ad.appParam.isNeedLogin && !this.session.user()) {
      this.navigator.push(AdPaths.login, { redirect: returnAddress(this.navigator.current()) });
      return 'login';
    }
    if (ad.linkURL) {
      this.navigator.openUrl(ad.linkURL, { newWindow: true });
      return 'window';
    }
    if (target) {
      this.navigator.push(target);
      return 'page';
    }
    return 'none';
  }

  /** 会员免广告: the VIP page. */
  openVip(): void {
    this.navigator.push(OPEN_VIP_PATH);
  }
}
