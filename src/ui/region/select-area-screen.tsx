import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CountryPicker } from './country-picker.tsx';
import { SelectAreaModel } from './select-area-view-model.ts';

/** /selectArea: the user's region. */
export const SelectAreaScreen = observer(function SelectAreaScreen() {
  const vm = useViewModel(SelectAreaModel);
  return (
    <div className="page country-list-page">
      <NavBar title="选择地区" />
      <CountryPicker query={vm.query} onSearch={vm.searched} groups={vm.groups} chosen={vm.chosen} showDial={false} onPick={(code) => void vm.picked(code)} />
    </div>
  );
});
