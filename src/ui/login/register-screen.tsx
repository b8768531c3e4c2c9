import { observer } from 'mobx-react-lite';
import { CredentialTexts } from '../../core/session/session-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { AuthForm, Field } from '../common/auth-form.tsx';
import { RegisterModel } from './register-view-model.ts';

export const RegisterScreen = observer(function RegisterScreen() {
  const vm = useViewModel(RegisterModel);
  return (
    <AuthForm
      title="注册"
      error={vm.error}
      canSubmit={vm.canSubmit}
      submitText={vm.submitting ? '注册中…' : '注册'}
      switchText="已有账号？去登录"
      onSubmit={() => void vm.submitTapped()}
      onSwitch={vm.loginTapped}
    >
      <Field label="账号" name="userName" autoComplete="username" placeholder="4-20位字母、数字或下划线" value={vm.userName} onChange={(v) => vm.fieldChanged('userName', v)} />
      <Field label="昵称" name="nickName" autoComplete="nickname" placeholder="选填，最多16个字" value={vm.nickName} onChange={(v) => vm.fieldChanged('nickName', v)} />
      <Field label="密码" name="password" type="password" autoComplete="new-password" placeholder={CredentialTexts.passwordHint} value={vm.password} onChange={(v) => vm.fieldChanged('password', v)} />
      <Field label="确认密码" name="confirmPassword" type="password" autoComplete="new-password" placeholder="请再次输入密码" value={vm.confirmPassword} onChange={(v) => vm.fieldChanged('confirmPassword', v)} />
      <Field label="邀请码" name="inviteCode" autoComplete="off" placeholder="选填，好友的邀请码" value={vm.inviteCode} onChange={(v) => vm.fieldChanged('inviteCode', v)} />
    </AuthForm>
  );
});
