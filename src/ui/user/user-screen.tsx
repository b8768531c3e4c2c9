import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, LevelIcon, SexIcon } from '../common/display.tsx';
import { UserModel } from './user-view-model.ts';
import { badgeText } from '../../core/messaging/message.ts';
import { useUnreadCount } from '../messaging/use-messaging.ts';
import './user.css';

export const UserScreen = observer(function UserScreen() {
  const vm = useViewModel(UserModel);
  const unread = badgeText(useUnreadCount());
  useEffect(() => {
    void vm.shown();
  }, [vm]);
  return (
    <div className="page user-page">
      <section className="user-header" data-testid="user-header">
        <Avatar src={vm.avatar} vipLevel={vm.vipLevel} size={64} />
        <div className="user-header__text">
          {vm.loggedIn ? (
            <div className="user-header__line">
              <h2 className="user-header__name" data-testid="nickname">{vm.nickName}</h2>
              {vm.gender !== null && <SexIcon sex={vm.gender} />}
              <LevelIcon level={vm.level} />
            </div>
          ) : (
            <button type="button" className="user-header__login" onClick={vm.loginTapped}>
              登录/注册
            </button>
          )}
          <p className="user-header__sub">{vm.idText}</p>
          {vm.vipText && <p className="user-header__vip" data-testid="vip-line">{vm.vipText}</p>}
        </div>
      </section>
      <nav className="user-entries" aria-label="我的">
        {vm.entries.map((entry) => (
          <button key={entry.path} type="button" className="user-entry" data-testid={entry.testId} onClick={() => vm.entryTapped(entry.path)}>
            <span>{entry.label}</span>
            {entry.path === '/message' && unread && vm.loggedIn ? <span className="unread-badge" data-testid="message-badge">{unread}</span> : <span className="user-entry__arrow" aria-hidden="true">›</span>}
          </button>
        ))}
      </nav>
      {vm.loggedIn && (
        <button type="button" className="secondary-button" onClick={() => void vm.logoutTapped()}>
          退出登录
        </button>
      )}
    </div>
  );
});
