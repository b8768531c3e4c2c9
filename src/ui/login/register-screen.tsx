import { observer } from 'mobx-react-lite';
import { Navigator } from '../../core/ports/navigator.ts';
import { Notifier } from '../../core/ports/notifier.ts';
import { SessionService } from '../../core/session/session-service.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { RegisterViewModel } from './register-view-model.ts';

export const RegisterScreen = observer(function RegisterScreen() {
  const vm = useViewModel((c) => new RegisterViewModel(c.get(SessionService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  return (
    <div className="page auth-page">
      <NavBar title="注册" />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.submitTapped();
        }}
      >
        <label className="field">
          <span className="field__label">账号</span>
          <input name="userName" autoComplete="username" placeholder="4-20位字母、数字或下划线" value={vm.userName} onChange={(e) => vm.fieldChanged('userName', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">昵称</span>
          <input name="nickName" autoComplete="nickname" placeholder="选填，最多16个字" value={vm.nickName} onChange={(e) => vm.fieldChanged('nickName', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">密码</span>
          <input name="password" type="password" autoComplete="new-password" placeholder="6-20位，不含空格" value={vm.password} onChange={(e) => vm.fieldChanged('password', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">确认密码</span>
          <input name="confirmPassword" type="password" autoComplete="new-password" placeholder="请再次输入密码" value={vm.confirmPassword} onChange={(e) => vm.fieldChanged('confirmPassword', e.target.value)} />
        </label>
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSubmit}>
          {vm.submitting ? '注册中…' : '注册'}
        </button>
        <button type="button" className="link-button" onClick={vm.loginTapped}>
          已有账号？去登录
        </button>
      </form>
    </div>
  );
});
