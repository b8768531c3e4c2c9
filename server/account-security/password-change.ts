import { type PasswordChanged } from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import type { AppServices } from '../app-services.ts';
import { revokeOtherSessions } from '../auth/session-repository.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { announceEndedSessions, checkOwnPassword } from './account-checks.ts';
import { setPasswordHash } from './account-security-repository.ts';

/**
 * Changes a signed-in user's password: the new one must meet the password rules and differ from the current one,
 * which must be right (5 wrong ones per 15 minutes, counted before the check, so parallel guesses cannot pass it).
 * Every other session of the account ends at once: revoked, dropped from the verified-session caches, and its open
 * pages told over the socket (userStateChange 1, 密码已修改，请重新登录). The calling session stays.
 */
export async function changePassword(
  services: Pick<AppServices, 'db' | 'passwords' | 'sessions' | 'limiter' | 'realtime'>,
  auth: AuthSession,
  input: { oldPassword: string; newPassword: string },
): Promise<PasswordChanged> {
  const { db, passwords } = services;
  const problem = newPasswordProblem(input.newPassword);
  if (problem !== null) throw badParam('newPassword', problem);
  await checkOwnPassword(services, auth, input.oldPassword, AccountSecurityTexts.WrongPassword);
  if (input.newPassword === input.oldPassword) throw new ApiError(Ret.SamePassword, AccountSecurityTexts.SamePassword);

  const passwordHash = await passwords.hash(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.user.id, passwordHash);
    return revokeOtherSessions(tx, auth.user.id, auth.token.token);
  });
  await announceEndedSessions(services, auth.user.id, ended, AccountSecurityTexts.SessionEndedByPasswordChange);
  return { endedSessions: ended.length };
}
