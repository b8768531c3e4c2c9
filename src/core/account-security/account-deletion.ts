import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { AccountSecurityCalls, type CodeChannel } from './account-security-protocol.ts';
import { resendInSeconds, sentAtOfRefusal } from './code-resend.ts';
import { isWellFormedCode, VerificationRules } from './verification-rules.ts';

export type DeletionOutcome = { ok: true } | { ok: false; message: string };

const messageOf = (error: unknown): string => (error instanceof ApiError ? error.msg : '操作失败，请稍后再试');

/**
 * 注销账号 as the app does it: a code to the bound email or phone when there is one (60 s between sends), then the
 * password and the code; once the server deleted the account, the app forgets the user.
 */
export class AccountDeletionFlow {
  private sentAt = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly session: Pick<UserSession, 'clear'>,
    private readonly now: () => number,
  ) {}

  resendIn(): number {
    return resendInSeconds(this.sentAt, this.now());
  }

  async sendCode(channel: CodeChannel): Promise<DeletionOutcome> {
    try {
      await this.api.request(AccountSecurityCalls.sendDeleteCode, { channel }, { notice: true });
      this.sentAt = this.now();
      return { ok: true };
    } catch (error) {
      this.sentAt = sentAtOfRefusal(error, this.now()) ?? this.sentAt;
      return { ok: false, message: messageOf(error) };
    }
  }

  /** `channel` null: nothing is bound, the password alone. */
  async delete(password: string, channel: CodeChannel | null, code: string): Promise<DeletionOutcome> {
    if (password === '') return { ok: false, message: '请输入密码' };
    if (channel !== null && !isWellFormedCode(code.trim())) return { ok: false, message: `请输入${VerificationRules.digits}位数字验证码` };
    try {
      await this.api.request(AccountSecurityCalls.deleteAccount, channel === null ? { password } : { password, channel, code: code.trim() }, { notice: true });
      this.session.clear();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }
}
