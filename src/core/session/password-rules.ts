import { isCommonPassword } from './common-passwords.ts';
import { SessionLimits } from './session-protocol.ts';
import { PasswordTexts } from './session-texts.ts';

/**
 * The rules a new password must meet (ASVS 5.0 level 1, V6.2): at least 8 characters, up to 128 allowed, any
 * character including spaces, and none of the most common passwords (compared case-insensitively). The client
 * core and the reference server both import this module, so they cannot disagree. They apply when a password is
 * set (registration), never at login: older accounts with shorter passwords still log in.
 */
export const PasswordRules = {
  minLength: 8,
  maxLength: SessionLimits.passwordMax,
} as const;

/** Characters as a person counts them (code points, not UTF-16 units). */
function lengthOf(password: string): number {
  return [...password].length;
}

/** The length problem of a new password, or null (cheap: the client checks it before loading the common list). */
export function passwordLengthProblem(password: string): string | null {
  const length = lengthOf(password);
  if (length < PasswordRules.minLength) return PasswordTexts.tooShort;
  if (length > PasswordRules.maxLength) return PasswordTexts.tooLong;
  return null;
}

/** The first problem with a new password, or null when it may be set. */
export function newPasswordProblem(password: string): string | null {
  return passwordLengthProblem(password) ?? (isCommonPassword(password) ? PasswordTexts.common : null);
}
