import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { isWellFormedCode, VerificationRules } from './verification-rules.ts';
import { AccountSecurityCalls, AccountSecurityRet, type CodeChannel, type RecoveryChannel } from './account-security-protocol.ts';
import { resendInSeconds, sentAtOfRefusal } from './code-resend.ts';

/** Where a recovery under way stands, kept in the session's storage so a reload keeps the place. */
export interface RecoveryState {
  account: string;
  ticket: string;
  channels: RecoveryChannel[];
  channel: CodeChannel | null;
  /** Unix ms of the last code sent (the resend countdown), or 0. */
  sentAt: number;
  /** The code was checked: a new password may be set. */
  verified: boolean;
}

export type RecoveryOutcome = { ok: true } | { ok: false; message: string };

const RecoveryTexts = {
  accountMissing: '请输入账号、邮箱或手机号',
  captchaMissing: '请输入图形验证码',
  codeMalformed: `请输入${VerificationRules.digits}位数字验证码`,
  passwordMissing: '请输入新密码',
  mismatch: '两次输入的密码不一致',
  failed: '操作失败，请稍后再试',
} as const;

const STORE_KEY = 'passwordRecovery';

function parseState(raw: string | null): RecoveryState | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<RecoveryState>;
    if (typeof value.account !== 'string' || typeof value.ticket !== 'string' || !Array.isArray(value.channels)) return null;
    return {
      account: value.account,
      ticket: value.ticket,
      channels: value.channels.filter((c): c is RecoveryChannel => (c?.channel === 'email' || c?.channel === 'sms') && typeof c.masked === 'string'),
      channel: value.channel === 'email' || value.channel === 'sms' ? value.channel : null,
      sentAt: typeof value.sentAt === 'number' ? value.sentAt : 0,
      verified: value.verified === true,
    };
  } catch {
    return null;
  }
}

const messageOf = (error: unknown): string => (error instanceof ApiError ? error.msg : RecoveryTexts.failed);

/**
 * Password recovery as the app walks it (/retrievePassword → /retrievePasswordImg → /retrievePasswordCode →
 * /resetPassword): the account typed, the captcha answered (a ticket and the masked channels come back), a code
 * sent and checked, the new password set. Each step's refusal comes back as its message (the request layer toasts
 * the server's); the place is kept in session storage, so a reload stays on the step.
 */
export class PasswordRecoveryFlow {
  private account = '';

  constructor(
    private readonly api: ApiClient,
    private readonly store: KeyValueStore,
    private readonly now: () => number,
  ) {}

  /** The recovery under way (a ticket was opened), or null. */
  state(): RecoveryState | null {
    return parseState(this.store.get(STORE_KEY));
  }

  /** The account typed on the first page (kept until the captcha opens a ticket). */
  typedAccount(): string {
    return this.account || this.state()?.account || '';
  }

  chooseAccount(account: string): RecoveryOutcome {
    const trimmed = account.trim();
    if (trimmed === '') return { ok: false, message: RecoveryTexts.accountMissing };
    this.account = trimmed;
    this.store.remove(STORE_KEY);
    return { ok: true };
  }

  async start(captchaId: string, captchaCode: string): Promise<RecoveryOutcome> {
    const account = this.typedAccount();
    if (account === '') return { ok: false, message: RecoveryTexts.accountMissing };
    if (captchaCode.trim() === '') return { ok: false, message: RecoveryTexts.captchaMissing };
    try {
      const started = await this.api.request(AccountSecurityCalls.startRecovery, { account, captchaId, captchaCode }, { notice: true });
      this.save({ account, ticket: started.ticket, channels: started.channels, channel: started.channels[0]?.channel ?? null, sentAt: 0, verified: false });
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  choose(channel: CodeChannel): void {
    const state = this.state();
    if (state && state.channels.some((each) => each.channel === channel)) this.save({ ...state, channel, sentAt: 0 });
  }

  /** Seconds until another code may be sent (0: now). */
  resendIn(): number {
    return resendInSeconds(this.state()?.sentAt ?? 0, this.now());
  }

  async sendCode(): Promise<RecoveryOutcome> {
    const state = this.state();
    if (!state?.channel) return { ok: false, message: RecoveryTexts.failed };
    try {
      await this.api.request(AccountSecurityCalls.sendRecoveryCode, { ticket: state.ticket, channel: state.channel }, { notice: true });
      this.save({ ...state, sentAt: this.now() });
      return { ok: true };
    } catch (error) {
      // Too soon: the countdown shows what is left.
      const sentAt = sentAtOfRefusal(error, this.now());
      if (sentAt !== null) this.save({ ...state, sentAt });
      return { ok: false, message: messageOf(error) };
    }
  }

  async checkCode(code: string): Promise<RecoveryOutcome> {
    const state = this.state();
    if (!state?.channel) return { ok: false, message: RecoveryTexts.failed };
    if (!isWellFormedCode(code.trim())) return { ok: false, message: RecoveryTexts.codeMalformed };
    try {
      await this.api.request(AccountSecurityCalls.checkRecoveryCode, { ticket: state.ticket, channel: state.channel, code: code.trim() }, { notice: true });
      this.save({ ...state, verified: true });
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  async reset(newPassword: string, confirm: string): Promise<RecoveryOutcome> {
    const state = this.state();
    if (!state?.verified) return { ok: false, message: RecoveryTexts.failed };
    if (newPassword === '') return { ok: false, message: RecoveryTexts.passwordMissing };
    if (newPassword !== confirm) return { ok: false, message: RecoveryTexts.mismatch };
    try {
      await this.api.request(AccountSecurityCalls.resetPassword, { ticket: state.ticket, newPassword }, { notice: true });
      this.store.remove(STORE_KEY);
      this.account = state.account;
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.ret === AccountSecurityRet.RecoveryExpired) this.store.remove(STORE_KEY);
      return { ok: false, message: messageOf(error) };
    }
  }

  private save(state: RecoveryState): void {
    this.store.set(STORE_KEY, JSON.stringify(state));
  }
}
