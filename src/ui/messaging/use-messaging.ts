import { useSyncExternalStore } from 'react';
import { UnreadCounter } from '../../core/messaging/unread-counter.ts';
import { useContainer } from '../app/container-context.tsx';

/** The unread message count (account tab, 消息 entry), kept in step with arrivals and reads. */
export function useUnreadCount(): number {
  const counter = useContainer().get(UnreadCounter);
  return useSyncExternalStore(
    (onChange) => counter.subscribe(onChange),
    () => counter.value(),
  );
}
