import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { badParam } from '../http/api-error.ts';

const USER_NAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
/** Names looked up at login: also the seeded accounts with a dash (kefu-service), which registration cannot make. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_-]{4,20}$/;
const NICK_NAME_MAX = 16;

export const CredentialMessage = {
  userName: '账号为4-20位字母、数字或下划线',
  nickName: '昵称为1-16个字符且不含控制字符',
} as const;

export function checkUserName(userName: string): string {
  if (!USER_NAME_PATTERN.test(userName)) throw badParam('userName', CredentialMessage.userName);
  return userName;
}

/** A new password (registration, later a change or reset): the rules shared with the app (password-rules.ts). Not for login. */
export function checkPassword(password: string): string {
  const problem = newPasswordProblem(password);
  if (problem !== null) throw badParam('password', problem);
  return password;
}

/** Trimmed nick name; blank or absent gives the fallback (the account name). */
export function checkNickName(nickName: string | undefined, fallback: string): string {
  const trimmed = nickName?.trim() ?? '';
  if (trimmed === '') return fallback;
  const length = [...trimmed].length;
  if (length > NICK_NAME_MAX || /\p{Cc}/u.test(trimmed)) throw badParam('nickName', CredentialMessage.nickName);
  return trimmed;
}
