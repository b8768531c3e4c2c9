import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListedUser } from '../../core/shared-kernel/listed-user.ts';
import { SocialLimits } from '../../core/social/social-rules.ts';
import { SocialTexts, SocialUiTexts } from '../../core/social/social-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar } from '../common/display.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { FollowButton } from './follow-button.tsx';
import {
  BlacklistModel,
  ChatSetModel,
  ComplaintModel,
  UserListModel,
  userIdFrom,
  userListKindOf,
  type UserListPageKind,
} from './social-view-models.ts';
import './social.css';

/** One user in a list: avatar (opens the space), name, introduction and an action on the right. */
function UserRow({ user, action }: { user: ListedUser; action: React.ReactNode }) {
  return (
    <div className="user-row" data-testid="user-row" data-uid={user.userId}>
      <Avatar src={user.avatar} uid={user.userId} bigV={user.bigV} kefu={user.kefu} vipLevel={user.vipLevel} size={44} />
      <div className="user-row__text">
        <p className="user-row__name">{user.nickName}</p>
        {user.introduce && <p className="user-row__intro">{user.introduce}</p>}
      </div>
      <div className="user-row__action">{action}</div>
    </div>
  );
}

/** /chatSet?toUid — the chat partner's settings. */
export const ChatSetScreen = observer(function ChatSetScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(ChatSetModel, { uid: userIdFrom(search.get('toUid') ?? undefined) });
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  const user = vm.user;
  return (
    <div className="page chat-set-page">
      <NavBar title="聊天设置" />
      {vm.status === 'loading' && <LoadingState />}
      {vm.status === 'failed' && <ErrorState onRefresh={() => void vm.load()} />}
      {vm.status === 'missing' && <div className="list-state list-state--empty">{SocialUiTexts.userMissing}</div>}
      {vm.status === 'ready' && user && (
        <>
          <section className="chat-set-user" data-testid="chat-set-user">
            <Avatar src={user.avatar} bigV={user.bigV} kefu={user.kefu} vipLevel={user.vipLevel} size={56} />
            <p className="chat-set-user__name">{user.nickName}</p>
          </section>
          <div className="social-rows">
            <button type="button" className="social-row" onClick={vm.viewSpaceTapped}>
              <span>{SocialUiTexts.viewSpace}</span>
              <span className="social-row__arrow" aria-hidden="true">›</span>
            </button>
            <button
              type="button"
              className={`social-row ${vm.blocked ? 'social-row--active' : ''}`}
              aria-pressed={vm.blocked}
              disabled={vm.saving}
              onClick={() => void vm.blockTapped()}
            >
              <span>{vm.blockText}</span>
              <span className="social-row__arrow" aria-hidden="true">›</span>
            </button>
            <button type="button" className="social-row" onClick={vm.reportTapped}>
              <span>{SocialUiTexts.report}</span>
              <span className="social-row__arrow" aria-hidden="true">›</span>
            </button>
          </div>
        </>
      )}
    </div>
  );
});

/** /complaint?uid — report a user. */
export const ComplaintScreen = observer(function ComplaintScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(ComplaintModel, { uid: userIdFrom(search.get('uid') ?? undefined) });
  useEffect(() => vm.opened(), [vm]);
  if (vm.uid === null) {
    return (
      <div className="page complaint-page">
        <NavBar title={SocialUiTexts.report} />
        <div className="list-state list-state--empty">{SocialUiTexts.userMissing}</div>
      </div>
    );
  }
  return (
    <div className="page complaint-page">
      <NavBar title={SocialUiTexts.report} />
      <fieldset className="complaint-reasons">
        <legend className="complaint-title">{SocialUiTexts.reasonTitle}</legend>
        {vm.reasons.map((reason) => (
          <label key={reason} className={`complaint-reason ${vm.reason === reason ? 'complaint-reason--chosen' : ''}`}>
            <input type="radio" name="reason" value={reason} checked={vm.reason === reason} onChange={() => vm.reasonChosen(reason)} />
            <span>{reason}</span>
          </label>
        ))}
      </fieldset>
      <div className="complaint-form">
        <label className="complaint-title" htmlFor="complaint-content">{SocialUiTexts.descriptionTitle}</label>
        <textarea
          id="complaint-content"
          className="account-input account-textarea"
          placeholder={SocialUiTexts.descriptionPlaceholder}
          value={vm.content}
          maxLength={SocialLimits.reportContentMax * 2}
          onChange={(event) => vm.contentChanged(event.target.value)}
        />
        <p className={`account-counter ${vm.tooLong ? 'account-counter--over' : ''}`}>{vm.counterText}</p>
        <button type="button" className="primary-button" disabled={!vm.canSubmit} onClick={() => void vm.submitTapped()}>
          {SocialUiTexts.submit}
        </button>
      </div>
    </div>
  );
});

/** /blacklist — whom I blocked. */
export const BlacklistScreen = observer(function BlacklistScreen() {
  const vm = useViewModel(BlacklistModel);
  useEffect(() => vm.opened(), [vm]);
  const render = (user: ListedUser) =>
    vm.removed.has(user.userId) ? null : (
      <UserRow
        key={user.userId}
        user={user}
        action={
          <button type="button" className="follow-button follow-button--blocked" disabled={vm.busy.has(user.userId)} onClick={() => void vm.unblockTapped(user)}>
            {SocialTexts.unblock}
          </button>
        }
      />
    );
  return (
    <div className="page blacklist-page">
      <NavBar title="黑名单" />
      {vm.loggedIn && (vm.allRemoved ? (
        <div className="list-state list-state--empty">{SocialUiTexts.blacklistEmpty}</div>
      ) : (
        <PagedListView model={vm.list} className="user-rows" render={render} emptyText={SocialUiTexts.blacklistEmpty} />
      ))}
    </div>
  );
});

const UserList = observer(function UserList({ kind }: { kind: UserListPageKind }) {
  const vm = useViewModel(UserListModel, { kind });
  useEffect(() => vm.opened(), [vm]);
  const render = (user: ListedUser) => <UserRow key={user.userId} user={user} action={<FollowButton uid={user.userId} initial={user} />} />;
  return (
    <div className={`page user-list-page user-list-page--${kind}`}>
      <NavBar title={vm.title} />
      {vm.loggedIn && <PagedListView model={vm.list} className="user-rows" render={render} emptyText={vm.emptyText} />}
    </div>
  );
});

/** /fansRecords — my fans, each with a follow-back button. */
export function FansRecordsScreen() {
  return <UserList kind="fans" />;
}

/** /userListPage?type=focus — whom I follow (default), each with its button to unfollow. */
export function UserListScreen() {
  const [search] = useSearchParams();
  return <UserList kind={userListKindOf(search.get('type') ?? undefined)} />;
}
