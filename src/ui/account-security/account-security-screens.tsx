import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { AccountSecurityModel, SetPasswordModel } from './account-security-view-models.ts';
import '../account/account.css';

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
