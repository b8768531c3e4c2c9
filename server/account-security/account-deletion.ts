import { type CodeChannel } from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import type { AppServices } from '../app-services.ts';
import { revokeSessionsOf } from '../auth/session-repository.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { issueAndSendCode, refuseUnlessRight } from './code-sending.ts';
import { announceEndedSessions, checkOwnPassword } from './account-checks.ts';
import { markAccountDeleted, releaseNameDeletedBy } from './account-security-repository.ts';

/** What a deleted account shows where its posts and comments still stand. */
const DELETED_NICKNAME = '已注销用户';
/** The stored hash of a deleted account: no password matches it. */
const NO_PASSWORD = '!';

type Services = Pick<AppServices, 'db' | 'clock' | 'passwords' | 'sessions' | 'limiter' | 'realtime' | 'verification'>;

/** Where a code for this channel goes, from the signed-in user's bindings; null when nothing is bound there. */
function targetOf(auth: AuthSession, channel: CodeChannel): string | null {
  const user = auth.user;
  if (channel === 'email') return user.email === '' ? null : user.email.toLowerCase();
  return user.phone === '' ? null : `+${user.areaCode.replace(/^\+/, '') || '86'}${user.phone}`;
}

/**
 * Deleting an account: the password and, when an email or phone is bound, a code sent to it. The account can no
 * longer sign in (every session ends at once, its pages told), its bindings and profile are cleared, its posts and
 * comments stay under 已注销用户, and its name is reserved for 30 days (registration frees it after that).
 */
export class AccountDeletion {
  constructor(private readonly services: Services) {}

  async sendCode(auth: AuthSession, channel: CodeChannel, address: string): Promise<null> {
    const target = targetOf(auth, channel);
    if (target === null) throw badParam('channel');
    const { clock, verification } = this.services;
    await issueAndSendCode(verification, { purpose: 'delete_account', channel, to: target, subject: '奇遇视频注销账号验证码', doing: '注销奇遇视频账号' }, address, clock.now());
    return null;
  }

  async delete(auth: AuthSession, input: { password: string; channel?: string | undefined; code?: string | undefined }): Promise<null> {
    const { db, clock, verification } = this.services;
    await checkOwnPassword(this.services, auth, input.password, AccountSecurityTexts.PasswordWrong);
    const bound = auth.user.email !== '' || auth.user.phone !== '';
    if (bound) {
      const channel: CodeChannel = input.channel === 'sms' ? 'sms' : 'email';
      const target = targetOf(auth, channel);
      if (target === null || input.code === undefined) throw new ApiError(Ret.CodeExpired, AccountSecurityTexts.CodeNeeded);
      refuseUnlessRight(await verification.codes.check('delete_account', target, input.code, clock.now()));
    }
    const ended = await db.transaction(async (tx) => {
      await markAccountDeleted(tx, auth.user.id, { passwordHash: NO_PASSWORD, nickName: DELETED_NICKNAME, at: new Date(clock.now()) });
      return revokeSessionsOf(tx, auth.user.id);
    });
    const others = ended.filter((token) => token !== auth.token.token);
    await announceEndedSessions(this.services, auth.user.id, others, AccountSecurityTexts.SessionEndedByDeletion);
    return null;
  }
}

/** A name a deleted account held for 30 days or more: the old row lets it go (the caller is about to register it). */
export async function releaseDeletedName(db: AppServices['db'], userName: string, now: number): Promise<void> {
  await releaseNameDeletedBy(db, userName, new Date(now - 30 * 86_400_000));
}
