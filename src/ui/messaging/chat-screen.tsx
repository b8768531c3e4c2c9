import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MessageType } from '../../core/messaging/message.ts';
import { MessagingTexts } from '../../core/messaging/messaging-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ChatModel, orderNoteLines } from './chat-view-model.ts';
import { CusServiceNotice } from './cus-service-notice.tsx';
import './messaging.css';

/**
 * /chat. The chat is opened anew (a new view-model, the history loaded again) when its partner (`toUid`) or the
 * query's `refresh` changes while the page stays mounted: a tap on a message tip or a conversation from inside a
 * chat, or a link that passes a new `refresh` value to reload the same chat.
 */
export function ChatScreen() {
  const [query] = useSearchParams();
  return <ChatPage key={`${query.get('toUid') ?? ''}\n${query.get('refresh') ?? ''}`} />;
}

const ChatPage = observer(function ChatPage() {
  const [query] = useSearchParams();
  const vm = useViewModel(ChatModel, { query });
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => vm.opened(), [vm]);
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [vm.appendSeq]);

  const onScroll = async () => {
    const el = list.current;
    if (!el) return;
    const fromBottom = el.scrollHeight - el.scrollTop;
    if (await vm.scrolled(el.scrollTop)) {
      // Keep the message in view that was at the top before the older page arrived.
      requestAnimationFrame(() => {
        if (list.current) list.current.scrollTop = list.current.scrollHeight - fromBottom;
      });
    }
  };

  return (
    <div className="page chat-page">
      <NavBar
        title={vm.title}
        right={
          <button type="button" className="more-button" aria-label="聊天设置" onClick={vm.moreTapped}>
            ⋯
          </button>
        }
      />
      <CusServiceNotice partnerUid={vm.query.toUid} />
      {vm.orderCard && (
        <section className="chat-order" data-testid="order-card">
          {vm.orderCard.map((row) => (
            <div key={row.label} className="chat-order__row">
              <span>{row.label}</span>
              <span>{row.value}</span>
            </div>
          ))}
          <button type="button" disabled={vm.sending} onClick={() => void vm.sendOrderTapped()}>
            {MessagingTexts.sendOrder}
          </button>
        </section>
      )}
      <div className="chat-list" ref={list} onScroll={() => void onScroll()} data-testid="chat-list">
        {vm.loadingOlder && <div className="chat-older">加载中...</div>}
        {vm.failed && <div className="chat-older">加载失败</div>}
        {vm.messages.map((message) => {
          const mine = vm.isMine(message);
          const classes = ['chat-message', mine ? 'chat-message--mine' : '', message.type === MessageType.Notice ? 'chat-message--notice' : ''].filter(Boolean).join(' ');
          return (
            <div key={message.id} className={classes} data-testid="chat-message" data-id={message.id}>
              <Avatar src={message.avatar} kefu={message.kefu} uid={mine ? undefined : message.fromUid} size={36} />
              <div className="chat-message__bubble">
                {message.type === MessageType.OrderNote ? orderNoteLines(message.content).map((line) => <div key={line}>{line}</div>) : message.content}
                <div className="chat-message__time">
                  <TimeLabel time={message.createdAt} />
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <form
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          void vm.sendTapped();
        }}
      >
        <input value={vm.draft} placeholder="发个消息吧~" maxLength={500} onChange={(event) => vm.draftChanged(event.target.value)} />
        <button type="submit" disabled={!vm.canSend}>
          发送
        </button>
      </form>
    </div>
  );
});
