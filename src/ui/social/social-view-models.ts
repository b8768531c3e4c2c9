import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { ListedUser } from '../../core/shared-kernel/listed-user.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import { BlockStatus, REPORT_REASONS, type ReportReason } from '../../core/social/social-protocol.ts';
import { SocialLimits, SocialPaths, textLength } from '../../core/social/social-rules.ts';
import { SocialTexts, SocialUiTexts } from '../../core/social/social-texts.ts';
import type { SocialService, UserListKind } from '../../core/social/social-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

/** A user id from a route parameter or query value (positive integer), else null. */
export function userIdFrom(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The space header's 私信 button: hidden for oneself, a visitor goes to /login, else the chat with that user. */
export class SpaceActionsViewModel {
  constructor(
    private readonly session: SessionModel,
    private readonly navigator: Navigator,
    readonly uid: number,
  ) {
    makeAutoObservable<SpaceActionsViewModel, 'session' | 'navigator'>(this, { session: false, navigator: false }, { autoBind: true });
  }

  get messageVisible(): boolean {
    return this.session.user?.id !== this.uid;
  }

  messageTapped(partner: { nickName: string; avatar: string }): void {
    if (!this.session.loggedIn) {
      this.navigator.push(SocialPaths.login, { redirect: returnAddress(this.navigator.current()) });
      return;
    }
    this.navigator.push('/chat', { toUid: String(this.uid), nickName: partner.nickName, avatar: partner.avatar });
  }
}

/** Sends a visitor to /login with the current page as the return target (replacing, as the login guard does). */
function guardLogin(session: SessionModel, navigator: Navigator): boolean {
  if (session.loggedIn) return true;
  navigator.replace(SocialPaths.login, { redirect: returnAddress(navigator.current()) });
  return false;
}

const confirmUnblock = (notifier: Notifier) =>
  notifier.confirm({ title: SocialTexts.unblockTitle, message: SocialTexts.unblockMessage, confirmText: SocialTexts.confirm, cancelText: SocialTexts.cancel });

/** /chatSet?toUid: the partner, 查看主页, the block control (confirmed either way) and 举报. */
export class ChatSetViewModel {
  user: ListedUser | null = null;
  status: 'loading' | 'ready' | 'missing' | 'failed' = 'loading';
  saving = false;

  constructor(
    private readonly deps: { session: SessionModel; service: SocialService; navigator: Navigator; notifier: Notifier },
    readonly uid: number | null,
  ) {
    makeAutoObservable<ChatSetViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get blocked(): boolean {
    return this.user?.isBlackList === 1;
  }

  get blockText(): string {
    return this.blocked ? SocialTexts.unblock : SocialTexts.block;
  }

  async load(): Promise<void> {
    if (!guardLogin(this.deps.session, this.deps.navigator)) return;
    if (this.uid === null) {
      this.status = 'missing';
      return;
    }
    this.status = 'loading';
    try {
      const user = await this.deps.service.relation(this.uid, { suppressTips: true });
      runInAction(() => {
        this.user = user;
        this.status = user ? 'ready' : 'missing';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  viewSpaceTapped(): void {
    if (this.uid !== null) this.deps.navigator.push(`/space/${this.uid}`);
  }

  reportTapped(): void {
    if (this.uid !== null) this.deps.navigator.push('/complaint', { uid: String(this.uid) });
  }

  async blockTapped(): Promise<void> {
    const user = this.user;
    if (!user || this.saving) return;
    const unblocking = user.isBlackList === 1;
    const yes = unblocking
      ? await confirmUnblock(this.deps.notifier)
      : await this.deps.notifier.confirm({
        title: SocialTexts.blockTitle,
        message: SocialTexts.blockMessage,
        confirmText: SocialTexts.confirm,
        cancelText: SocialTexts.cancel,
      });
    if (!yes) return;
    this.saving = true;
    try {
      const status = await this.deps.service.setBlocked(user.userId, unblocking ? BlockStatus.Unblocked : BlockStatus.Blocked);
      runInAction(() => {
        // Blocking ends the follow; the server's status decides.
        this.user = { ...user, isBlackList: status, focusStatus: status === BlockStatus.Blocked ? 0 : user.focusStatus };
      });
    } catch {
      // The request layer showed the message; nothing changed.
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

/** /complaint?uid: one reason, an optional description (at most 200 characters), submit, the 已收到您的举报 dialog, back. */
export class ComplaintViewModel {
  reason: ReportReason | null = null;
  content = '';
  submitting = false;
  readonly reasons = REPORT_REASONS;

  constructor(
    private readonly deps: { session: SessionModel; service: Pick<SocialService, 'report'>; navigator: Navigator; notifier: Notifier },
    readonly uid: number | null,
  ) {
    makeAutoObservable<ComplaintViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get counterText(): string {
    return `${textLength(this.content)}/${SocialLimits.reportContentMax}`;
  }

  get tooLong(): boolean {
    return textLength(this.content) > SocialLimits.reportContentMax;
  }

  get canSubmit(): boolean {
    return this.uid !== null && this.reason !== null && !this.tooLong && !this.submitting;
  }

  opened(): void {
    guardLogin(this.deps.session, this.deps.navigator);
  }

  reasonChosen(reason: ReportReason): void {
    this.reason = reason;
  }

  contentChanged(text: string): void {
    this.content = text;
  }

  async submitTapped(): Promise<void> {
    if (this.uid === null || this.submitting) return;
    if (!guardLogin(this.deps.session, this.deps.navigator)) return;
    this.submitting = true;
    const outcome = await this.deps.service.report(this.uid, this.reason, this.content);
    runInAction(() => (this.submitting = false));
    if (outcome.kind === 'invalid') {
      this.deps.notifier.toast(outcome.message, { durationMs: SocialLimits.defaultToastMs, position: 'bottom' });
      return;
    }
    if (outcome.kind === 'failed') return;
    await this.deps.notifier.alert({ title: SocialTexts.reportDoneTitle, message: SocialTexts.reportDoneMessage, confirmText: SocialTexts.reportDoneButton });
    this.deps.navigator.back();
  }
}

/** /blacklist: blocked users, each with 移出黑名单 (asked with 取消拉黑 first); removed rows disappear. */
export class BlacklistViewModel {
  readonly list: PagedListModel<ListedUser>;
  removed = new Set<number>();
  busy = new Set<number>();

  constructor(private readonly deps: { session: SessionModel; service: SocialService; navigator: Navigator; notifier: Notifier }) {
    this.list = new PagedListModel((page, size) => deps.service.list('blacklist', page, size), SocialLimits.defaultPageSize);
    makeAutoObservable<BlacklistViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.deps.session.loggedIn;
  }

  opened(): void {
    guardLogin(this.deps.session, this.deps.navigator);
  }

  get allRemoved(): boolean {
    return this.list.items.length > 0 && this.list.items.every((user) => this.removed.has(user.userId));
  }

  async unblockTapped(user: ListedUser): Promise<void> {
    if (this.busy.has(user.userId)) return;
    if (!(await confirmUnblock(this.deps.notifier))) return;
    this.busy.add(user.userId);
    try {
      const status = await this.deps.service.setBlocked(user.userId, BlockStatus.Unblocked);
      runInAction(() => {
        if (status === BlockStatus.Unblocked) this.removed.add(user.userId);
      });
    } catch {
      // Toasted by the request layer.
    } finally {
      runInAction(() => this.busy.delete(user.userId));
    }
  }
}

export type UserListPageKind = Extract<UserListKind, 'fans' | 'focus'>;

/** /fansRecords (my fans, with a follow-back button) and /userListPage?type=focus (whom I follow, to unfollow). */
export class UserListViewModel {
  readonly list: PagedListModel<ListedUser>;

  constructor(
    private readonly deps: { session: SessionModel; service: SocialService; navigator: Navigator },
    readonly kind: UserListPageKind,
  ) {
    this.list = new PagedListModel((page, size) => deps.service.list(kind, page, size), SocialLimits.defaultPageSize);
    makeAutoObservable<UserListViewModel, 'deps'>(this, { deps: false, list: false }, { autoBind: true });
  }

  get title(): string {
    return this.kind === 'fans' ? SocialUiTexts.fansTitle : SocialUiTexts.focusTitle;
  }

  get emptyText(): string {
    return this.kind === 'fans' ? SocialUiTexts.fansEmpty : SocialUiTexts.focusEmpty;
  }

  get loggedIn(): boolean {
    return this.deps.session.loggedIn;
  }

  opened(): void {
    guardLogin(this.deps.session, this.deps.navigator);
  }
}

/** /userListPage's type query: focus (default) or fans. */
export function userListKindOf(type: string | undefined): UserListPageKind {
  return type === 'fans' ? 'fans' : 'focus';
}

// The social screens' view-models, bound by the composition root (social-bindings.ts).
export const SpaceActionsModel = viewModelToken<SpaceActionsViewModel, { uid: number }>('SpaceActionsViewModel');
/** `uid`: the chat partner (?toUid=), null when the query is no user id. */
export const ChatSetModel = viewModelToken<ChatSetViewModel, { uid: number | null }>('ChatSetViewModel');
/** `uid`: whom to report (?uid=), null when the query is no user id. */
export const ComplaintModel = viewModelToken<ComplaintViewModel, { uid: number | null }>('ComplaintViewModel');
export const BlacklistModel = viewModelToken<BlacklistViewModel>('BlacklistViewModel');
export const UserListModel = viewModelToken<UserListViewModel, { kind: UserListPageKind }>('UserListViewModel');
