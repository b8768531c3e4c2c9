import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { AccountSecurityCalls } from './account-security-protocol.ts';

/** /setPassword's form. */
export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  /** The new password typed again. */
  confirm: string;
}

export type PasswordChangeOutcome = { ok: true; endedSessions: number } | { ok: false; message: string };

const PasswordChangeTexts = {
  oldMissing: '请输入原密码',
  newMissing: '请输入新密码',
  mismatch: '两次输入的新密码不一致',
  failed: '修改失败，请稍后再试',
} as const;

/**
 * Changing the signed-in user's password: what the form lacks is said before anything is sent; the server checks
 * the current password and the password rules (the request layer toasts its refusals, and the outcome carries
 * them for the form). The account's other sessions end on the server; this one stays.
 */
export class ChangePassword {
  constructor(private readonly api: ApiClient) {}

  async run(form: PasswordChangeForm): Promise<PasswordChangeOutcome> {
    if (form.oldPassword === '') return { ok: false, message: PasswordChangeTexts.oldMissing };
    if (form.newPassword === '') return { ok: false, message: PasswordChangeTexts.newMissing };
    if (form.newPassword !== form.confirm) return { ok: false, message: PasswordChangeTexts.mismatch };
    try {
      const changed = await this.api.request(AccountSecurityCalls.changePassword, { oldPassword: form.oldPassword, newPassword: form.newPassword }, { notice: true });
      return { ok: true, endedSessions: changed.endedSessions };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.msg : PasswordChangeTexts.failed };
    }
  }
}
