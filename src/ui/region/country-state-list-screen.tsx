import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { CountryStateListModel } from './select-area-view-model.ts';
import '../common/rows.css';
import '../common/country-picker.css';

/** /countryStateList (query country, or code): the regions inside a country (中国: 北京市, 上海市, 广东省 …), the one in use marked. */
export const CountryStateListScreen = observer(function CountryStateListScreen() {
  const [search] = useSearchParams();
  // `country` as /selectArea links it; `code` read too (a link naming the country's code so).
  const vm = useViewModel(CountryStateListModel, { country: (search.get('country') ?? search.get('code') ?? '').trim().toUpperCase() });
  useEffect(() => void vm.opened(), [vm]);
  return (
    <div className="page country-list-page">
      <NavBar title="选择地区" />
      {vm.status === 'loading' ? (
        <LoadingState />
      ) : vm.status === 'failed' ? (
        <ErrorState onRefresh={() => void vm.load()} />
      ) : vm.empty ? (
        <p className="country-list__empty">该国家或地区暂无可选地区</p>
      ) : (
        <section aria-label={vm.countryName} data-testid="country-states">
          <h2 className="country-state-list__country">{vm.countryName}</h2>
          {vm.states.map((state) => (
            <button key={state.code} type="button" className={`account-row ${state.code === vm.chosen ? 'account-row--selected' : ''}`} disabled={vm.busy} onClick={() => void vm.picked(state)}>
              <span>{state.name}</span>
              {state.code === vm.chosen && <span aria-hidden="true">✓</span>}
            </button>
          ))}
        </section>
      )}
    </div>
  );
});
