import type { ReactNode } from 'react';
import { CaptchaRules } from '../../core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../core/shared-kernel/captcha-texts.ts';
import './auth-form.css';
import { NavBar } from './nav-bar.tsx';

/** The frame shared by the login and registration pages: title, fields, the form error, submit and a switch link. */
export function AuthForm(props: {
  title: string;
  error: string;
  canSubmit: boolean;
  submitText: string;
  switchText: string;
  onSubmit: () => void;
  onSwitch: () => void;
  children: ReactNode;
  /** Beside the form (the login page's QR sign-in on a big screen). */
  aside?: ReactNode;
}) {
  return (
    <div className="page auth-page">
      <NavBar title={props.title} />
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        <p className="form-error" role="alert">{props.error}</p>
        <button type="submit" className="primary-button" disabled={!props.canSubmit}>
          {props.submitText}
        </button>
        <button type="button" className="link-button" onClick={props.onSwitch}>
          {props.switchText}
        </button>
      </form>
      {props.aside}
    </div>
  );
}

/** One labelled input row. */
export function Field(props: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  autoComplete: string;
  type?: 'text' | 'password';
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** The image captcha row: what the picture shows is typed on the left; tapping the picture brings a new one. */
export function CaptchaField(props: {
  value: string;
  /** The picture's data URL; null while loading or when it failed. */
  image: string | null;
  loading: boolean;
  failed: boolean;
  onChange: (value: string) => void;
  onRefresh: () => void;
}) {
  return (
    <div className="field captcha-field">
      <label className="captcha-field__input">
        <span className="field__label">验证码</span>
        <input
          name="captchaCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={8}
          placeholder={CaptchaTexts.Required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      <button type="button" className="captcha-field__image" aria-label={CaptchaTexts.imageLabel} onClick={props.onRefresh} disabled={props.loading}>
        {props.image !== null && !props.loading
          ? <img src={props.image} alt="图形验证码" width={CaptchaRules.width * 0.8} height={CaptchaRules.height * 0.8} />
          : <span>{props.failed ? CaptchaTexts.loadFailed : '加载中…'}</span>}
      </button>
    </div>
  );
}
