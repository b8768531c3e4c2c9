import { makeAutoObservable } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { DEFAULT_AVATAR } from '../../core/display/icons.ts';

export const UserTexts = {
  notLoggedIn: '未登录',
  loginPrompt: '登录后可同步观看记录、开通VIP',
  openVip: '开通VIP享受特权',
  logoutConfirm: '确定要退出登录吗？',
  loggedOut: '已退出登录',
} as const;

/** The account tab: who is logged in, or the way to log in. */
export class UserViewModel {
  constructor(
    private readonly session: SessionModel,
    private readonly sessions: Pick<SessionService, 'logOut'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get nickName(): string {
    const user = this.session.user;
    return user ? user.nickName || user.userNameRaw || `用户${user.id}` : UserTexts.notLoggedIn;
  }

  get avatar(): string {
    return this.session.user?.avatar || DEFAULT_AVATAR;
  }

  get vipLevel(): number {
    return this.session.user?.vipLevel ?? 0;
  }

  get idText(): string {
    const user = this.session.user;
    return user ? `ID：${user.id}` : UserTexts.loginPrompt;
  }

  get vipText(): string {
    const user = this.session.user;
    if (!user) return '';
    return user.vipLevel > 0 && user.eDate ? `VIP到期：${user.eDate}` : UserTexts.openVip;
  }

  loginTapped(): void {
    this.navigator.push('/login', { redirect: '/user' });
  }

  async logoutTapped(): Promise<void> {
    const confirmed = await this.notifier.confirm({ message: UserTexts.logoutConfirm, confirmText: '退出', cancelText: '取消' });
    if (!confirmed) return;
    await this.sessions.logOut();
    this.notifier.toast(UserTexts.loggedOut, { durationMs: 1000, position: 'bottom' });
  }
}
