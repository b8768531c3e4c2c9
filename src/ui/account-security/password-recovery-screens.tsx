import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CaptchaField, Field } from '../common/auth-form.tsx';
import { CusServiceContact } from '../messaging/cus-service-notice.tsx';
import { RetrievePasswordCodeModel, RetrievePasswordImgModel, RetrievePasswordModel, ResetPasswordModel } from './password-recovery-view-models.ts';
import { CodeField } from './code-field.tsx';
import '../common/rows.css';

function Step({ title, error, canSubmit, submitText, onSubmit, children }: { title: string; error: string; canSubmit: boolean; submitText: string; onSubmit: () => void; children: React.ReactNode }) {
  return (
    <div className="page auth-page">
      <NavBar title={title} />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <p className="form-error" role="alert">{error}</p>
        <button type="submit" className="primary-button" disabled={!canSubmit}>
          {submitText}
        </button>
      </form>
    </div>
  );
}

/** /retrievePassword: which account. */
export const RetrievePasswordScreen = observer(function RetrievePasswordScreen() {
  const vm = useViewModel(RetrievePasswordModel);
  return (
    <Step title="找回密码" error={vm.error} canSubmit={vm.account.trim() !== ''} submitText="下一步" onSubmit={vm.nextTapped}>
      <Field label="账号" name="account" autoComplete="username" placeholder="账号 / 邮箱 / 手机号" value={vm.account} onChange={vm.changed} />
    </Step>
  );
});

/** /retrievePasswordImg: the image captcha. */
export const RetrievePasswordImgScreen = observer(function RetrievePasswordImgScreen() {
  const vm = useViewModel(RetrievePasswordImgModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  if (vm.nothingBound) {
    return (
      <div className="page auth-page">
        <NavBar title="找回密码" />
        <div className="auth-form" data-testid="recovery-nothing-bound">
          <p>该账号未绑定邮箱或手机，无法通过验证码找回密码，请联系客服处理。</p>
          <CusServiceContact />
        </div>
      </div>
    );
  }
  return (
    <Step title="安全验证" error={vm.error} canSubmit={vm.canSubmit} submitText={vm.submitting ? '验证中…' : '下一步'} onSubmit={() => void vm.nextTapped()}>
      <p className="account-form__hint">正在找回：{vm.account}</p>
      <CaptchaField
        value={vm.captchaCode}
        image={vm.captcha?.image ?? null}
        loading={vm.captchaLoading}
        failed={vm.captchaFailed}
        onChange={vm.captchaCodeChanged}
        onRefresh={() => void vm.refreshCaptcha()}
      />
    </Step>
  );
});

/** /retrievePasswordCode: a code to the bound email or phone. */
export const RetrievePasswordCodeScreen = observer(function RetrievePasswordCodeScreen() {
  const vm = useViewModel(RetrievePasswordCodeModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <Step title="获取验证码" error={vm.error} canSubmit={vm.canSubmit} submitText="下一步" onSubmit={() => void vm.nextTapped()}>
      <div className="account-list" role="radiogroup" aria-label="接收验证码的方式">
        {vm.channels.map((each) => (
          <button
            key={each.channel}
            type="button"
            role="radio"
            aria-checked={each.chosen}
            className={`account-row ${each.chosen ? 'account-row--selected' : ''}`}
            onClick={() => vm.chosen(each.channel)}
          >
            <span>{each.label}</span>
            {each.chosen && <span aria-hidden="true">✓</span>}
          </button>
        ))}
      </div>
      <CodeField value={vm.code} onChange={vm.codeChanged} sendText={vm.sendText} canSend={vm.canSend} onSend={() => void vm.sendTapped()} />
    </Step>
  );
});

/** /resetPassword: the new password. */
export const ResetPasswordScreen = observer(function ResetPasswordScreen() {
  const vm = useViewModel(ResetPasswordModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <Step title="重置密码" error={vm.error} canSubmit={vm.canSubmit} submitText={vm.busy ? '正在保存…' : '确认'} onSubmit={() => void vm.submitTapped()}>
      <Field label="新密码" name="newPassword" type="password" autoComplete="new-password" placeholder="至少8位，可含空格" value={vm.password} onChange={(value) => vm.changed('password', value)} />
      <Field label="确认密码" name="confirm" type="password" autoComplete="new-password" placeholder="请再次输入新密码" value={vm.confirm} onChange={(value) => vm.changed('confirm', value)} />
    </Step>
  );
});
