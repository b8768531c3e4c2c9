import { makeAutoObservable, runInAction } from 'mobx';
import type { RegionService } from '../../core/region/region-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { COUNTRIES, countryGroups, type Country } from '../../core/shared-kernel/countries.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The region the app uses now: the one chosen by hand, else the one the server gave. */
function currentRegion(region: Pick<RegionService, 'state' | 'chosen'>): { code: string; name: string } {
  const chosen = region.chosen();
  const code = chosen ?? region.state().userAreaCode;
  const name = COUNTRIES.find((country) => country.code === code)?.name ?? region.state().userArea;
  return { code, name };
}

/** /settings' 地区 row: the region in use, leading to /selectArea. */
export class RegionRowViewModel {
  name: string;

  constructor(private readonly region: Pick<RegionService, 'state' | 'chosen'>) {
    this.name = currentRegion(region).name;
    makeAutoObservable<RegionRowViewModel, 'region'>(this, { region: false }, { autoBind: true });
  }
}

/** /selectArea: every country and region, searchable; the pick is the user's region (on the account when signed in). */
export class SelectAreaViewModel {
  query = '';
  chosen: string;
  busy = false;

  constructor(
    private readonly region: Pick<RegionService, 'state' | 'chosen' | 'choose'>,
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    this.chosen = currentRegion(region).code;
    makeAutoObservable<SelectAreaViewModel, 'region' | 'session' | 'navigator' | 'notifier'>(
      this,
      { region: false, session: false, navigator: false, notifier: false },
      { autoBind: true },
    );
  }

  get groups(): { letter: string; countries: readonly Country[] }[] {
    return countryGroups(this.query, { regions: true });
  }

  searched(value: string): void {
    this.query = value;
  }

  async picked(code: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const kept = await this.region.choose(code, this.session.loggedIn);
    runInAction(() => {
      this.busy = false;
      if (kept) this.chosen = code;
    });
    if (!kept) return;
    this.notifier.toast('地区已更新', { durationMs: 1500, position: 'center' });
    this.navigator.back();
  }
}

export const RegionRowModel = viewModelToken<RegionRowViewModel>('RegionRowViewModel');
export const SelectAreaModel = viewModelToken<SelectAreaViewModel>('SelectAreaViewModel');
