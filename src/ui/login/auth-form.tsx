import type { ReactNode } from 'react';
import { NavBar } from '../common/nav-bar.tsx';

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
