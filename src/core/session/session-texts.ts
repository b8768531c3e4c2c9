import { SessionRefusals } from './session-protocol.ts';

/** The login and registration forms' texts (the rules: credentials.ts, password-rules.ts). */
export const CredentialTexts = {
  userNameMissing: '请输入账号',
  userNameBad: SessionRefusals.userName,
  passwordMissing: '请输入密码',
  /** The register screen's hint for a new password (the rules: password-rules.ts). */
  passwordHint: '至少8位，可含空格',
  confirmMismatch: '两次输入的密码不一致',
  nickNameBad: SessionRefusals.nickName,
} as const;

export const PasswordTexts = {
  tooShort: '密码至少8位',
  tooLong: SessionRefusals.passwordTooLong,
  common: '该密码过于常见，容易被猜到，请换一个',
} as const;
