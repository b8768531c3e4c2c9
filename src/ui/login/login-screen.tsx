import { observer } from 'mobx-react-lite';
import { Navigator } from '../../core/ports/navigator.ts';
import { Notifier } from '../../core/ports/notifier.ts';
import { SessionService } from '../../core/session/session-service.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { LoginViewModel } from './login-view-model.ts';

export const LoginScreen = observer(function LoginScreen() {
  const vm = useViewModel((c) => new LoginViewModel(c.get(SessionService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  return (
    <div className="page auth-page">
      <NavBar title="登录" />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.submitTapped();
        }}
      >
        <label className="field">
          <span className="field__label">账号</span>
          <input name="userName" autoComplete="username" placeholder="请输入账号" value={vm.userName} onChange={(e) => vm.userNameChanged(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">密码</span>
          <input name="password" type="password" autoComplete="current-password" placeholder="请输入密码" value={vm.password} onChange={(e) => vm.passwordChanged(e.target.value)} />
        </label>
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSubmit}>
          {vm.submitting ? '登录中…' : '登录'}
        </button>
        <button type="button" className="link-button" onClick={vm.registerTapped}>
          还没有账号？立即注册
        </button>
      </form>
    </div>
  );
});
