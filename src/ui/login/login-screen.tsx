import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { AuthForm, CaptchaField, Field } from '../common/auth-form.tsx';
import { LoginModel } from './login-view-model.ts';

/** The login form; `aside` is drawn beside it (the app's route puts the QR-code login there). */
export const LoginScreen = observer(function LoginScreen({ aside }: { aside?: ReactNode }) {
  const vm = useViewModel(LoginModel);
  return (
    <AuthForm
      title="登录"
      error={vm.error}
      canSubmit={vm.canSubmit}
      submitText={vm.submitting ? '登录中…' : '登录'}
      switchText="还没有账号？立即注册"
      onSubmit={() => void vm.submitTapped()}
      onSwitch={vm.registerTapped}
      aside={aside}
    >
      <Field label="账号" name="userName" autoComplete="username" placeholder="请输入账号" value={vm.userName} onChange={vm.userNameChanged} />
      <Field label="密码" name="password" type="password" autoComplete="current-password" placeholder="请输入密码" value={vm.password} onChange={vm.passwordChanged} />
      <button type="button" className="link-button auth-form__forgot" onClick={vm.forgotTapped}>
        忘记密码？
      </button>
      {vm.captchaShown && (
        <CaptchaField
          value={vm.captchaCode}
          image={vm.captcha?.image ?? null}
          loading={vm.captchaLoading}
          failed={vm.captchaFailed}
          onChange={vm.captchaCodeChanged}
          onRefresh={() => void vm.refreshCaptcha()}
        />
      )}
    </AuthForm>
  );
});
