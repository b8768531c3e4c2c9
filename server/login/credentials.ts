import { SessionLimits, SessionRefusals } from '../../src/core/session/session-protocol.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { badParam } from '../http/api-error.ts';

/** Names looked up at login: also the seeded accounts with a dash (kefu-service), which registration cannot make. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_-]{4,20}$/;

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
  if (length > SessionLimits.nickNameMax || /\p{Cc}/u.test(trimmed)) throw badParam('nickName', SessionRefusals.nickName);
  return trimmed;
}
