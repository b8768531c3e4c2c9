import { makeAutoObservable, runInAction } from 'mobx';
import type { PickedState, RegionService } from '../../core/region/region-service.ts';
import { hasSubdivisions } from '../../core/region/subdivision-countries.ts';
import type { Subdivision } from '../../core/region/subdivisions.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { COUNTRIES, countryGroups, type Country } from '../../core/shared-kernel/countries.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

type RegionReader = Pick<RegionService, 'state' | 'chosen' | 'chosenState'>;

const countryName = (code: string): string | undefined => COUNTRIES.find((country) => country.code === code)?.name;

/**
 * The region the app uses now: the one chosen by hand (with the region inside it picked on /countryStateList), else
 * the one the server gave (with the region inside it the account keeps).
 */
function currentRegion(region: RegionReader): { code: string; name: string; stateCode: string; stateName: string } {
  const chosen = region.chosen();
  const code = chosen ?? region.state().userAreaCode;
  const name = countryName(code) ?? region.state().userArea;
  const state = chosen !== null ? region.chosenState() : region.state().userAreaState;
  return { code, name, stateCode: state?.code ?? '', stateName: state?.name ?? '' };
}

/** 中国 广东省, or the country alone. */
const regionLine = (current: { name: string; stateName: string }): string => [current.name, current.stateName].filter((part) => part !== '').join(' ');

/** Where a signed-in pick is kept and what is said then: shared by /selectArea and /countryStateList. */
const REGION_SAVED = '地区已更新';

/** /settings' 地区 row: the region in use (and the region inside it), leading to /selectArea. */
export class RegionRowViewModel {
  name: string;

  constructor(private readonly region: RegionReader) {
    this.name = regionLine(currentRegion(region));
    makeAutoObservable<RegionRowViewModel, 'region'>(this, { region: false }, { autoBind: true });
  }
}

/**
 * /selectArea: every country and region, searchable; the pick is the user's region (on the account when signed in).
 * A country with regions of its own (中国, 美国, 日本 …) goes on to /countryStateList to pick one.
 */
export class SelectAreaViewModel {
  query = '';
  chosen: string;
  /** What is in use now: 中国 广东省. */
  readonly current: string;
  busy = false;

  constructor(
    private readonly region: RegionReader & Pick<RegionService, 'choose'>,
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    const current = currentRegion(region);
    this.chosen = current.code;
    this.current = regionLine(current);
    makeAutoObservable<SelectAreaViewModel, 'region' | 'session' | 'navigator' | 'notifier'>(
      this,
      { region: false, session: false, navigator: false, notifier: false },
      { autoBind: true },
    );
  }

  get groups(): { letter: string; countries: readonly Country[] }[] {
    return countryGroups(this.query, { regions: true });
  }

  /** Whether a country's row leads on to its regions (shown with ›). */
  leadsOn(code: string): boolean {
    return hasSubdivisions(code);
  }

  searched(value: string): void {
    this.query = value;
  }

  async picked(code: string): Promise<void> {
    if (this.busy) return;
    if (hasSubdivisions(code)) {
      this.navigator.push('/countryStateList', { country: code });
      return;
    }
    this.busy = true;
    const kept = await this.region.choose(code, this.session.loggedIn);
    runInAction(() => {
      this.busy = false;
      if (kept) this.chosen = code;
    });
    if (!kept) return;
    this.notifier.toast(REGION_SAVED, { durationMs: 1500, position: 'center' });
    this.navigator.back();
  }
}

/**
 * /countryStateList (query country): the regions inside a country (loaded with the screen: the table stays out of
 * the other bundles), the one in use marked; a pick keeps the country and the region, then goes back to /selectArea,
 * which shows it. A country without a list (or none given) has nothing to pick here: it says so.
 */
export class CountryStateListViewModel {
  status: 'loading' | 'ready' | 'failed' = 'loading';
  states: readonly Subdivision[] = [];
  chosen: string;
  busy = false;
  readonly countryName: string;

  constructor(
    private readonly region: RegionReader & Pick<RegionService, 'choose'>,
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
    private readonly loadSubdivisions: () => Promise<(country: string) => readonly Subdivision[]>,
    readonly country: string,
  ) {
    const current = currentRegion(region);
    this.chosen = current.code === country ? current.stateCode : '';
    this.countryName = countryName(country) ?? country;
    makeAutoObservable<CountryStateListViewModel, 'region' | 'session' | 'navigator' | 'notifier' | 'loadSubdivisions'>(
      this,
      { region: false, session: false, navigator: false, notifier: false, loadSubdivisions: false, states: false },
      { autoBind: true },
    );
  }

  /** Nothing to pick: no such country, or one without regions. */
  get empty(): boolean {
    return this.status === 'ready' && this.states.length === 0;
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const subdivisionsOf = await this.loadSubdivisions();
      runInAction(() => {
        this.states = subdivisionsOf(this.country);
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  async picked(state: Subdivision): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const picked: PickedState = { code: state.code, name: state.name };
    const kept = await this.region.choose(this.country, this.session.loggedIn, picked);
    runInAction(() => {
      this.busy = false;
      if (kept) this.chosen = state.code;
    });
    if (!kept) return;
    this.notifier.toast(REGION_SAVED, { durationMs: 1500, position: 'center' });
    this.navigator.back();
  }
}

export const RegionRowModel = viewModelToken<RegionRowViewModel>('RegionRowViewModel');
export const SelectAreaModel = viewModelToken<SelectAreaViewModel>('SelectAreaViewModel');
export const CountryStateListModel = viewModelToken<CountryStateListViewModel, { country: string }>('CountryStateListViewModel');
