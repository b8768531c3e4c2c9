import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { TimeLabel } from '../common/display.tsx';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { AccountSecurityModel, SetPasswordModel } from './account-security-view-models.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import '../common/rows.css';
import './account-security.css';

function LoginFirst({ title, onLogin }: { title: string; onLogin: () => void }) {
  return (
    <div className="page">
      <NavBar title={title} />
      <div className="account-form">
        <p>登录后才能管理账号</p>
        <button type="button" className="primary-button" onClick={onLogin}>去登录</button>
      </div>
    </div>
  );
}

export const AccountSecurityScreen = observer(function AccountSecurityScreen() {
  const vm = useViewModel(AccountSecurityModel);
  useEffect(() => {
    void vm.loadDevices();
  }, [vm, vm.loggedIn]);
  if (!vm.loggedIn) return <LoginFirst title="账号与安全" onLogin={vm.loginTapped} />;
  return (
    <div className="page account-security-page">
      <NavBar title="账号与安全" />
      <div className="account-list">
        <div className="account-row" data-testid="security-user-name">
          <span>账号</span>
          <span className="account-row__value">{vm.userName}</span>
        </div>
        <button type="button" className="account-row" data-testid="security-email" onClick={vm.bindingTapped}>
          <span>邮箱</span>
          <span className="account-row__value">{vm.email}</span>
        </button>
        <button type="button" className="account-row" data-testid="security-phone" onClick={vm.bindingTapped}>
          <span>手机</span>
          <span className="account-row__value">{vm.phone}</span>
        </button>
        <button type="button" className="account-row" data-testid="security-password" onClick={vm.changePasswordTapped}>
          <span>修改密码</span>
          <span className="account-row__value" aria-hidden="true">›</span>
        </button>
      </div>
      <section className="account-list devices" aria-label="登录设备" data-loaded={vm.devicesLoaded ? 'true' : 'false'}>
        <h2 className="account-row account-row--header">登录设备</h2>
        {vm.devices.map((device) => (
          <div key={device.id} className="account-row device-row" data-testid="device-row">
            <span className="device-row__text">
              <span className="device-row__title">{device.device}</span>
              <span className="device-row__detail">
                {device.place && `${device.place} · `}
                {device.current ? '本机' : <>最近使用 <TimeLabel time={device.lastUsedAt} /></>}
              </span>
            </span>
            {!device.current && (
              <button type="button" className="device-row__end" onClick={() => void vm.endTapped(device.id)}>
                退出
              </button>
            )}
          </div>
        ))}
        {vm.hasOthers && (
          <button type="button" className="account-row device-row__end-all" onClick={() => void vm.endTapped(null)}>
            退出其他所有设备
          </button>
        )}
        <button type="button" className="account-row" data-testid="security-scan-code" onClick={vm.scanTapped}>
          <span>扫码登录电视或电脑</span>
          <span className="account-row__value" aria-hidden="true">›</span>
        </button>
      </section>
      <DeleteAccountSection />
    </div>
  );
});

const FIELDS = [
  { name: 'oldPassword', label: '原密码', placeholder: '请输入原密码', autoComplete: 'current-password' },
  { name: 'newPassword', label: '新密码', placeholder: '8-128位，不能是常见密码', autoComplete: 'new-password' },
  { name: 'confirm', label: '确认新密码', placeholder: '请再次输入新密码', autoComplete: 'new-password' },
] as const;

export const SetPasswordScreen = observer(function SetPasswordScreen() {
  const vm = useViewModel(SetPasswordModel);
  if (!vm.loggedIn) return <LoginFirst title="修改密码" onLogin={vm.loginTapped} />;
  return (
    <div className="page">
      <NavBar title="修改密码" />
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.submitTapped();
        }}
      >
        {FIELDS.map((field) => (
          <input
            key={field.name}
            className="account-input"
            type="password"
            name={field.name}
            aria-label={field.label}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            maxLength={128}
            value={vm.form[field.name]}
            onChange={(event) => vm.changed(field.name, event.target.value)}
          />
        ))}
        <p className="account-form__hint">修改后，其他设备上的登录将全部退出。</p>
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSubmit}>
          {vm.saving ? '正在保存…' : '确认修改'}
        </button>
      </form>
    </div>
  );
});
