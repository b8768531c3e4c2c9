import Switch from 'antd-mobile/es/components/switch';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { SettingsService } from '../../core/account/settings-service.ts';
import { Notifier } from '../../core/ports/notifier.ts';
import { SessionService } from '../../core/session/session-service.ts';
import { useViewModel } from '../app/container-context.tsx';
import { SessionModel } from '../app/session-model.ts';
import { NavBar } from '../common/nav-bar.tsx';
import { SettingsViewModel } from './settings-view-model.ts';
import { LanguageChoice } from './language-choice.tsx';
import { OlderSiteRow } from './older-site-row.tsx';
import './account.css';

export const SettingsScreen = observer(function SettingsScreen() {
  const vm = useViewModel(
    (c) => new SettingsViewModel(c.get(SessionModel), c.get(SettingsService), c.get(SessionService), c.get<Notifier>(Notifier)),
  );
  useEffect(() => {
    void vm.load();
  }, [vm, vm.loggedIn]);
  return (
    <div className="page settings-page">
      <NavBar title="设置" />
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
