import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { Field } from '../common/auth-form.tsx';
import { CodeField } from './code-field.tsx';
import { DeleteAccountModel } from './delete-account-view-model.ts';

/** 注销账号 at the foot of /accountSecurity. */
export const DeleteAccountSection = observer(function DeleteAccountSection() {
  const vm = useViewModel(DeleteAccountModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <section className="account-list delete-account" aria-label="注销账号">
      <button type="button" className="account-row delete-account__toggle" aria-expanded={vm.open} onClick={vm.toggle}>
        <span>注销账号</span>
        <span className="account-row__value" aria-hidden="true">{vm.open ? '收起' : '›'}</span>
      </button>
      {vm.open && (
        <form
          className="auth-form"
          onSubmit={(event) => {
            event.preventDefault();
            void vm.deleteTapped();
          }}
        >
          <p className="account-form__hint">注销后账号无法恢复：无法再登录，绑定的邮箱和手机将解除，资料将清空。</p>
          <Field label="密码" name="deletePassword" type="password" autoComplete="current-password" placeholder="请输入登录密码" value={vm.password} onChange={vm.passwordChanged} />
          {vm.channel !== null && (
            <>
              <p className="account-form__hint">{vm.codeHint}</p>
              <CodeField value={vm.code} onChange={vm.codeChanged} sendText={vm.countdown.text} canSend={!vm.busy && !vm.countdown.waiting} onSend={() => void vm.sendTapped()} />
            </>
          )}
          <p className="form-error" role="alert">{vm.error}</p>
          <button type="submit" className="primary-button delete-account__submit" disabled={!vm.canSubmit}>
            注销账号
          </button>
        </form>
      )}
    </section>
  );
});
