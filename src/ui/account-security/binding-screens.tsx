import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { Field } from '../common/auth-form.tsx';
import { CodeField } from './code-field.tsx';
import { CountryPicker } from '../common/country-picker.tsx';
import {
  CountryListModel,
  EmailMobileSettingModel,
  SetEmailMobileModel,
  SetEmailMobileSuccessModel,
  VerifyPasswordModel,
} from './binding-view-models.ts';
import '../common/rows.css';
import './account-security.css';

/** /emailMobileSetting: the email and the phone, each to bind or change. */
export const EmailMobileSettingScreen = observer(function EmailMobileSettingScreen() {
  const vm = useViewModel(EmailMobileSettingModel);
  if (!vm.loggedIn) {
    return (
      <div className="page">
        <NavBar title="邮箱/手机" />
        <div className="account-form">
          <p>登录后才能管理账号</p>
          <button type="button" className="primary-button" onClick={vm.loginTapped}>去登录</button>
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      <NavBar title="邮箱/手机" />
      <div className="account-list">
        {vm.rows.map((row) => (
          <button key={row.channel} type="button" className="account-row" data-testid={`binding-${row.channel}`} onClick={() => vm.rowTapped(row.channel)}>
            <span>{row.label}</span>
            <span className="account-row__value">{row.value}</span>
            <span className="binding-action">{row.action}</span>
          </button>
        ))}
      </div>
      <p className="account-form__hint binding-hint">绑定邮箱或手机后，忘记密码时可以通过验证码找回。</p>
    </div>
  );
});

/** /verifyPassword: the password first. */
export const VerifyPasswordScreen = observer(function VerifyPasswordScreen() {
  const vm = useViewModel(VerifyPasswordModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page auth-page">
      <NavBar title="验证密码" />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.nextTapped();
        }}
      >
        <p className="account-form__hint">为了账号安全，请先输入登录密码</p>
        <Field label="密码" name="password" type="password" autoComplete="current-password" placeholder="请输入登录密码" value={vm.password} onChange={vm.changed} />
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={vm.busy || vm.password === ''}>下一步</button>
      </form>
    </div>
  );
});

/** /setEmailMobile: the new email or phone and its code. */
export const SetEmailMobileScreen = observer(function SetEmailMobileScreen() {
  const vm = useViewModel(SetEmailMobileModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page auth-page">
      <NavBar title={vm.title} />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.submitTapped();
        }}
      >
        {vm.channel === 'sms' && (
          <button type="button" className="account-row binding-country" data-testid="binding-country" onClick={vm.countryTapped}>
            <span>国家和地区</span>
            <span className="account-row__value">{vm.country}</span>
          </button>
        )}
        {vm.channel === 'email'
          ? <Field label="邮箱" name="email" autoComplete="email" placeholder="请输入新邮箱" value={vm.target} onChange={vm.targetChanged} />
          : <Field label="手机号" name="phone" autoComplete="tel-national" placeholder="请输入手机号" value={vm.target} onChange={vm.targetChanged} />}
        <CodeField value={vm.code} onChange={vm.codeChanged} sendText={vm.sendText} canSend={vm.canSend} onSend={() => void vm.sendTapped()} />
        <p className="form-error" role="alert">{vm.error}</p>
        <button type="submit" className="primary-button" disabled={!vm.canSubmit}>确认绑定</button>
      </form>
    </div>
  );
});

/** /countryList: a phone's country or region, with its calling code. */
export const CountryListScreen = observer(function CountryListScreen() {
  const vm = useViewModel(CountryListModel);
  return (
    <div className="page country-list-page">
      <NavBar title="选择国家和地区" />
      <CountryPicker query={vm.query} onSearch={vm.searched} groups={vm.groups} chosen={vm.chosen} showDial onPick={vm.picked} />
    </div>
  );
});

/** /setEmailMobileSuccess: done. */
export const SetEmailMobileSuccessScreen = observer(function SetEmailMobileSuccessScreen() {
  const vm = useViewModel(SetEmailMobileSuccessModel);
  return (
    <div className="page">
      <NavBar title="绑定成功" backTo="/accountSecurity" />
      <div className="account-form binding-success">
        <p className="binding-success__mark" aria-hidden="true">✓</p>
        <p data-testid="binding-success">{vm.message}</p>
        <button type="button" className="primary-button" onClick={vm.doneTapped}>完成</button>
      </div>
    </div>
  );
});
