import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CountryPicker } from '../common/country-picker.tsx';
import { SelectAreaModel } from './select-area-view-model.ts';

/** /selectArea: the user's region (what is in use at the top); a country with regions of its own goes on to /countryStateList. */
export const SelectAreaScreen = observer(function SelectAreaScreen() {
  const vm = useViewModel(SelectAreaModel);
  return (
    <div className="page country-list-page">
      <NavBar title="选择地区" />
      {vm.current !== '' && (
        <div className="country-current" data-testid="select-area-current">
          <span>当前地区</span>
          <strong>{vm.current}</strong>
        </div>
      )}
      <CountryPicker query={vm.query} onSearch={vm.searched} groups={vm.groups} chosen={vm.chosen} showDial={false} onPick={(code) => void vm.picked(code)} leadsOn={vm.leadsOn} />
    </div>
  );
});
