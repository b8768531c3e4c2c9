import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ConversationListModel, MessageCentreModel, SystemMessageDetailModel, SystemMessagesModel } from './message-view-models.ts';
import './messaging.css';

/** /privateMessage: the conversations. */
export const PrivateMessageScreen = observer(function PrivateMessageScreen() {
  const vm = useViewModel(ConversationListModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page">
      <NavBar title="私信" />
      <PagedListView
        model={vm.list}
        emptyText="暂无私信"
        render={(row) => (
          <div key={row.uid} className="conversation" data-testid="conversation" role="button" tabIndex={0} onClick={() => vm.conversationTapped(row)}>
            <Avatar src={row.avatar} kefu={row.kefu} bigV={row.bigV} vipLevel={row.vipLevel} size={44} />
            <div className="conversation__main">
              <div className="conversation__top">
                <span className="conversation__name">{row.nickName}</span>
              </div>
              <div className="conversation__last">{row.last}</div>
            </div>
            <div className="conversation__side">
              {row.time !== null && <TimeLabel time={row.time} />}
              {row.badge && (
                <span className="unread-badge" data-testid="unread-badge">
                  {row.badge}
                </span>
              )}
            </div>
          </div>
        )}
      />
    </div>
  );
});

/** /message: 私信, 系统消息 and 粉丝 with their counts. */
export const MessageScreen = observer(function MessageScreen() {
  const vm = useViewModel(MessageCentreModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page">
      <NavBar title="消息" />
      {vm.entries.map((entry) => (
        <button key={entry.path} type="button" className="message-entry" data-testid={entry.testId} onClick={() => vm.entryTapped(entry.path)}>
          <span>
            {entry.label}
            {entry.sub && <span className="message-entry__sub">{entry.sub}</span>}
          </span>
          {entry.badge ? <span className="unread-badge">{entry.badge}</span> : <span aria-hidden="true">›</span>}
        </button>
      ))}
    </div>
  );
});

/** /systemMessage: the system messages. */
export const SystemMessageScreen = observer(function SystemMessageScreen() {
  const vm = useViewModel(SystemMessagesModel);
  return (
    <div className="page">
      <NavBar title="系统消息" />
      <PagedListView
        model={vm.list}
        emptyText="暂无系统消息"
        render={(message) => (
          <button key={message.id} type="button" className={message.read ? 'system-message' : 'system-message system-message--unread'} data-testid="system-message" onClick={() => vm.messageTapped(message)}>
            <div className="system-message__title">{message.title}</div>
            <div className="system-message__content">{message.content}</div>
            <TimeLabel time={message.createdAt} />
          </button>
        )}
      />
    </div>
  );
});

/** /systemMessageDetail?id=: one system message. */
export const SystemMessageDetailScreen = observer(function SystemMessageDetailScreen() {
  const [query] = useSearchParams();
  const vm = useViewModel(SystemMessageDetailModel, { id: query.get('id') });
  useEffect(() => void vm.opened(), [vm]);
  return (
    <div className="page">
      <NavBar title={vm.message?.title || '消息详情'} />
      {vm.failed && <div className="list-state list-state--empty">消息不存在</div>}
      {vm.message && (
        <article className="system-detail" data-testid="system-message-detail">
          <h2>{vm.message.title}</h2>
          <TimeLabel time={vm.message.createdAt} />
          <p>{vm.message.content}</p>
        </article>
      )}
    </div>
  );
});
