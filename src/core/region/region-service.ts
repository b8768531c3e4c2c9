import type { KeyValueStore } from '../ports/key-value-store.ts';
import { ApiError } from '../request/api-error.ts';
import { Ret } from '../request/ret.ts';
import type { ApiClient } from '../request/api-client.ts';
import { RegionKeys } from '../shared-kernel/region-keys.ts';
import { RegionCalls } from './region-protocol.ts';

export interface RegionState {
  userArea: string;
  userAreaCode: string;
  isMalaysia: boolean;
}

/** The visitor's region as the server sees it, and whether the Malaysia rules apply. */
export class RegionService {
  constructor(
    private readonly api: ApiClient,
    private readonly local: KeyValueStore,
  ) {}

  state(): RegionState {
    return {
      userArea: this.local.get(RegionKeys.userArea) ?? '',
      userAreaCode: this.local.get(RegionKeys.userAreaCode) ?? '',
      isMalaysia: this.local.get(RegionKeys.isMalaysia) === 'true',
    };
  }

  /** Asks the server for the region (GetUserRegion) and the Malaysia check; their errors are never shown. */
  async refresh(): Promise<RegionState> {
    try {
      const data: unknown = await this.api.request(RegionCalls.userRegion, {}, { suppressTips: true });
      const { country, code } = (data ?? {}) as Record<string, unknown>;
      if (typeof country === 'string') this.local.set(RegionKeys.userArea, country);
      if (typeof code === 'string') this.local.set(RegionKeys.userAreaCode, code);
    } catch {
      // Keep the last known region.
    }
    await this.checkMalaysia();
    return this.state();
  }

  /**
   * /selectArea: the user's own region. Kept on the account when signed in (GetUserRegion answers it everywhere
   * from then on) and, for anyone, as the app's custom area (sent with the VIP calls and the Malaysia check).
   * False when the account could not keep it (the request layer said why).
   */
  async choose(code: string, signedIn: boolean): Promise<boolean> {
    if (signedIn) {
      try {
        await this.api.request(RegionCalls.setUserRegion, { region: code }, { notice: true });
      } catch {
        return false;
      }
    }
    this.local.set(RegionKeys.useCustomArea, 'true');
    this.local.set(RegionKeys.customAreaCode, code);
    await this.refresh();
    return true;
  }

  /** The region chosen by hand (custom area), or null. */
  chosen(): string | null {
    return this.local.get(RegionKeys.useCustomArea) === 'true' ? this.local.get(RegionKeys.customAreaCode) : null;
  }

  /**
   * An error answer from IsMalaysia marks the user as Malaysian; a network failure, or a refused session
   * (handled by the request layer), changes nothing.
   */
  private async checkMalaysia(): Promise<void> {
    const custom = this.local.get(RegionKeys.useCustomArea) === 'true' ? this.local.get(RegionKeys.customAreaCode) : null;
    try {
      await this.api.request(RegionCalls.isMalaysia, custom ? { region: custom } : {}, { suppressTips: true });
      this.local.set(RegionKeys.isMalaysia, 'false');
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkFailure && !error.isCancelled && error.ret !== Ret.SessionInvalid) {
        this.local.set(RegionKeys.isMalaysia, 'true');
      }
    }
  }
}
