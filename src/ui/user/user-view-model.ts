import { makeAutoObservable } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { DEFAULT_AVATAR } from '../../core/display/icons.ts';
import type { Gender } from '../../core/account/profile-rules.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { UserTexts } from './user-texts.ts';

/** The account tab's entries (some open screens of other features). */
export const USER_ENTRIES: readonly { label: string; path: string; testId: string; needsLogin?: boolean }[] = [
  { label: '编辑资料', path: '/editInfo', testId: 'entry-edit-info', needsLogin: true },
  { label: '消息', path: '/message', testId: 'entry-message', needsLogin: true },
  { label: '签到', path: '/signIn', testId: 'entry-sign-in' },
  { label: '我的金币', path: '/myGold', testId: 'entry-gold', needsLogin: true },
  { label: '任务中心', path: '/taskCenter', testId: 'entry-task-center', needsLogin: true },
  { label: '我的等级', path: '/myLevel', testId: 'entry-my-level', needsLogin: true },
  { label: '邀请好友', path: '/invitation', testId: 'entry-invitation', needsLogin: true },
  { label: '我的动态', path: '/myDynamic', testId: 'entry-my-dynamic', needsLogin: true },
  { label: '关注动态', path: '/moreFocus', testId: 'entry-more-focus', needsLogin: true },
  { label: '投票管理', path: '/voteManage', testId: 'entry-vote-manage', needsLogin: true },
  { label: '观看记录', path: '/historicalRecords', testId: 'entry-history' },
  { label: '我的收藏', path: '/myCollection', testId: 'entry-collection' },
  { label: '求片', path: '/seekingMovies', testId: 'entry-seeking-movies', needsLogin: true },
  { label: '设置', path: '/settings', testId: 'entry-settings' },
  { label: '帮助中心', path: '/help', testId: 'entry-help' },
];

/** The account tab: who is logged in, or the way to log in. */
export class UserViewModel {
  constructor(
    private readonly session: SessionModel,
    private readonly sessions: Pick<SessionService, 'logOut' | 'refreshUserInfo'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The page is shown: a logged-in user is read again from the server (GetUserInfo), so it is fresh on each show. */
  async shown(): Promise<void> {
    if (this.loggedIn) await this.sessions.refreshUserInfo();
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

  /** 1 to 8 for a user, 0 (no icon) for a visitor. */
  get level(): number {
    return this.session.user?.level ?? 0;
  }

  /** null when the user gave none (no sex icon) or for a visitor. */
  get gender(): Gender | null {
    return this.session.user?.gender ?? null;
  }

  get entries(): typeof USER_ENTRIES {
    return USER_ENTRIES;
  }

  /** Opens an entry; one that needs a login sends a visitor to /login first, coming back after. */
  entryTapped(path: string): void {
    const entry = USER_ENTRIES.find((candidate) => candidate.path === path);
    if (entry?.needsLogin && !this.loggedIn) this.navigator.push('/login', { redirect: path });
    else this.navigator.push(path);
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

/** /user's view-model, bound by the composition root (account-screen-bindings.ts). */
export const UserModel = viewModelToken<UserViewModel>('UserViewModel');
