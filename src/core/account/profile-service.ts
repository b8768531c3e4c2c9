import type { Notifier } from '../ports/notifier.ts';
import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { User, UserInfoRefresher } from '../shared-kernel/user.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { AccountTexts } from './account-texts.ts';
import { AccountCalls } from './account-protocol.ts';
import { checkIntroduction, checkNickName, type Gender } from './profile-rules.ts';

export interface ProfileChange {
  nickName?: string;
  gender?: Gender;
  introduction?: string;
  avatar?: string;
}

export type SaveOutcome = { ok: true; user: User } | { ok: false; message: string };

const SAVE_FAILED = '保存失败，请重试';

/**
 * Edits the logged-in user's profile (POST /api/User/UpdateUserInfo, its parameters in the query string as the
 * spec has them) under the 正在加载 indicator.
 */
export class ProfileService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly notifier: Notifier,
    /** Reads the user again after a save (GetUserInfo), so what is stored is the server's fresh user. */
    private readonly sessions: UserInfoRefresher,
  ) {}

  /** The first local problem with a change, or ''. */
  check(change: ProfileChange): string {
    if (change.nickName !== undefined) {
      const problem = checkNickName(change.nickName);
      if (problem) return problem;
    }
    if (change.introduction !== undefined) return checkIntroduction(change.introduction);
    return '';
  }

  /**
   * Checks, saves and stores the user the server answers (so every screen shows the change), then reads the
   * user again with GetUserInfo (under the same indicator; the saved answer stays if that fails). Server
   * refusals are toasted by the request layer; the outcome carries their message too.
   */
  async save(change: ProfileChange): Promise<SaveOutcome> {
    const problem = this.check(change);
    if (problem) return { ok: false, message: problem };
    if (!this.session.user()) return { ok: false, message: '请先登录' };
    const fields: { nickName?: string; gender?: string; introduction?: string; avatar?: string } = {};
    if (change.nickName !== undefined) fields.nickName = change.nickName.trim();
    if (change.gender !== undefined) fields.gender = String(change.gender);
    if (change.introduction !== undefined) fields.introduction = change.introduction.trim();
    if (change.avatar !== undefined) fields.avatar = change.avatar;
    const close = this.notifier.loading(AccountTexts.loading);
    try {
      const user = await this.api.request(AccountCalls.updateProfile, fields, { notice: true });
      if (!user) return { ok: false, message: SAVE_FAILED };
      this.session.signedIn(user);
      const fresh = await this.sessions.refreshUserInfo();
      return { ok: true, user: fresh ?? user };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.msg : SAVE_FAILED };
    } finally {
      close();
    }
  }
}
