import Switch from 'antd-mobile/es/components/switch';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { SettingsModel } from './settings-view-model.ts';
import { LanguageChoice } from './language-choice.tsx';
import { OlderSiteRow } from './older-site-row.tsx';
import '../common/rows.css';
import './account.css';

/** /settings; `regionRow` is the 地区 row, which the route puts in (the region feature's, composed by the app). */
export const SettingsScreen = observer(function SettingsScreen({ regionRow }: { regionRow?: ReactNode }) {
  const vm = useViewModel(SettingsModel);
  useEffect(() => {
    void vm.opened();
  }, [vm, vm.loggedIn]);
  return (
    <div className="page settings-page">
      <NavBar title="设置" />
      {vm.loggedIn && (
        <div className="account-list">
          <Link to="/accountSecurity" className="account-row" data-testid="settings-account-security">
            <span>账号与安全</span>
            <span className="account-row__value" aria-hidden="true">›</span>
          </Link>
        </div>
      )}
      <div className="account-list" data-loaded={vm.loaded ? 'true' : 'false'}>
        {vm.items.map((item) => (
          <label key={item.name} className="account-row" data-testid={`setting-${item.name}`}>
            <span>{item.label}</span>
            <Switch
              checked={item.on}
              loading={item.saving}
              aria-label={item.label}
              onChange={(on) => void vm.toggled(item.name, on)}
            />
          </label>
        ))}
      </div>
      {regionRow}
      <LanguageChoice />
      <OlderSiteRow />
      {vm.loggedIn && (
        <button type="button" className="secondary-button" onClick={() => void vm.logoutTapped()}>
          退出登录
        </button>
      )}
    </div>
  );
});
