import { randomBytes } from 'node:crypto';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  type Bindings,
  type CodeChannel,
  type CodeSent,
  type PasswordProof,
} from '../../src/core/account-security/account-security-protocol.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { VerificationRules } from '../../src/core/account-security/verification-rules.ts';
import { maskText } from '../../src/core/display/mask.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { issueAndSendCode, refuseUnlessRight } from './code-sending.ts';
import { checkOwnPassword } from './account-checks.ts';
import { bindEmail, bindPhone, emailBoundElsewhere, insertPasswordProof, isPasswordProofOpen, phoneBoundElsewhere } from './account-security-repository.ts';

const PROOF_LIFETIME_MS = 10 * 60_000;
const DEFAULT_AREA_CODE = '86';

type Services = Pick<AppServices, 'db' | 'clock' | 'passwords' | 'sessions' | 'limiter' | 'realtime' | 'verification'>;

interface BindInput {
  proof: string;
  channel: CodeChannel;
  target: string;
  areaCode?: string | undefined;
}

/** The email or phone as bound and as codes are keyed: an email in lower case; a phone's digits and calling code. */
interface Target {
  channel: CodeChannel;
  email: string;
  phone: string;
  areaCode: string;
  /** Where the code goes (the email, or +<code><digits>). */
  key: string;
}

function targetOf(input: BindInput): Target {
  if (input.channel === 'email') {
    const email = input.target.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) throw badParam('target', AccountSecurityTexts.EmailInvalid);
    return { channel: 'email', email, phone: '', areaCode: '', key: email };
  }
  const phone = input.target.replace(/[\s-]/g, '');
  if (!PHONE_PATTERN.test(phone)) throw badParam('target', AccountSecurityTexts.PhoneInvalid);
  const areaCode = input.areaCode ?? DEFAULT_AREA_CODE;
  return { channel: 'sms', email: '', phone, areaCode, key: `+${areaCode}${phone}` };
}

/**
 * Binding or changing an email or phone (/emailMobileSetting → /verifyPassword → /setEmailMobile →
 * /setEmailMobileSuccess): the password first (a 10-minute proof; 5 wrong ones per 15 minutes, shared with
 * changing the password), then a code to the new email or phone, then the binding, only once the code is right.
 * An email or phone is bound to one account at most.
 */
export class Binding {
  constructor(private readonly services: Services) {}

  async verifyPassword(auth: AuthSession, password: string): Promise<PasswordProof> {
    const { db, clock } = this.services;
    await checkOwnPassword(this.services, auth, password, AccountSecurityTexts.PasswordWrong);
    const proof = randomBytes(24).toString('base64url');
    const now = clock.now();
    await insertPasswordProof(db, { id: proof, uid: auth.user.id, expiresAt: new Date(now + PROOF_LIFETIME_MS) }, new Date(now));
    return { proof, expiresInMs: PROOF_LIFETIME_MS };
  }

  async sendCode(auth: AuthSession, input: BindInput, address: string): Promise<CodeSent> {
    const { clock, verification } = this.services;
    const now = clock.now();
    await this.checkProof(auth, input.proof, now);
    const target = targetOf(input);
    await this.checkFree(auth, target);
    await issueAndSendCode(
      verification,
      { purpose: target.channel === 'email' ? 'bind_email' : 'bind_phone', channel: target.channel, to: target.key, subject: '奇遇视频绑定验证码', doing: `为奇遇视频账号绑定${target.channel === 'email' ? '邮箱' : '手机'}` },
      address,
      now,
    );
    const masked = target.channel === 'email' ? maskText(target.email, { email: true }) : `+${target.areaCode} ${maskText(target.phone)}`;
    return { masked, resendAfterMs: VerificationRules.resendAfterMs };
  }

  async bind(auth: AuthSession, input: BindInput & { code: string }): Promise<Bindings> {
    const { db, clock, verification, sessions, realtime } = this.services;
    const now = clock.now();
    await this.checkProof(auth, input.proof, now);
    const target = targetOf(input);
    await this.checkFree(auth, target);
    const outcome = await verification.codes.check(target.channel === 'email' ? 'bind_email' : 'bind_phone', target.key, input.code, now);
    refuseUnlessRight(outcome);
    // Bound only while no other account has it (two accounts racing for one email: one gets it).
    const row = target.channel === 'email'
      ? await bindEmail(db, auth.user.id, target.email)
      : await bindPhone(db, auth.user.id, target.phone, target.areaCode);
    if (!row) throw new ApiError(Ret.TargetTaken, target.channel === 'email' ? AccountSecurityTexts.EmailTaken : AccountSecurityTexts.PhoneTaken);
    await sessions.cache?.changed({ uid: auth.user.id });
    realtime.userChanged(auth.user.id);
    return { email: row.email, phone: row.phone, AreaCode: row.area_code };
  }

  private async checkProof(auth: AuthSession, proof: string, now: number): Promise<void> {
    if (!(await isPasswordProofOpen(this.services.db, proof, auth.user.id, new Date(now)))) throw new ApiError(Ret.ProofExpired, AccountSecurityTexts.ProofExpired);
  }

  private async checkFree(auth: AuthSession, target: Target): Promise<void> {
    const user = auth.user;
    if (target.channel === 'email' ? user.email.toLowerCase() === target.email : user.phone === target.phone && user.areaCode === target.areaCode) {
      throw new ApiError(Ret.TargetSame, AccountSecurityTexts.TargetSame);
    }
    const taken = target.channel === 'email'
      ? await emailBoundElsewhere(this.services.db, user.id, target.email)
      : await phoneBoundElsewhere(this.services.db, user.id, target.phone, target.areaCode);
    if (taken) throw new ApiError(Ret.TargetTaken, target.channel === 'email' ? AccountSecurityTexts.EmailTaken : AccountSecurityTexts.PhoneTaken);
  }
}
