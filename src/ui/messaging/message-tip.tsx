import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_AVATAR } from '../../core/display/icons.ts';
import { TIP_MAX_AVATARS, tipCountText, type TipsState } from '../../core/messaging/message-tips.ts';
import { useViewModel } from '../app/container-context.tsx';
import { MessageTipModel, type MessageTipViewModel } from './message-tip-view-model.ts';
import './messaging.css';

/**
 * The message tip popup on every page (spec: private message arrival), and the messaging connection's start:
 * mounted once by the shell, it follows the route so /privateMessage forces the popup hidden.
 */
export function MessageTip({ path }: { path: string }) {
  const vm = useViewModel(MessageTipModel);
  const state = useTipsState(vm);

  useEffect(() => vm.connect(), [vm]);

  useEffect(() => vm.routeChanged(path), [vm, path]);

  if (!state.visible || state.count === 0) return null;
  const [first] = state.senders;
  const several = state.senders.length > 1;
  return (
    <div className="message-tip" data-testid="message-tip" role="status">
      <button type="button" className="message-tip__body" onClick={() => vm.tapped()}>
        <span className="message-tip__avatars">
          {state.senders.slice(0, TIP_MAX_AVATARS).map((sender) => (
            <img key={sender.uid} className="message-tip__avatar" src={sender.avatar || DEFAULT_AVATAR} alt={sender.nickname} width={32} height={32} />
          ))}
        </span>
        <span className="message-tip__text">
          <span className="message-tip__who">{several ? `${state.senders.length}位用户` : first?.nickname}</span>
          <span className="message-tip__count">{tipCountText(state.count)}</span>
        </span>
      </button>
      <button type="button" className="message-tip__close" aria-label="关闭消息提示" onClick={() => vm.closeTapped()}>
        ×
      </button>
    </div>
  );
}

function useTipsState(vm: MessageTipViewModel): TipsState {
  // MessageTips gives out the same state object until it changes, as useSyncExternalStore needs.
  return useSyncExternalStore(vm.subscribe, vm.state);
}
