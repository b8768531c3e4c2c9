import type { KeyValueStore } from '../ports/key-value-store.ts';
import { ApiError } from '../request/api-error.ts';
import { Ret } from '../request/ret.ts';
import type { ApiClient } from '../request/api-client.ts';
import { RegionKeys } from '../shared-kernel/region-keys.ts';
import { RegionCalls } from './region-protocol.ts';

export interface RegionState {
  userArea: string;
  userAreaCode: string;
  /** The region inside the country the server answered (GD 广东省), or null. */
  userAreaState: PickedState | null;
  isMalaysia: boolean;
}

/** A region inside a country, as picked on /countryStateList. */
export interface PickedState {
  code: string;
  name: string;
}

/** A region inside a country as local storage keeps it: `GD 广东省`. */
const storedState = (state: PickedState): string => `${state.code} ${state.name}`;

function pickedStateOf(stored: string | null): PickedState | null {
  const match = /^([A-Z0-9]{1,3}) (\S.*)$/.exec(stored ?? '');
  return match ? { code: match[1] ?? '', name: match[2] ?? '' } : null;
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
      userAreaState: pickedStateOf(this.local.get(RegionKeys.userAreaState)),
      isMalaysia: this.local.get(RegionKeys.isMalaysia) === 'true',
    };
  }

  /** Asks the server for the region (GetUserRegion) and the Malaysia check; their errors are never shown. */
  async refresh(): Promise<RegionState> {
    try {
      const { country, code, state, stateCode } = await this.api.request(RegionCalls.userRegion, {}, { suppressTips: true });
      if (country !== null) this.local.set(RegionKeys.userArea, country);
      if (code !== null) this.local.set(RegionKeys.userAreaCode, code);
      const inside = state !== undefined && stateCode !== undefined ? pickedStateOf(`${stateCode} ${state}`) : null;
      if (inside !== null) this.local.set(RegionKeys.userAreaState, storedState(inside));
      else if (country !== null) this.local.remove(RegionKeys.userAreaState);
    } catch {
      // Keep the last known region.
    }
    await this.checkMalaysia();
    return this.state();
  }

  /**
   * /selectArea and /countryStateList: the user's own region, and the region inside it when picked. Kept on the
   * account when signed in (GetUserRegion answers it everywhere from then on) and, for anyone, as the app's custom
   * area (sent with the VIP calls and the Malaysia check). False when the account could not keep it (the request
   * layer said why).
   */
  async choose(code: string, signedIn: boolean, state?: PickedState): Promise<boolean> {
    if (signedIn) {
      try {
        await this.api.request(RegionCalls.setUserRegion, state === undefined ? { region: code } : { region: code, state: state.code }, { notice: true });
      } catch {
        return false;
      }
    }
    this.local.set(RegionKeys.useCustomArea, 'true');
    this.local.set(RegionKeys.customAreaCode, code);
    if (state === undefined) this.local.remove(RegionKeys.customAreaState);
    else this.local.set(RegionKeys.customAreaState, storedState(state));
    await this.refresh();
    return true;
  }

  /** The region chosen by hand (custom area), or null. */
  chosen(): string | null {
    return this.local.get(RegionKeys.useCustomArea) === 'true' ? this.local.get(RegionKeys.customAreaCode) : null;
  }

  /** The region inside the hand-picked country (/countryStateList), or null. */
  chosenState(): PickedState | null {
    return this.chosen() === null ? null : pickedStateOf(this.local.get(RegionKeys.customAreaState));
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
