import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { RegionRowModel } from './select-area-view-model.ts';
import '../common/rows.css';

/** /settings' 地区 row. */
export const RegionRow = observer(function RegionRow() {
  const vm = useViewModel(RegionRowModel);
  return (
    <div className="account-list">
      <Link to="/selectArea" className="account-row" data-testid="settings-region">
        <span>地区</span>
        <span className="account-row__value">{vm.name}</span>
      </Link>
    </div>
  );
});
