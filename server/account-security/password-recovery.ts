import { randomBytes } from 'node:crypto';
import {
  type CodeChannel,
  type CodeSent,
  type RecoveryChannel,
  type RecoveryStarted,
} from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { VerificationRules } from '../../src/core/account-security/verification-rules.ts';
import { maskText } from '../../src/core/display/mask.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../src/core/shared-kernel/captcha-texts.ts';
import type { AppServices } from '../app-services.ts';
import { revokeSessionsOf } from '../auth/session-repository.ts';
import { CaptchaStore } from '../captcha/captcha-repository.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { LOGIN_ATTEMPTS_PER_USER } from '../rate-limit/rate-limiter.ts';
import { issueAndSendCode, refuseUnlessRight } from './code-sending.ts';
import { announceEndedSessions } from './account-checks.ts';
import {
  findAccountById,
  findAccountNamed,
  findOpenRecovery,
  insertRecovery,
  markRecoveryVerified,
  setPasswordHash,
  takeVerifiedRecovery,
  type Account,
} from './account-security-repository.ts';

/** A recovery ticket is good this long after the captcha. */
const TICKET_LIFETIME_MS = 30 * 60_000;

type Services = Pick<AppServices, 'db' | 'clock' | 'passwords' | 'sessions' | 'limiter' | 'realtime' | 'verification'>;

/** The account a person names by its name, its bound email or its bound phone (digits, with or without +code). */
async function findAccount(db: Queryable, account: string): Promise<Account | undefined> {
  const digits = account.replace(/[\s-]/g, '').replace(/^\+/, '');
  return findAccountNamed(db, account, digits);
}

/** Where a code for this channel goes: the bound email, or the phone with its country calling code; null when unbound. */
function targetOf(account: Account, channel: CodeChannel): string | null {
  if (channel === 'email') return account.email === '' ? null : account.email.toLowerCase();
  if (account.phone === '') return null;
  return `+${account.areaCode.replace(/^\+/, '') || '86'}${account.phone}`;
}

function channelsOf(account: Account | undefined): RecoveryChannel[] {
  if (!account) return [];
  const channels: RecoveryChannel[] = [];
  if (account.email !== '') channels.push({ channel: 'email', masked: maskText(account.email, { email: true }) });
  if (account.phone !== '') channels.push({ channel: 'sms', masked: `+${account.areaCode.replace(/^\+/, '') || '86'} ${maskText(account.phone)}` });
  return channels;
}

/** The open recovery a ticket names (not expired, not used), or a 6210 refusal. */
async function openRecovery(db: Queryable, ticket: string, now: number): Promise<{ uid: number | null; verified: boolean }> {
  const row = await findOpenRecovery(db, ticket, new Date(now));
  if (!row) throw new ApiError(Ret.RecoveryExpired, AccountSecurityTexts.RecoveryExpired);
  return { uid: row.uid, verified: row.verified_at !== null };
}

/**
 * Password recovery (/retrievePassword → /retrievePasswordImg → /retrievePasswordCode → /resetPassword): the
 * account and a captcha open a ticket; a code goes to a bound email or phone; the right code lets the ticket set a
 * new password once, which ends every session of the account. An account that does not exist gets a ticket like
 * one with nothing bound, so no answer says whether an account exists.
 */
export class PasswordRecovery {
  private readonly captchas: CaptchaStore;

  constructor(private readonly services: Services) {
    this.captchas = new CaptchaStore(services.db, CaptchaRules.lifetimeMs);
  }

  async start(input: { account: string; captchaId: string; captchaCode: string }): Promise<RecoveryStarted> {
    const { db, clock } = this.services;
    const now = clock.now();
    if (!(await this.captchas.consume(input.captchaId, input.captchaCode, now))) throw new ApiError(Ret.CaptchaWrong, CaptchaTexts.Wrong);
    const account = await findAccount(db, input.account);
    const ticket = randomBytes(24).toString('base64url');
    await insertRecovery(db, { id: ticket, uid: account?.id ?? null, at: new Date(now), expiresAt: new Date(now + TICKET_LIFETIME_MS) });
    return { ticket, channels: channelsOf(account) };
  }

  async sendCode(input: { ticket: string; channel: CodeChannel }, address: string): Promise<CodeSent> {
    const { clock, verification } = this.services;
    const now = clock.now();
    const { account, target } = await this.targetOf(input, now);
    await issueAndSendCode(verification, { purpose: 'reset_password', channel: input.channel, to: target, subject: '奇遇视频找回密码验证码', doing: '找回奇遇视频账号的密码' }, address, now);
    const masked = channelsOf(account).find((each) => each.channel === input.channel)?.masked ?? '';
    return { masked, resendAfterMs: VerificationRules.resendAfterMs };
  }

  async checkCode(input: { ticket: string; channel: CodeChannel; code: string }): Promise<null> {
    const { db, clock, verification } = this.services;
    const now = clock.now();
    const { target } = await this.targetOf(input, now);
    const outcome = await verification.codes.check('reset_password', target, input.code, now);
    refuseUnlessRight(outcome);
    await markRecoveryVerified(db, input.ticket, new Date(now));
    return null;
  }

  /** The open ticket's account and where its code goes for this channel; nothing bound there answers 1002. */
  private async targetOf(input: { ticket: string; channel: CodeChannel }, now: number): Promise<{ account: Account; target: string }> {
    const recovery = await openRecovery(this.services.db, input.ticket, now);
    const account = recovery.uid === null ? undefined : await findAccountById(this.services.db, recovery.uid);
    const target = account ? targetOf(account, input.channel) : null;
    if (!account || target === null) throw badParam('channel');
    return { account, target };
  }

  async reset(input: { ticket: string; newPassword: string }): Promise<null> {
    const { db, clock, passwords, limiter } = this.services;
    const problem = newPasswordProblem(input.newPassword);
    if (problem !== null) throw badParam('newPassword', problem);
    const now = clock.now();
    const passwordHash = await passwords.hash(input.newPassword);
    const outcome = await db.transaction(async (tx) => {
      // Used once: the statement that takes the ticket is the one that checks it.
      const uid = await takeVerifiedRecovery(tx, input.ticket, new Date(now));
      if (uid === undefined) return null;
      await setPasswordHash(tx, uid, passwordHash);
      return { uid, ended: await revokeSessionsOf(tx, uid) };
    });
    if (!outcome) throw new ApiError(Ret.RecoveryExpired, AccountSecurityTexts.RecoveryExpired);
    await announceEndedSessions(this.services, outcome.uid, outcome.ended, AccountSecurityTexts.SessionEndedByPasswordReset);
    // The owner proved the account is theirs: login asks no captcha for the failures before.
    const account = await findAccountById(db, outcome.uid);
    if (account) await limiter.reset(LOGIN_ATTEMPTS_PER_USER, account.userName);
    return null;
  }
}
